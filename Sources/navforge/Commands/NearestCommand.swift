import ArgumentParser
import Foundation
import NavBundle

/// `navforge nearest BUNDLE --from PLACE [--category C] [--keyword K] [--on LEVEL]
/// [--min-capacity N] [--among PLACE ...] [--limit K]`: the nearest places of a kind by travel time.
struct NearestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nearest",
        abstract: "Find the nearest places of a kind by travel time: a toilet a wheelchair can reach, a free room for eight.",
        discussion: """
            One search from --from (any endpoint form, as for route) finds the --limit places nearest \
            by travel time for --profile among those every filter given admits (docs/nearest.md): \
            --category starts the place's category (toilet finds toilets), --keyword starts one of \
            its search keys (ref, name, a word of the name, category, alias), --on names levels as \
            after an endpoint's @ (1, EG, Library, B@1), --min-capacity asks for a known capacity of \
            at least N, and --among (repeatable) keeps only the places given, such as the rooms a \
            booking system says are free. --conditions and --at search under closures, slow-downs \
            and events, as route does. --route adds the directions to each place.
            """)

    @Argument(help: "The bundle file (.navbundle).")
    var bundle: String

    @Option(help: "Where the person is: a ref, name, name@level, source id or LAT,LON@level.")
    var from: String

    @Option(help: "Only places whose category starts with this (case and accents ignored).")
    var category: String?

    @Option(help: "Only places with a ref, name, word of the name, category or alias starting with this.")
    var keyword: String?

    @Option(help: ArgumentHelp("Only places on the levels this names: an ordinal, a level's or building's id or name.",
                               valueName: "level"))
    var on: String?

    @Option(name: .customLong("min-capacity"), help: "Only places with a known capacity of at least this.")
    var minimumCapacity: Int?

    @Option(help: ArgumentHelp("Only these places (repeatable), e.g. the rooms free now; any place form.", valueName: "place"))
    var among: [String] = []

    @Option(help: "The routing profile, e.g. foot or wheelchair.")
    var profile = "foot"

    @Option(help: "How many places to find.")
    var limit = 3

    @OptionGroup var conditionOptions: ConditionOptions

    @Flag(help: "Add the directions to each place found.")
    var route = false

    @Option(help: ArgumentHelp("The language of the directions, one of the bundle's.", valueName: "code"))
    var language = "en"

    @Flag(help: "Print the places as JSON.")
    var json = false

    func validate() throws {
        guard limit > 0 else { throw ValidationError("--limit takes a positive count of places, not \(limit)") }
    }

    func run() throws {
        try CommandLineError.reading(bundle: bundle) { try findNearest() }
    }

    private func findNearest() throws {
        let venue = try VenueBundle(path: bundle)
        guard !venue.profileNames.isEmpty else { throw BundleError.noGraph }
        let profileIndex = try venue.profileIndex(named: profile)
        let start = try venue.routeEnd(try venue.resolveEndpoint(from), profile: profileIndex)
        let filter = PlaceFilter(category: category, keyword: keyword, levels: on, minimumCapacity: minimumCapacity,
                                 among: among.isEmpty ? nil : try among.map { try venue.resolvePlace($0).index })
        var conditions: ArcConditions?
        var events: [String] = []
        if conditionOptions.isSet { (conditions, events) = try conditionOptions.resolved(in: venue) }
        let found = try venue.nearest(from: start.node, profile: profileIndex, matching: filter, limit: limit,
                                      conditions: conditions)
        // Directions only with --route, so --language is checked only then.
        let formatter = try RouteFormatter(bundle: venue, language: language, steps: !route)
        if json { return try Console.json(try output(found, from: start, in: venue)) }
        for line in events { Console.out(line) }
        Console.out("Nearest to \(try formatter.placeLine(start.place)), profile \(profile)\(conditions == nil ? "" : ", under the conditions"):")
        guard !found.isEmpty else {
            let matching = try venue.places(matching: filter).count
            return Console.out(matching == 0 ? "  No place matches." : "  None of the \(matching) places that match can be reached.")
        }
        for (rank, nearby) in found.enumerated() {
            let place = try venue.place(nearby.place)
            var parts = [try formatter.placeLine(place)]
            if let category = place.category { parts.append(category) }
            if let capacity = place.capacity { parts.append("\(capacity) seats") }
            parts.append("\(Int(nearby.route.length.rounded())) m, about \(RouteFormatter.eta(nearby.route.duration))")
            Console.out("  \(rank + 1). " + parts.joined(separator: " · "))
        }
        guard route else { return }
        for nearby in found {
            let place = try venue.place(nearby.place)
            Console.out("")
            let arrival = try formatter.arrivalName(of: nearby.route, at: place)
            for line in try formatter.describe(nearby.route, from: start.place, to: place, arrival: arrival) { Console.out(line) }
        }
    }

    /// The `--json` form: the start and each place with its time, length and, with `--route`, nodes.
    private func output(_ found: [NearbyPlace], from start: (place: VenueBundle.PlaceRecord, node: Int),
                        in venue: VenueBundle) throws -> Output {
        var places: [Output.Found] = []
        for nearby in found {
            let place = try venue.place(nearby.place)
            places.append(Output.Found(place: nearby.place, ref: place.ref, name: place.name, category: place.category,
                                       level: try place.level.map { try venue.level($0).id },
                                       capacity: place.capacity, node: nearby.node, milliseconds: nearby.milliseconds,
                                       centimetres: nearby.centimetres, nodes: route ? nearby.route.nodes : nil))
        }
        return Output(from: start.place.label, node: start.node, profile: profile, places: places)
    }

    struct Output: Encodable {
        struct Found: Encodable {
            var place: Int
            var ref: String?
            var name: String?
            var category: String?
            var level: String?
            var capacity: Int?
            var node: Int
            var milliseconds: UInt64
            var centimetres: UInt64
            var nodes: [Int]?
        }

        var from: String
        var node: Int
        var profile: String
        var places: [Found]
    }
}
