import ArgumentParser
import FileReading
import Foundation
import NavBundle
import NavFormat
import Pipeline

/// `navforge geofence BUNDLE (--at LAT,LON@LEVEL | --scan "BSSID:RSSI,..." | --track FILE)`: the
/// places a position is in or near, or those a walk enters and leaves.
struct GeofenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "geofence",
        abstract: "Tell which places a position is in or near, or which a walk enters and leaves.",
        discussion: """
            A place is reached when one of its outlines on the position's level contains the \
            position, or when the position lies within its geofence radius of the place's own \
            position: the radius the data gives (CSV, GeoJSON and OSM geofence_radius, IMDF geofences), \
            else 10 m for a point of interest or a room drawn without an outline (docs/geofences.md). \
            --at takes a position as route does (49.4036,8.6756@-1); --scan locates a Wi-Fi scan on \
            the radio map first; --track reads one position per line (blank lines and lines starting \
            with # are skipped) and prints the places entered and left, in order.
            """)

    @Argument(help: "The bundle file (.navbundle).")
    var bundle: String

    @Option(help: ArgumentHelp("A position with its level: LAT,LON@LEVEL (an ordinal, level or building).", valueName: "position"))
    var at: String?

    @Option(help: ArgumentHelp("A Wi-Fi scan to locate first: comma-separated BSSID:RSSI pairs.", valueName: "scan"))
    var scan: String?

    @Option(help: ArgumentHelp("A file of positions, one LAT,LON@LEVEL per line, walked in order.", valueName: "file"))
    var track: String?

    @Flag(help: "Print the answer as JSON.")
    var json = false

    func validate() throws {
        guard [at, scan, track].compactMap({ $0 }).count == 1 else {
            throw ValidationError("give one of --at LAT,LON@LEVEL, --scan \"BSSID:RSSI,...\" or --track FILE")
        }
    }

    func run() throws {
        let lines = try track.map { try Self.trackLines($0) }
        try CommandLineError.reading(bundle: bundle) {
            let venue = try VenueBundle(path: bundle)
            guard venue.hasGeofences else { throw CommandLineError.noGeofences(bundle: bundle) }
            if let lines, let track { return try walk(lines, file: track, in: venue) }
            let position = try at.map { try Self.position($0, in: venue) } ?? located(in: venue)
            guard let position else {
                return json ? try Console.json(Output(places: [])) : Console.out("The scan hears no access point of the radio map.")
            }
            let hits = try venue.geofences(at: position)
            if json { return try Console.json(Output(places: try hits.map { try Output.Hit($0, in: venue) })) }
            guard !hits.isEmpty else { return Console.out("In or near no place.") }
            for hit in hits {
                let place = try venue.place(hit.place)
                let distance = hit.metres.map { ", \(Int($0.rounded())) m from its position" } ?? ""
                Console.out("\(hit.inside ? "In" : "Near") \(try Self.line(place, in: venue))\(distance)")
            }
        }
    }

    /// The `--track` file's positions with their line numbers.
    static func trackLines(_ path: String) throws -> [(line: Int, text: String)] {
        let data: Data
        do {
            data = try FileContents.read(URL(fileURLWithPath: path))
        } catch {
            throw CommandLineError.unreadable(path: path, reason: error.localizedDescription)
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { ($0.offset + 1, $0.element.trimmingCharacters(in: .whitespacesAndNewlines)) }
            .filter { !$0.text.isEmpty && !$0.text.hasPrefix("#") }
    }

    private func walk(_ lines: [(line: Int, text: String)], file: String, in venue: VenueBundle) throws {
        var positions: [GeofencePosition] = []
        for (line, text) in lines {
            do {
                positions.append(try Self.position(text, in: venue))
            } catch {
                // The file's line is at fault, not the bundle.
                throw CommandLineError.input(path: "\(file):\(line)", error: error)
            }
        }
        let events = try venue.geofenceEvents(along: positions)
        if json {
            struct Event: Encodable { var position: Int, line: Int, kind: String, place: Int, label: String }
            return try Console.json(try events.map {
                Event(position: $0.position, line: lines[$0.position].line, kind: $0.kind.rawValue, place: $0.place,
                      label: try venue.place($0.place).label)
            })
        }
        guard !events.isEmpty else { return Console.out("The walk of \(positions.count) positions enters no place.") }
        for event in events {
            let verb = event.kind == .enter ? "enters" : "leaves"
            Console.out("Line \(lines[event.position].line): \(verb) \(try Self.line(try venue.place(event.place), in: venue))")
        }
    }

    /// `LAT,LON@LEVEL` as a position on the levels it names; a place is refused.
    static func position(_ text: String, in venue: VenueBundle) throws -> GeofencePosition {
        guard case .position(let latitude, let longitude, let levels) = try venue.resolveEndpoint(text) else {
            throw NotAPosition(text: text)
        }
        return GeofencePosition(latitude: latitude, longitude: longitude, levels: levels)
    }

    /// `--scan` located on the radio map, on its fix's venue level; nil when it hears nothing known.
    private func located(in venue: VenueBundle) throws -> GeofencePosition? {
        let readings: [ScanReading]
        do {
            readings = try ScanText.parse(scan ?? "")
        } catch {
            throw ValidationError(error.description)
        }
        guard let locator = try venue.radioMapLocator() else { throw CommandLineError.noRadioMap(bundle: bundle) }
        guard let fix = try locator.locate(readings).fix else { return nil }
        guard let level = fix.venueLevel else {
            throw ValidationError("the scan's floor \(fix.floorName) is no level of the venue, so no geofence can be told")
        }
        return GeofencePosition(latitude: fix.latitude, longitude: fix.longitude, levels: [level])
    }

    static func line(_ place: VenueBundle.PlaceRecord, in venue: VenueBundle) throws -> String {
        guard let level = place.level else { return place.label }
        return "\(place.label) (\(try venue.level(level).displayName))"
    }

    /// A place's name where a position was asked for.
    struct NotAPosition: Error, CustomStringConvertible {
        var text: String
        var description: String { "'\(text)' is a place, not a position: give LAT,LON@LEVEL" }
    }

    struct Output: Encodable {
        struct Hit: Encodable {
            var place: Int
            var label: String
            var inside: Bool
            var metres: Double?

            init(_ hit: GeofenceHit, in venue: VenueBundle) throws {
                place = hit.place
                label = try venue.place(hit.place).label
                inside = hit.inside
                metres = hit.metres
            }
        }

        var places: [Hit]
    }
}
