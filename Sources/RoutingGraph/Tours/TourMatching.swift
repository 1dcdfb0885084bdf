import Foundation
public import VenueModel
import NavFormat

/// The venue's tours matched onto the graph's walkways, and findings for those that cannot be
/// (docs/tours.md, "Matching").
///
/// Each vertex of a tour's line snaps to the nearest node of its level within ``snapDistance``
/// that an arc open to some profile leaves or reaches; consecutive nodes are joined by the
/// shortest walk over such arcs, in metres, so that a line drawn on the walkways' own vertices
/// (an OSM relation) follows exactly those ways and a line of sparse waypoints follows the
/// walkways between them. Which profiles can follow the whole tour is left to the runtime, which
/// reads the arcs' costs.
public struct TourMatching: Sendable {
    /// How far a vertex may lie from the node it snaps to: a line drawn beside a path, or a
    /// waypoint taken by a phone's GPS, is a few metres off.
    public static let snapDistance = 25.0
    /// A stretch whose walk is longer than this many times the line between its vertices, and
    /// ``detourSlack`` metres more, is reported as a detour.
    public static let detourFactor = 2.0
    public static let detourSlack = 50.0

    /// The tours matched, in the venue's order.
    public private(set) var tours: [MatchedTour] = []
    /// `tour-off-network` and `tour-unconnected` for tours left out, `tour-detour` for tours kept.
    public private(set) var issues: [Issue] = []

    public init(venue: Venue, compiled: CompiledGraph) {
        guard !venue.tours.isEmpty else { return }
        let graph = compiled.graph
        // An arc is walkable when any profile may use it; its weight is its length in centimetres.
        let open = graph.arcs.indices.map { arc in
            compiled.profiles.contains { $0.costs[arc] != BundleFormat.impassable }
        }
        var touched = [Bool](repeating: false, count: graph.nodes.count)
        for arc in graph.arcs.indices where open[arc] {
            touched[graph.arcs[arc].tail] = true
            touched[graph.arcs[arc].head] = true
        }
        let weights = graph.arcs.indices.map { arc -> UInt32 in
            open[arc] ? UInt32(clamping: Int64((graph.arcs[arc].length * 100).rounded())) : AdjacencyArray.impassable
        }
        let adjacency = AdjacencyArray(nodeCount: graph.nodes.count, tails: graph.arcs.map(\.tail),
                                       heads: graph.arcs.map(\.head), weights: weights)
        let projection = LocalProjection(origin: venue.boundingBox?.center ?? Coordinate(latitude: 0, longitude: 0))
        let nearby = NodeNeighbourhood(graph: graph, projection: projection, radius: Self.snapDistance)
        let levelIndex = Dictionary(graph.levelIDs.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })

        // Tours are matched one per core, each worker with its own search; the results are taken
        // in the venue's order, so the output does not depend on the number of cores.
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, venue.tours.count)
        let searches = (0..<workers).map { _ in DijkstraSearch(graph: adjacency, limit: UInt64(AdjacencyArray.impassable)) }
        let matched = ParallelWork.map(count: venue.tours.count, workers: workers, chunk: 1) { index, worker in
            var matcher = Matcher(tour: venue.tours[index], graph: graph, adjacency: adjacency, search: searches[worker],
                                  projection: projection)
            let arcs = matcher.match(snap: { coordinate, levelID in
                levelIndex[levelID].flatMap { level in nearby.nodes(near: coordinate, level: level).first { touched[$0] } }
            })
            return (arcs, matcher.issues)
        }
        for (tour, (arcs, found)) in zip(venue.tours, matched) {
            if let arcs { tours.append(MatchedTour(id: tour.id, name: tour.name, kind: tour.kind, arcs: arcs, source: tour.source)) }
            issues += found
        }
    }
}

/// Matches one tour: snaps its vertices, then joins them.
private struct Matcher {
    let tour: Tour
    let graph: NavigationGraph
    let adjacency: AdjacencyArray
    let search: DijkstraSearch
    let projection: LocalProjection
    var issues: [Issue] = []

    init(tour: Tour, graph: NavigationGraph, adjacency: AdjacencyArray, search: DijkstraSearch, projection: LocalProjection) {
        self.tour = tour
        self.graph = graph
        self.adjacency = adjacency
        self.search = search
        self.projection = projection
    }

    /// The tour's arcs, or `nil` (with a finding) when a vertex snaps nowhere, two are not joined,
    /// or the whole line snaps to one node.
    mutating func match(snap: (Coordinate, String) -> Int?) -> [Int]? {
        // The snapped vertices, each with the vertex it came from; repeats of a node collapse.
        var stops: [(node: Int, vertex: Int)] = []
        for (vertex, coordinate) in tour.coordinates.enumerated() {
            guard let node = snap(coordinate, tour.levelIDs[vertex]) else {
                issues.append(Issue(code: .tourOffNetwork,
                                    message: "tour '\(tour.name)': vertex \(vertex + 1) of \(tour.coordinates.count) has no walkway node within \(Int(TourMatching.snapDistance)) m on level \(tour.levelIDs[vertex]); the tour is left out",
                                    location: tour.source, levelID: tour.levelIDs[vertex], coordinate: coordinate))
                return nil
            }
            if stops.last?.node != node { stops.append((node, vertex)) }
        }
        guard stops.count >= 2 else {
            issues.append(Issue(code: .tourOffNetwork,
                                message: "tour '\(tour.name)': its whole line snaps to one walkway node; the tour is left out",
                                location: tour.source, levelID: tour.levelIDs[0], coordinate: tour.coordinates[0]))
            return nil
        }
        var arcs: [Int] = []
        var detours: [Int] = []
        for (from, to) in zip(stops, stops.dropFirst()) {
            search.run(from: [from.node], until: to.node)
            guard let slots = search.pathSlots(to: to.node) else {
                issues.append(Issue(code: .tourUnconnected,
                                    message: "tour '\(tour.name)': no walkway leads from vertex \(from.vertex + 1) to vertex \(to.vertex + 1); the tour is left out",
                                    location: tour.source, levelID: tour.levelIDs[from.vertex],
                                    coordinate: tour.coordinates[from.vertex]))
                return nil
            }
            let walked = Double(search.distance(to.node)) / 100
            let drawn = (from.vertex..<to.vertex).reduce(0.0) { total, vertex in
                total + projection.distance(tour.coordinates[vertex], tour.coordinates[vertex + 1])
            }
            if walked > TourMatching.detourFactor * drawn + TourMatching.detourSlack { detours.append(from.vertex) }
            arcs += slots.map { Int(adjacency.arc[$0]) }
        }
        if let first = detours.first {
            let more = detours.count > 1 ? " and \(detours.count - 1) more stretches" : ""
            issues.append(Issue(code: .tourDetour,
                                message: "tour '\(tour.name)': from vertex \(first + 1) the walkways are more than \(Int(TourMatching.detourFactor)) times the line drawn\(more); the tour follows the walkways",
                                location: tour.source, levelID: tour.levelIDs[first], coordinate: tour.coordinates[first]))
        }
        return arcs
    }
}
