import NavFormat

/// Plain Dijkstra on the input graph: the yardstick hierarchies are checked and timed against.
public struct ReferenceDijkstra {
    public let graph: WeightedGraph
    private let search: DijkstraSearch

    public init(graph: WeightedGraph) {
        self.graph = graph
        let arcs = AdjacencyArray(nodeCount: graph.nodeCount, tails: graph.tails, heads: graph.heads,
                                  weights: graph.weights)
        // Distances are 32-bit here, the largest value meaning unreachable, as in the hierarchy,
        // and ties may fall either way: a yardstick for distances, as fast as Dijkstra gets.
        search = DijkstraSearch(graph: arcs, limit: UInt64(WeightedGraph.unreachable), convention: .compact)
    }

    /// The distance from `source` to `target`, or `nil` when unreachable.
    public mutating func distance(from source: Int, to target: Int) -> UInt32? {
        search.run(from: [source], until: target)
        let distance = search.distance(target)
        return distance == .max ? nil : UInt32(distance)
    }

    /// The distances from `source` to each of `targets` (in their order; `nil` where unreachable),
    /// by one search that stops once every target is settled: a yardstick for many pairs at the
    /// price of about one search, where a search per pair would settle most nodes again each time.
    public mutating func distances(from source: Int, to targets: [Int]) -> [UInt32?] {
        guard !targets.isEmpty else { return [] }
        var marks = [Bool](repeating: false, count: graph.nodeCount)
        for target in targets { marks[target] = true }
        _ = search.run(from: [source], untilSettling: Set(targets).count, of: marks)
        return targets.map { target in
            let distance = search.distance(target)
            return distance == .max ? nil : UInt32(distance)
        }
    }

    /// The input arcs of a shortest path (one of them, when several tie).
    public mutating func path(from source: Int, to target: Int) -> [Int]? {
        search.run(from: [source], until: target)
        return search.pathSlots(to: target).map { slots in slots.map { Int(search.graph.arc[$0]) } }
    }
}
