import ArgumentParser
import Foundation
import NavBundle
import NavFormat

/// `navforge tours BUNDLE [--search TEXT] [--json]`: the bundle's tours, with their lengths and
/// which profiles can follow them whole.
struct ToursCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tours",
        abstract: "List a bundle's tours: fun runs, trails and walks to follow, with their length and who can do them.",
        discussion: """
            Tours come from OSM route relations (route=foot, hiking, running, fitness_trail), GeoJSON \
            lines with a tour name and CSV waypoints, matched onto the walkways when the bundle was \
            built (docs/tours.md). For each the list gives its kind, its length along the walkways, \
            whether it is a loop, and the time each profile takes to follow it, or that a profile \
            cannot do it whole (steps, gravel or a gate on the way). --search lists those whose name \
            or a word of it starts with the text, as place search matches. Follow one with \
            navforge route BUNDLE --from PLACE --tour NAME.
            """)

    @Argument(help: "The bundle file (.navbundle).")
    var bundle: String

    @Option(help: ArgumentHelp("Only tours whose name or a word of it starts with this text.", valueName: "text"))
    var search: String?

    @Flag(help: "Print the tours as JSON.")
    var json = false

    func run() throws {
        try CommandLineError.reading(bundle: bundle) {
            let venue = try VenueBundle(path: bundle)
            let all = try venue.tours()
            let shown = try search.map { try venue.tours(matching: $0).map { all[$0] } } ?? all
            let rows = try shown.map { try Row($0, in: venue) }
            if json { return try Console.json(rows) }
            guard !rows.isEmpty else {
                let what = search.map { "no tour matches '\($0)'" } ?? "\(bundle) has no tours"
                return Console.out(what.prefix(1).uppercased() + what.dropFirst() + ".")
            }
            Console.out("\(rows.count) \(rows.count == 1 ? "tour" : "tours")\(search.map { " matching '\($0)'" } ?? ""):")
            for row in rows {
                let shape = row.loop ? "a loop" : "one way"
                Console.out("  \(row.name) (\(row.kind), \(Int((Double(row.length) / 100).rounded())) m, \(shape); \(row.source))")
                let times = venue.profileNames.map { name in
                    (row.durations[name] ?? nil).map { "\(name) \(RouteFormatter.eta(Double($0) / 1000))" } ?? "\(name) cannot do it whole"
                }
                Console.out("    \(times.joined(separator: ", "))")
            }
        }
    }

    /// A tour as the list and its JSON give it.
    struct Row: Encodable {
        var index: Int
        var name: String
        var source: String
        var kind: String
        /// Centimetres along the walkways.
        var length: Int
        var loop: Bool
        var start: Int
        var end: Int
        /// Milliseconds per profile name; null where the profile cannot follow it whole.
        var durations: [String: Int?]

        init(_ tour: TourRecord, in venue: VenueBundle) throws {
            index = tour.index
            name = tour.name
            source = tour.source
            kind = tour.kind.word
            length = Int((tour.length * 100).rounded())
            loop = tour.isLoop
            start = tour.nodes[0]
            end = tour.nodes[tour.nodes.count - 1]
            var durations: [String: Int?] = [:]
            for (profile, name) in venue.profileNames.enumerated() {
                // Assigning nil through the subscript would remove the key: a closed profile keeps it.
                durations.updateValue(try venue.tourDuration(tour, profile: profile).map { Int(($0 * 1000).rounded()) },
                                      forKey: name)
            }
            self.durations = durations
        }

        func encode(to encoder: any Encoder) throws {
            enum Key: String, CodingKey { case index, name, source, kind, length, loop, start, end, durations }
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(index, forKey: .index)
            try container.encode(name, forKey: .name)
            try container.encode(source, forKey: .source)
            try container.encode(kind, forKey: .kind)
            try container.encode(length, forKey: .length)
            try container.encode(loop, forKey: .loop)
            try container.encode(start, forKey: .start)
            try container.encode(end, forKey: .end)
            // A profile that cannot follow it is written as null, not left out.
            var times = container.nestedContainer(keyedBy: ProfileKey.self, forKey: .durations)
            for (profile, milliseconds) in durations {
                try times.encode(milliseconds, forKey: ProfileKey(stringValue: profile))
            }
        }

        struct ProfileKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }
}
