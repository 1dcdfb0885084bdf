import ArgumentParser
import Foundation
import NavBundle

/// `navforge route BUNDLE --from REF (--to REF | --to-exit)`: finds and describes a route in a bundle.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Find a route between two rooms or points of interest in a bundle, or the fastest way out.",
        discussion: """
            Places are named by ref (A.2.14) or, when unique, by name; case and accents do not matter. \
            With --to-exit the route leads to the nearest building exit, emergency exits included, \
            read from the bundle's egress table without searching.
            """)

    @Argument(help: "The bundle file (.navbundle).")
    var bundle: String

    @Option(help: "Where the route starts: a room or point-of-interest ref or name.")
    var from: String

    @Option(help: "Where the route ends.")
    var to: String?

    @Flag(help: "Route to the nearest exit instead of to a place.")
    var toExit = false

    @Option(help: "The routing profile, e.g. foot or wheelchair.")
    var profile = "foot"

    @Option(help: ArgumentHelp("Also write the route as GeoJSON to this file.", valueName: "file"))
    var geojson: String?

    func validate() throws {
        if (to == nil) == !toExit {
            throw ValidationError("give either --to PLACE or --to-exit")
        }
    }

    func run() throws {
        do {
            try findRoute()
        } catch let error as CleanExit {
            throw error
        } catch {
            Console.error("error: \(error)")
            throw ExitCode.failure
        }
    }

    private func findRoute() throws {
        let venue = try VenueBundle(path: bundle)
        let start = try venue.resolvePlace(from)
        let destination = try to.map { try venue.resolvePlace($0) }
        guard !venue.profileNames.isEmpty else { throw RouteError.noGraph }
        let profileIndex = try venue.profileIndex(named: profile)
        let startNode = try connectedNode(of: start.place, in: venue)
        let route: Route
        if let destination {
            let endNode = try connectedNode(of: destination.place, in: venue)
            guard let found = try venue.shortestPath(from: startNode, to: endNode, profile: profileIndex) else {
                throw RouteError.noRoute(from: start.place.label, to: destination.place.label, profile: profile)
            }
            route = found
        } else {
            guard let found = try venue.wayOut(from: startNode, profile: profileIndex) else {
                throw RouteError.noRoute(from: start.place.label, to: "any exit", profile: profile)
            }
            route = found
        }
        let endLabel = destination?.place.label ?? "exit"
        // The file first: a path that cannot be written fails the command before anything is printed.
        if let geojson {
            let data = try venue.geoJSON(for: route, from: start.place.label, to: endLabel)
            let url = URL(fileURLWithPath: geojson)
            let folder = url.deletingLastPathComponent()
            guard FileManager.default.fileExists(atPath: folder.path) else {
                throw OutputFileError(path: geojson, reason: "the folder \(folder.path) does not exist")
            }
            do {
                try data.write(to: url, options: .atomic)
            } catch {
                throw OutputFileError(path: geojson, reason: error.localizedDescription)
            }
        }
        let formatter = RouteFormatter(bundle: venue)
        let lines = try destination.map { try formatter.describe(route, from: start.place, to: $0.place) }
            ?? formatter.describeWayOut(route, from: start.place)
        for line in lines { Console.out(line) }
        if let geojson { Console.out("Route written to \(geojson).") }
    }

    /// The place's graph node, if any arc reaches it (a room known only by a point has none).
    private func connectedNode(of place: VenueBundle.PlaceRecord, in venue: VenueBundle) throws -> Int {
        guard let node = place.node, try !venue.arcIndexes(from: node).isEmpty else {
            throw RouteError.notConnected(place.label)
        }
        return node
    }
}
