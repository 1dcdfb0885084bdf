import ArgumentParser
import Foundation
import NavBundle

/// `navforge search BUNDLE TEXT`: finds rooms and points of interest, the meeting-room finder.
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find rooms and points of interest by ref, name or category.")

    @Argument(help: "The bundle file (.navbundle).")
    var bundle: String

    @Argument(help: "Words that must all appear in the ref, name or category (case and accents ignored).")
    var query: [String] = []

    @Option(name: .customLong("min-capacity"), help: "Only rooms with at least this many seats.")
    var minimumCapacity: Int?

    @Option(help: "Show at most this many results.")
    var limit = 20

    func run() throws {
        try CommandLineError.reading(bundle: bundle) {
            let venue = try VenueBundle(path: bundle)
            let matches = try venue.search(query.joined(separator: " "), minimumCapacity: minimumCapacity)
            for place in matches.prefix(limit) {
                var parts = [place.label]
                if let category = place.category { parts.append(category) }
                if let level = place.level { parts.append(try venue.level(level).displayName) }
                if let capacity = place.capacity { parts.append("\(capacity) seats") }
                if place.node == nil { parts.append("not routable") }
                Console.out(parts.joined(separator: " · "))
            }
            Console.out(matches.count > limit ? "\(matches.count) places, first \(limit) shown." : "\(matches.count) places.")
        }
    }
}
