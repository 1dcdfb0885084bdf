import NavFormat

/// Multi-source Dijkstra over one profile's arc costs, forward or against arc direction.
///
/// Searching backwards from the exits answers, for every node at once, how long it takes to get
/// out and which arc to take first: the egress table is that search's tree.
struct CostSearch {
    /// Milliseconds from the nearest source (or to it, backwards); `impassable` when unreachable.
    private(set) var cost: [UInt32]
    /// The source each node is nearest to; `-1` when unreachable.
    private(set) var source: [Int32]
    /// The arc by which the search reached each node; `-1` for sources and unreachable nodes.
    /// Backwards, it is the first arc to walk from the node towards its source.
    private(set) var arc: [Int32]

    init(graph: NavigationGraph, costs: [UInt32], sources: [Int], backwards: Bool = false) {
        let nodeCount = graph.nodes.count
        let arcs = AdjacencyArray(nodeCount: nodeCount, tails: graph.arcs.map(\.tail), heads: graph.arcs.map(\.head),
                                  weights: costs, reversed: backwards)
        // Costs are stored in 32 bits, the largest value meaning unreachable.
        let search = DijkstraSearch(graph: arcs, limit: UInt64(BundleFormat.impassable))
        search.run(from: sources)
        cost = Array(repeating: BundleFormat.impassable, count: nodeCount)
        source = Array(repeating: -1, count: nodeCount)
        arc = Array(repeating: -1, count: nodeCount)
        for node in 0..<nodeCount {
            let distance = search.distance(node)
            guard distance != .max else { continue }
            cost[node] = UInt32(distance)
            source[node] = Int32(search.origin(node) ?? -1)
            arc[node] = search.parentSlot(node).map { Int32(arcs.arc[$0]) } ?? -1
        }
    }

    func reaches(_ node: Int) -> Bool { cost[node] != BundleFormat.impassable }
}
