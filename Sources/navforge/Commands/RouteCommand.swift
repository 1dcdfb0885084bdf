import ArgumentParser
import Foundation
import NavBundle
import NavFormat

/// `navforge route BUNDLE --from PLACE [--via PLACE ...] (--to PLACE [--round-trip] | --round-trip | --to-exit
/// | --tour NAME [--join start|nearest])`: finds and describes a route in a bundle.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Find a route between two rooms or points of interest in a bundle, or the fastest way out.",
        discussion: """
            Endpoints are a ref (A.2.14), a unique name or alias (Gleis 1), a name with @level or @building \
            (Rossmann@-1, Rossmann@EG, Rossmann@B@1, Cafe@Library), a source id (node/123) or a position \
            with its level (49.4036,8.6756@-1); case and accents do not matter (docs/endpoints.md). \
            The route is told as turn-by-turn directions in --language (docs/guidance.md), or with \
            --steps as the places it passes. With --via the route passes each place in order, leg by \
            leg, and with --round-trip it comes back to --from (docs/endpoints.md, "Via points"). \
            With --to-exit the route leads to the nearest building exit, emergency exits included, \
            read from the bundle's egress table without searching. With --conditions the route \
            avoids what the file closes and weighs what it slows (docs/conditions.md), to a place \
            or, searched again, to the nearest exit still open; the bundle must have a customisable \
            hierarchy (contract method cch, the default). With --at, events under way at that time \
            slow their places, from a little before they start until a little after they end. \
            With --tour the route leads onto a tour (navforge tours lists them) at its start, or \
            with --join nearest where it is nearest, and then along it to its end, or round a loop \
            back to where it was joined (docs/tours.md).
            """)

    @Argument(help: "The bundle file (.navbundle).")
    var bundle: String

    @Option(help: "Where the route starts: a ref, name, name@level, source id or LAT,LON@level.")
    var from: String

    @Option(help: "Where the route ends.")
    var to: String?

    @Flag(help: "Route to the nearest exit instead of to a place.")
    var toExit = false

    @Option(help: ArgumentHelp("Pass this place on the way, in the order given (repeatable); any endpoint form.",
                               valueName: "place"))
    var via: [String] = []

    @Flag(help: "Come back to --from at the end: a round trip, through the --via places (and --to).")
    var roundTrip = false

    @Option(help: ArgumentHelp("Route onto this tour and along it: its name, a word of it, or its source id.",
                               valueName: "name"))
    var tour: String?

    @Option(help: ArgumentHelp("Where to join the --tour: at its start, or nearest to --from.", valueName: "start|nearest"))
    var join = TourJoin.start.rawValue

    @Option(help: "The routing profile, e.g. foot or wheelchair.")
    var profile = "foot"

    @Option(help: ArgumentHelp("Also write the route as GeoJSON to this file.", valueName: "file"))
    var geojson: String?

    @Option(help: ArgumentHelp("The language of the directions, one of the bundle's (en, de, fr, es by default).",
                               valueName: "code"))
    var language = "en"

    @Flag(help: "List the places the route passes (its steps) instead of turn-by-turn directions.")
    var steps = false

    @OptionGroup var conditionOptions: ConditionOptions

    func validate() throws {
        if tour != nil {
            if to != nil || toExit || !via.isEmpty || roundTrip {
                throw ValidationError("--tour leads along the tour: it takes no --to, --to-exit, --via or --round-trip")
            }
            if conditionOptions.isSet { throw ValidationError("--tour takes no --conditions or --at: tours are followed on the profile's costs") }
            if TourJoin(rawValue: join) == nil { throw ValidationError("--join is start or nearest, not '\(join)'") }
            return
        }
        if toExit {
            if to != nil { throw ValidationError("give either --to PLACE or --to-exit") }
            if !via.isEmpty || roundTrip { throw ValidationError("--to-exit takes no --via or --round-trip: the way out is searched from --from") }
        } else if to == nil && !(roundTrip && !via.isEmpty) {
            throw ValidationError(roundTrip ? "a round trip passes at least one --via PLACE (or goes --to one)"
                                            : "give either --to PLACE or --to-exit")
        }
    }

    func run() throws {
        try CommandLineError.reading(bundle: bundle) { try findRoute() }
    }

    private func findRoute() throws {
        let venue = try VenueBundle(path: bundle)
        if let tour { return try findRouteAlongTour(tour, in: venue) }
        if !via.isEmpty || roundTrip { return try findRouteThroughStops(in: venue) }
        let startEndpoint = try venue.resolveEndpoint(from)
        let destinationEndpoint = try to.map { try venue.resolveEndpoint($0) }
        guard !venue.profileNames.isEmpty else { throw BundleError.noGraph }
        let profileIndex = try venue.profileIndex(named: profile)
        let start = try venue.routeEnd(startEndpoint, profile: profileIndex)
        let destination = try destinationEndpoint.map { try venue.routeEnd($0, profile: profileIndex) }
        let route: Route
        if conditionOptions.isSet {
            let resolved = try resolvedConditions(in: venue)
            if let destination {
                let router = try BundleRouter(bundle: venue, profile: profileIndex, conditions: resolved)
                guard let found = try router.route(from: start.node, to: destination.node) else {
                    throw BundleError.noRoute(from: start.place.label, to: destination.place.label, profile: "\(profile) (under the conditions)")
                }
                route = found
            } else {
                guard let found = try venue.wayOut(from: start.node, profile: profileIndex, conditions: resolved) else {
                    throw BundleError.noRoute(from: start.place.label, to: "any exit", profile: "\(profile) (under the conditions)")
                }
                route = found
            }
        } else if let destination {
            guard let found = try venue.shortestPath(from: start.node, to: destination.node, profile: profileIndex) else {
                throw BundleError.noRoute(from: start.place.label, to: destination.place.label, profile: profile)
            }
            route = found
        } else {
            guard let found = try venue.wayOut(from: start.node, profile: profileIndex) else {
                throw BundleError.noRoute(from: start.place.label, to: "any exit", profile: profile)
            }
            route = found
        }
        let endLabel = destination?.place.label ?? "exit"
        // The file first: a path that cannot be written fails the command before anything is printed.
        let formatter = try formatter(for: venue)
        // A position is no name to arrive at; a place is, where the route reaches it.
        let arrival: String?
        switch destinationEndpoint {
        case .position?: arrival = nil
        case .place?: arrival = try formatter.arrivalName(of: route, at: destination?.place)
        case nil: arrival = try formatter.arrivalName(of: route, at: nil)
        }
        if let geojson {
            let data = try venue.geoJSON(for: route, from: start.place.label, to: endLabel, language: formatter.language,
                                         arrival: arrival)
            try write(data, to: geojson)
        }
        let lines = try destination.map { try formatter.describe(route, from: start.place, to: $0.place, arrival: arrival) }
            ?? formatter.describeWayOut(route, from: start.place)
        for line in lines { Console.out(line) }
        if let geojson { Console.out("Route written to \(geojson).") }
    }

    /// `--from`, the `--via` places, `--to` and, for a round trip, `--from` again: each leg routed
    /// and joined (docs/endpoints.md, "Via points"), described leg by leg.
    private func findRouteThroughStops(in venue: VenueBundle) throws {
        let texts = [from] + via + (to.map { [$0] } ?? []) + (roundTrip ? [from] : [])
        let endpoints = try texts.map { try venue.resolveEndpoint($0) }
        guard !venue.profileNames.isEmpty else { throw BundleError.noGraph }
        let profileIndex = try venue.profileIndex(named: profile)
        let stops = try endpoints.map { try venue.routeEnd($0, profile: profileIndex) }
        let route: Route?
        let leg: (Int, Int) throws -> Route?
        if conditionOptions.isSet {
            let router = try BundleRouter(bundle: venue, profile: profileIndex, conditions: try resolvedConditions(in: venue))
            route = try router.route(through: stops.map(\.node))
            leg = { try router.route(from: $0, to: $1) }
        } else {
            route = try venue.shortestPath(through: stops.map(\.node), profile: profileIndex)
            leg = { try venue.shortestPath(from: $0, to: $1, profile: profileIndex) }
        }
        guard let route else {
            // Name the first leg that has no route.
            let underConditions = conditionOptions.isSet ? " (under the conditions)" : ""
            for index in stops.indices.dropLast() where try leg(stops[index].node, stops[index + 1].node) == nil {
                throw BundleError.noRoute(from: stops[index].place.label, to: stops[index + 1].place.label,
                                          profile: profile + underConditions)
            }
            throw BundleError.noRoute(from: stops[0].place.label, to: stops[stops.count - 1].place.label, profile: profile + underConditions)
        }
        let formatter = try formatter(for: venue)
        // A position is no name to arrive at; a place is, where its leg reaches it.
        let arrivals = try route.stretches.indices.map { index -> String? in
            guard case .place = endpoints[index + 1] else { return nil }
            return try formatter.arrivalName(of: route.leg(index), at: stops[index + 1].place)
        }
        if let geojson {
            let data = try venue.geoJSON(for: route, stops: stops.map(\.place.label), language: formatter.language,
                                         arrivals: arrivals)
            try write(data, to: geojson)
        }
        for line in try formatter.describe(route, through: stops.map(\.place), arrivals: arrivals) { Console.out(line) }
        if let geojson { Console.out("Route written to \(geojson).") }
    }

    /// `--from` onto the `--tour` where `--join` says and along it (docs/tours.md), in two legs.
    private func findRouteAlongTour(_ name: String, in venue: VenueBundle) throws {
        let startEndpoint = try venue.resolveEndpoint(from)
        guard !venue.profileNames.isEmpty else { throw BundleError.noGraph }
        let profileIndex = try venue.profileIndex(named: profile)
        let start = try venue.routeEnd(startEndpoint, profile: profileIndex)
        let tour = try venue.tour(try venue.resolveTour(name))
        guard try venue.tourDuration(tour, profile: profileIndex) != nil else {
            throw TourClosed(tour: tour.name, profile: profile, where: try closedStretch(of: tour, profile: profileIndex, in: venue))
        }
        let joining = TourJoin(rawValue: join) ?? .start
        guard let route = try venue.followTour(tour.index, from: start.node, profile: profileIndex, joining: joining) else {
            throw BundleError.noRoute(from: start.place.label, to: "tour '\(tour.name)'", profile: profile)
        }
        let formatter = try formatter(for: venue)
        if let geojson {
            let ends = [start.place.label, "\(tour.name) (joined)", "\(tour.name) (end)"]
            try write(try venue.geoJSON(for: route, stops: ends, language: formatter.language, arrivals: [nil, nil]), to: geojson)
        }
        for line in try formatter.describe(route, from: start.place, along: tour, joining: joining) { Console.out(line) }
        if let geojson { Console.out("Route written to \(geojson).") }
    }

    /// The label of the first arc of `tour` the profile may not use, for the message.
    private func closedStretch(of tour: TourRecord, profile: Int, in venue: VenueBundle) throws -> String? {
        for arc in tour.arcs where try venue.cost(profile: profile, arc: arc) == BundleFormat.impassable {
            return try venue.arc(arc).label
        }
        return nil
    }

    /// A tour the profile may not follow whole.
    struct TourClosed: Error, CustomStringConvertible {
        var tour: String
        var profile: String
        var `where`: String?
        var description: String {
            "the \(profile) profile cannot follow tour '\(tour)' whole\(self.where.map { ": it may not use \($0)" } ?? ""); navforge tours lists who can"
        }
    }

    /// The formatter of `--language` directions, or of steps with `--steps`.
    private func formatter(for venue: VenueBundle) throws -> RouteFormatter {
        try RouteFormatter(bundle: venue, language: language, steps: steps)
    }

    /// The conditions of `--conditions` and `--at` resolved on `venue`, after printing the
    /// events that slow their places.
    private func resolvedConditions(in venue: VenueBundle) throws -> ArcConditions {
        let (conditions, events) = try conditionOptions.resolved(in: venue)
        for line in events { Console.out(line) }
        return conditions
    }

    /// Writes `data` to `path`, atomically, or says why it cannot.
    private func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path) else {
            throw CommandLineError.output(path: path, reason: "the folder \(folder.path) does not exist")
        }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw CommandLineError.output(path: path, reason: error.localizedDescription)
        }
    }
}

