import Foundation
import NavBundle
import Testing
@testable import Pipeline
import NavFormat

/// The four station extracts in ../shared/data/osm/stations, each beside the platform list
/// KDE's indoor-map library derives from it: `navforge search` must find at least 95 % of each
/// list by the platform's name, as a platform place on the platform's level.
@Suite(.enabled(if: SharedVenues.present, "../shared/data is absent: the station platform checks are skipped"))
struct StationPlatformTests {
    static let stations = ["aachen-central", "cologne-central", "leipzig-central", "paris-gare-de-lyon"]

    /// One entry of a `.platforms` file: the name travellers use and the level (stored × 10).
    struct ExpectedPlatform {
        var name: String
        var ordinal: Double
    }

    static func expected(_ station: String) throws -> [ExpectedPlatform] {
        let text = try String(contentsOf: SharedVenues.folder.appendingPathComponent("osm/stations/\(station).platforms"),
                              encoding: .utf8)
        var result: [ExpectedPlatform] = []
        var name: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if !line.hasPrefix(" ") {
                name = String(line)
            } else if let current = name, line.hasPrefix("  level: "), let value = Double(line.dropFirst(9)) {
                result.append(ExpectedPlatform(name: current, ordinal: value / 10))
                name = nil
            }
        }
        return result
    }

    static func build(_ station: String) throws -> VenueBundle {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("navforge-station-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // The bundle maps its file, so the folder can go once it is open.
        defer { try? FileManager.default.removeItem(at: root) }
        let definition = try pipeline(station, in: root, routing: false)
        let runner = PipelineRunner(definition: definition, options: BuildOptions(buildRoot: root.appendingPathComponent("build")))
        let summary = runner.run()
        #expect(summary.status == .succeeded, "\(summary.errors)")
        return try VenueBundle(path: runner.layout.bundle(venueID: station, version: "1.0.0").path)
    }

    /// A pipeline for the station extract, written into `folder`: imported, validated and
    /// bundled, with a graph and hierarchy too when `routing`.
    static func pipeline(_ station: String, in folder: URL, routing: Bool) throws -> PipelineDefinition {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pipeline = folder.appendingPathComponent("\(station).yml")
        let input = SharedVenues.folder.appendingPathComponent("osm/stations/\(station).osm").path
        try """
            venue:
              id: \(station)
              name: \(station)
            version: 1.0.0
            inputs:
              - id: station
                path: \(input)
            stages:
              import:
              validate:
                fail-on: never
            \(routing ? "  graph:\n  contract:\n" : "")  bundle:
            """.write(to: pipeline, atomically: true, encoding: .utf8)
        return try PipelineFileParser.parse(contentsOf: pipeline)
    }

    @Test(arguments: stations) func searchFindsEachPlatformOnItsLevel(station: String) throws {
        let bundle = try Self.build(station)
        let platforms = try Self.expected(station)
        #expect(platforms.count >= 7)
        // A place found once is not found again: two tram stops both with a platform 1 need two places.
        var claimed = Set<BundleContents.Place>()
        var missing: [String] = []
        for platform in platforms {
            // The first 20 results, as `navforge search` shows them.
            let results = try bundle.search(platform.name).prefix(20)
            let found = try results.first { place in
                guard place.category == "platform", !claimed.contains(place), let level = place.level else { return false }
                return try bundle.level(level).ordinal == platform.ordinal
            }
            if let found { claimed.insert(found) } else { missing.append("\(platform.name)@\(platform.ordinal)") }
        }
        let share = Double(platforms.count - missing.count) / Double(platforms.count)
        #expect(share >= 0.95, "\(station): \(platforms.count - missing.count) of \(platforms.count) platforms found; missing \(missing)")
    }
}
