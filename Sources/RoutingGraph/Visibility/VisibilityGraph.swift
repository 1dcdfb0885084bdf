import VenueModel

/// Shortest paths inside one space: straight where two points see each other, otherwise around
/// the space's reflex corners inset by a clearance.
///
/// The corners and which of them see each other depend only on the outline, so they are computed
/// once per space and reused for every level the space repeats on.
struct VisibilityGraph {
    /// A shortest path between two anchors, as local indexes and the corners it bends around.
    struct AnchorPath {
        var from: Int
        var to: Int
        var corners: [PlanarPoint]
    }

    let outline: SpaceOutline
    let corners: [PlanarPoint]
    /// For each corner, the corners it sees and how far they are.
    private let cornerLinks: [[(corner: Int, metres: Double)]]

    init(outline: SpaceOutline, clearance: Double) {
        self.outline = outline
        let corners = outline.insetReflexCorners(clearance: clearance)
        var links = Array(repeating: [(corner: Int, metres: Double)](), count: corners.count)
        for i in corners.indices {
            for j in (i + 1)..<corners.count where outline.isVisible(corners[i], corners[j]) {
                let metres = corners[i].distance(to: corners[j])
                links[i].append((j, metres))
                links[j].append((i, metres))
            }
        }
        self.corners = corners
        cornerLinks = links
    }

    /// Segment tests a space with this many anchors costs: what the size bound measures.
    static func work(anchors: Int, corners: Int, edges: Int) -> Int {
        let nodes = anchors + corners
        return nodes * nodes / 2 * edges
    }

    /// Adjacency of the local graph, anchors first, then corners: pairs that see each other
    /// (tested from the anchors' entry points), with metres between the anchors' `positions`.
    private func links(anchors: [PlanarPoint], positions: [PlanarPoint]) -> [[(node: Int, metres: Double)]] {
        let anchorCount = anchors.count
        var links = Array(repeating: [(node: Int, metres: Double)](), count: anchorCount + corners.count)
        for i in 0..<anchorCount {
            for j in (i + 1)..<links.count {
                let seen = j < anchorCount ? anchors[j] : corners[j - anchorCount]
                guard outline.isVisible(anchors[i], seen) else { continue }
                let metres = positions[i].distance(to: j < anchorCount ? positions[j] : seen)
                links[i].append((j, metres))
                links[j].append((i, metres))
            }
        }
        for (corner, neighbours) in cornerLinks.enumerated() {
            links[anchorCount + corner] += neighbours.map { (anchorCount + $0.corner, $0.metres) }
        }
        return links
    }

    /// The shortest path between every pair of anchors that can reach each other inside the space.
    ///
    /// Paths never pass through a third anchor: each pair gets its own edge, so a route along a
    /// corridor does not detour to the doors it walks past.
    func pathsBetween(anchors: [PlanarPoint]) -> [AnchorPath] {
        let anchorCount = anchors.count
        let nodeCount = anchorCount + corners.count
        func point(_ node: Int) -> PlanarPoint { node < anchorCount ? anchors[node] : corners[node - anchorCount] }
        let links = links(anchors: anchors, positions: anchors)

        var result: [AnchorPath] = []
        var distance = [Double](repeating: .infinity, count: nodeCount)
        var previous = [Int](repeating: -1, count: nodeCount)
        var settled = [Bool](repeating: false, count: nodeCount)
        for source in 0..<anchorCount {
            for index in 0..<nodeCount {
                distance[index] = .infinity
                previous[index] = -1
                settled[index] = false
            }
            distance[source] = 0
            // Dense Dijkstra: the local graphs are small (bounded by the caller), and a linear scan
            // beats a heap below a few hundred nodes.
            while true {
                var current = -1
                var best = Double.infinity
                for index in 0..<nodeCount where !settled[index] && distance[index] < best {
                    best = distance[index]
                    current = index
                }
                guard current >= 0 else { break }
                settled[current] = true
                // Other anchors end paths; they are not passed through.
                if current != source && current < anchorCount { continue }
                for (next, metres) in links[current] where !settled[next] && best + metres < distance[next] {
                    distance[next] = best + metres
                    previous[next] = current
                }
            }
            for target in (source + 1)..<anchorCount where distance[target].isFinite {
                var via: [PlanarPoint] = []
                var step = previous[target]
                while step != source && step >= 0 {
                    via.append(point(step))
                    step = previous[step]
                }
                result.append(AnchorPath(from: source, to: target, corners: via.reversed()))
            }
        }
        return result
    }

    /// The visibility graph itself, for spaces with too many anchors for a path per pair: anchors
    /// and corners as nodes (anchors first), an edge per visible pair, except where a third node
    /// lies within `detour` (relative) of the straight line, since walking through it costs
    /// almost nothing more. Both halves must be shorter than the edge they replace, so pruning
    /// never removes a pair of edges that stood for each other. Intermediates are looked for among
    /// each node's `candidates` nearest visible neighbours, so pruning costs little per edge.
    ///
    /// Visibility is tested from the anchors' entry points; distances are measured from where
    /// the anchors' nodes stand (`positions`), since routes pass through those nodes.
    func sparseEdges(anchors: [PlanarPoint], positions: [PlanarPoint], detour: Double = 0.005, candidates: Int = 16)
        -> [(from: Int, to: Int, metres: Double)] {
        let anchorCount = anchors.count
        let nodeCount = anchorCount + corners.count
        func point(_ node: Int) -> PlanarPoint { node < anchorCount ? positions[node] : corners[node - anchorCount] }
        let links = links(anchors: anchors, positions: positions)
        let nearest: [[(node: Int, metres: Double)]] = links.map { neighbours in
            Array(neighbours.sorted { ($0.metres, $0.node) < ($1.metres, $1.node) }.prefix(candidates))
        }
        let visible: [Set<Int>] = links.map { Set($0.map(\.node)) }
        var result: [(from: Int, to: Int, metres: Double)] = []
        for u in 0..<nodeCount {
            for (w, metres) in links[u] where w > u {
                let shortcut = nearest[u].contains { middle in
                    middle.node != w && visible[w].contains(middle.node)
                        && middle.metres + point(middle.node).distance(to: point(w)) <= metres * (1 + detour)
                        && middle.metres < metres && point(middle.node).distance(to: point(w)) < metres
                }
                if !shortcut { result.append((u, w, metres)) }
            }
        }
        return result
    }
}
