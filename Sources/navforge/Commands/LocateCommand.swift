import ArgumentParser
import Foundation
import NavBundle
import Pipeline
import NavFormat

/// `navforge locate BUNDLE --scan "BSSID:RSSI,..."`: locate one scan by hand.
struct LocateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "locate",
        abstract: "Locate a Wi-Fi scan on a bundle's radio map: building, floor, position and confidence.",
        discussion: """
            Prints "unknown" with confidence 0 when the scan hears no access point the map knows. Exits with \
            status 1 when the bundle cannot be read or has no radio map.
            """)

    @Argument(help: "The bundle (.navbundle).")
    var bundle: String

    @Option(help: "The scan: comma-separated BSSID:RSSI pairs, e.g. \"00:1a:2b:3c:4d:5e:-61,00:1a:2b:3c:4d:60:-74\".")
    var scan: String

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        let readings: [ScanReading]
        do {
            readings = try ScanText.parse(scan)
        } catch {
            throw ValidationError(error.description)
        }
        let (outcome, levelNames) = try CommandLineError.reading(bundle: bundle) {
            let venue = try VenueBundle(path: bundle)
            guard let locator = try venue.radioMapLocator() else { throw CommandLineError.noRadioMap(bundle: bundle) }
            return (try locator.locate(readings), venue.metadata.levels?.map(\.id) ?? [])
        }
        let fix = outcome.fix
        let venueLevel = fix?.venueLevel.flatMap { levelNames.indices.contains($0) ? levelNames[$0] : nil }
        if json {
            struct Output: Encodable {
                var located: Bool
                var latitude: Double?
                var longitude: Double?
                var building: String?
                var floor: String?
                var level: String?
                var confidence: Double
            }
            let output = Output(located: fix != nil, latitude: fix?.latitude, longitude: fix?.longitude,
                                building: fix?.buildingName, floor: fix?.floorName, level: venueLevel,
                                confidence: outcome.confidence)
            try Console.json(output)
            return
        }
        guard let fix else {
            Console.out("unknown (confidence 0): the scan hears no access point of the radio map")
            return
        }
        Console.out(String(format: "%.7f, %.7f", fix.latitude, fix.longitude)
            + "  building \(fix.buildingName), floor \(fix.floorName)"
            + (venueLevel.map { " (level \($0))" } ?? "")
            + String(format: ", confidence %.2f, ", fix.confidence)
            + (fix.neighbours == 1 ? "from the nearest scan or spot" : "averaging \(fix.neighbours) scans or spots"))
    }
}
