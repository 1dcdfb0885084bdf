import ArgumentParser
import BundleTools
import FileReading
import Foundation
import NavBundle
import NavFormat

/// `navforge occupancy BUNDLE --counts FILE [--devices-per-person N] [--write-conditions FILE]
/// [--json]`: crowd densities from Wi-Fi device counts, and the conditions they put on routes.
struct OccupancyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "occupancy",
        abstract: "Turn Wi-Fi device counts per access point into crowd densities and route conditions.",
        discussion: """
            --counts reads what a Wi-Fi controller exports: JSON (an object from BSSID to count, or \
            entries with bssid and devices, clients or count) or CSV (a header naming those columns). \
            Each access point's people (its devices over --devices-per-person) spread over the walkable \
            areas it serves, those nearest to it on its level, compiled into the bundle from the \
            inventory's positions or the survey (docs/crowds.md). A density becomes a walking speed by \
            Weidmann's fundamental diagram, and a slower speed a slow-down of the area's arcs; at 5.4 \
            people per square metre walkers stand still and the area is closed. --write-conditions \
            writes them as a conditions file for navforge route --conditions and every runtime.
            """)

    @Argument(help: "The bundle file (.navbundle).")
    var bundle: String

    @Option(help: ArgumentHelp("Devices counted per access point, as JSON or CSV.", valueName: "file"))
    var counts: String

    @Option(help: ArgumentHelp("Devices a person carries on average; counts are divided by it.", valueName: "number"))
    var devicesPerPerson = 1.0

    @Option(help: ArgumentHelp("Write the slow-downs and closures as a conditions file.", valueName: "file"))
    var writeConditions: String?

    @Flag(help: "Print the densities as JSON.")
    var json = false

    func validate() throws {
        guard devicesPerPerson > 0, devicesPerPerson.isFinite else { throw ValidationError("--devices-per-person must be above 0") }
    }

    func run() throws {
        let data: Data
        do {
            data = try FileContents.read(URL(fileURLWithPath: counts))
        } catch {
            throw CommandLineError.unreadable(path: counts, reason: error.localizedDescription)
        }
        let people = try CrowdCounts.read(data, file: counts, devicesPerPerson: devicesPerPerson)
        try CommandLineError.reading(bundle: bundle) {
            let venue = try VenueBundle(path: bundle)
            guard venue.hasCrowdMap else { throw CommandLineError.noCrowdMap(bundle: bundle) }
            let areas = try venue.crowd(counts: people)
            if let writeConditions {
                let text = try venue.crowdConditions(counts: people)
                do {
                    try Data(text.utf8).write(to: URL(fileURLWithPath: writeConditions), options: .atomic)
                } catch {
                    throw CommandLineError.output(path: writeConditions, reason: error.localizedDescription)
                }
            }
            let rows = try areas.map { try Row($0, in: venue) }
            if json { return try Console.json(rows) }
            let crowded = rows.filter { $0.people > 0 }.sorted { ($1.density, $0.outline) < ($0.density, $1.outline) }
            let known = Set(people.map { ScanReading.normalisedID($0.accessPoint) })
            Console.out("\(rows.count) walkable areas served by \(Set(rows.map(\.accessPoint)).count) access points; "
                        + "\(Set(crowded.map(\.accessPoint)).count) of the \(known.count) counted serve some")
            for row in crowded {
                let speed = row.walkingSpeed.map { "\(Int(($0 * 100).rounded())) % walking speed" } ?? "standing still: closed"
                Console.out("  \(row.label) (\(row.level)): \(String(format: "%.2f", row.density)) people/m², \(speed)")
            }
            if let writeConditions { Console.out("Conditions written to \(writeConditions).") }
        }
    }

    /// An area as the list and its JSON give it.
    struct Row: Encodable {
        var outline: Int
        var label: String
        var level: String
        var accessPoint: String
        var people: Int
        /// People per square metre.
        var density: Double
        /// The share of free walking speed left; nil where walkers stand still.
        var walkingSpeed: Double?
        /// The time factor in thousandths; nil when closed.
        var factorThousandths: UInt32?

        init(_ area: CrowdDensity, in venue: VenueBundle) throws {
            let outline = try venue.outline(area.outline)
            self.outline = area.outline
            label = outline.label ?? "outline \(area.outline)"
            level = try venue.level(area.level).displayName
            accessPoint = area.accessPoint
            people = area.people
            density = area.density
            factorThousandths = area.factorThousandths
            walkingSpeed = area.factorThousandths.map { 1000 / Double($0) }
        }
    }
}
