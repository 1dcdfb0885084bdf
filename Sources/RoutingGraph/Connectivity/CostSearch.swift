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
        cost = Array(repeating: BundleFormat.impassable, count: nodeCount)
        source = Array(repeating: -1, count: nodeCount)
        arc = Array(repeating: -1, count: nodeCount)
        // Arcs grouped by the node the search leaves from.
        var start = [Int](repeating: 0, count: nodeCount + 1)
        let arcs = graph.arcs
        for index in arcs.indices where costs[index] != BundleFormat.impassable {
            start[(backwards ? arcs[index].head : arcs[index].tail) + 1] += 1
        }
        for node in 0..<nodeCount { start[node + 1] += start[node] }
        // Per slot: the arc, the node it leads to and its cost, so the search loop never touches
        // the arc records themselves (copying one retains its corner and label storage).
        var fill = start
        var order = [Int32](repeating: 0, count: start[nodeCount])
        var target = [Int32](repeating: 0, count: start[nodeCount])
        var weight = [UInt32](repeating: 0, count: start[nodeCount])
        for index in arcs.indices where costs[index] != BundleFormat.impassable {
            let from = backwards ? arcs[index].head : arcs[index].tail
            order[fill[from]] = Int32(index)
            target[fill[from]] = Int32(backwards ? arcs[index].tail : arcs[index].head)
            weight[fill[from]] = costs[index]
            fill[from] += 1
        }

        var heap = MinimumHeap()
        // Sources in ascending order, so ties go to the lowest source: results do not depend on
        // the order callers list them in.
        for node in Set(sources).sorted() where node < nodeCount {
            cost[node] = 0
            source[node] = Int32(node)
            heap.push(UInt64(node), Int32(node))
        }
        while let (key, value) = heap.pop() {
            let node = Int(value)
            let reached = UInt32(key >> 32)
            guard reached == cost[node] else { continue }
            for slot in start[node]..<start[node + 1] {
                let next = Int(target[slot])
                let total = UInt64(reached) + UInt64(weight[slot])
                guard total < UInt64(BundleFormat.impassable), UInt32(total) < cost[next] else { continue }
                cost[next] = UInt32(total)
                source[next] = source[node]
                arc[next] = order[slot]
                heap.push(total << 32 | UInt64(next), Int32(next))
            }
        }
    }

    func reaches(_ node: Int) -> Bool { cost[node] != BundleFormat.impassable }
}
