import Foundation
public import VenueModel
import NavFormat

/// For each profile, the node each place attaches to: never an island only because it is
/// nearest (`docs/endpoints.md#attachment`).
///
/// A place's own node is the one the graph gives it (a room's representative node, a point of
/// interest's node inside its space, or the node it was attached to when it stands outside
/// every space). Its candidates are, for a point of interest, the nodes on its level within the
/// place snap distance, nearest first; for a space, its own node and the nodes one walk arc
/// away from it inside the space (its doors, points and path ends, or the corners of a large
/// space's visibility graph), nearest first. Per profile the place takes its own node when it
/// lies in a main piece of that profile's usable graph, else its nearest candidate that does,
/// else its own node.
public struct PlaceAttachments: Sendable {
    /// Per profile, in the compiled graph's order.
    public let pieces: [GraphPieces]
    /// Per place on the graph, the node per profile.
    public private(set) var nodes: [PlaceKey: [Int]] = [:]

    public init(venue: Venue, compiled: CompiledGraph, snapDistance: Double) {
        let graph = compiled.graph
        // One profile's pieces per core: each is a search of the whole graph.
        let profiles = compiled.profiles
        pieces = ParallelWork.map(count: profiles.count, workers: ProcessInfo.processInfo.activeProcessorCount, chunk: 1) { index, _ in
            GraphPieces(graph: graph, costs: profiles[index].costs)
        }
        let projection = LocalProjection(origin: venue.boundingBox?.center ?? Coordinate(latitude: 0, longitude: 0))
        let nearby = NodeNeighbourhood(graph: graph, projection: projection, radius: snapDistance)

        let spaceNodes = Set(venue.spaces.compactMap { graph.placeNodes[.space($0.id)] })
        let neighbours = Self.walkNeighbours(of: spaceNodes, graph: graph)
        for space in venue.spaces {
            let key = PlaceKey.space(space.id)
            guard let own = graph.placeNodes[key] else { continue }
            let origin = graph.nodes[own].coordinate
            let candidates = (neighbours[own, default: []] + [own])
                .map { (projection.distance(origin, graph.nodes[$0].coordinate), $0) }.sorted { $0 < $1 }.map(\.1)
            nodes[key] = choose(own: own, candidates: candidates)
        }
        let levelIndex = Dictionary(graph.levelIDs.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        let ordinals = Dictionary(venue.levels.map { ($0.id, $0.ordinal) }, uniquingKeysWith: { a, _ in a })
        for poi in venue.pointsOfInterest {
            let key = PlaceKey.pointOfInterest(poi.id)
            guard let own = graph.placeNodes[key] else { continue }
            var candidates: [Int] = []
            // Candidates on the point's floor: its level and the others of the same ordinal.
            let levelID = poi.levelID ?? Level.outdoorID
            if let location = poi.location, let level = levelIndex[levelID] {
                let floor = [level] + graph.levelIDs.indices.filter { index in
                    index != level && ordinals[graph.levelIDs[index]] != nil && ordinals[graph.levelIDs[index]] == ordinals[levelID]
                }
                candidates = nearby.nodes(near: location, levels: floor)
            }
            nodes[key] = choose(own: own, candidates: candidates)
        }
    }

    private func choose(own: Int, candidates: [Int]) -> [Int] {
        pieces.map { profile in
            if profile.isMain(own) { return own }
            return candidates.first(where: profile.isMain) ?? own
        }
    }

    /// For each of `nodes`, the other ends of the walk arcs at it (either direction), each once.
    static func walkNeighbours(of nodes: Set<Int>, graph: NavigationGraph) -> [Int: [Int]] {
        var result: [Int: Set<Int>] = [:]
        // Arcs by index and field: iterating the array copies every arc and its references.
        for index in graph.arcs.indices where graph.arcs[index].kind == .walk {
            let tail = graph.arcs[index].tail, head = graph.arcs[index].head
            guard tail != head else { continue }
            if nodes.contains(tail) { result[tail, default: []].insert(head) }
            if nodes.contains(head) { result[head, default: []].insert(tail) }
        }
        return result.mapValues { Array($0) }
    }
}

/// Nodes per level bucketed in cells as large as a radius, for "every node within the radius of
/// a point, nearest first".
struct NodeNeighbourhood {
    let graph: NavigationGraph
    let projection: LocalProjection
    let radius: Double
    private var grids: [Int: SpatialGrid] = [:]

    init(graph: NavigationGraph, projection: LocalProjection, radius: Double) {
        self.graph = graph
        self.projection = projection
        self.radius = radius
        let cell = max(radius, 1)
        for (index, node) in graph.nodes.enumerated() {
            grids[node.level, default: SpatialGrid(cellSize: cell, projection: projection)].insert(index, at: node.coordinate)
        }
    }

    /// The nodes of `level` within the radius of `location`, by distance, ties to the lower node.
    func nodes(near location: Coordinate, level: Int) -> [Int] {
        nodes(near: location, levels: [level])
    }

    /// The nodes of any of `levels` within the radius of `location`, by distance, ties to the
    /// lower node.
    func nodes(near location: Coordinate, levels: [Int]) -> [Int] {
        levels.flatMap { grids[$0]?.nodes(near: location) ?? [] }
            .map { (projection.distance(location, graph.nodes[$0].coordinate), $0) }
            .filter { $0.0 <= radius }
            .sorted { $0 < $1 }
            .map(\.1)
    }
}
