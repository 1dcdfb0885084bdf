/// The undirected simple graph under a directed one: what a metric-independent order looks at.
///
/// Each pair of distinct nodes joined by a usable arc in either direction becomes one edge,
/// listed at both ends in ascending order; loops and unusable arcs are left out.
struct UndirectedGraph {
    let nodeCount: Int
    /// Node `v`'s neighbours are `adjacent[first[v] ..< first[v + 1]]`.
    let first: [Int32]
    let adjacent: [Int32]

    init(nodeCount: Int, tails: [UInt32], heads: [UInt32], usable: [Bool]) {
        var pairs: [UInt64] = []
        pairs.reserveCapacity(tails.count * 2)
        for arc in tails.indices where usable[arc] && tails[arc] != heads[arc] {
            let tail = UInt64(tails[arc]), head = UInt64(heads[arc])
            pairs.append(tail << 32 | head)
            pairs.append(head << 32 | tail)
        }
        pairs.sort()
        var first = [Int32](repeating: 0, count: nodeCount + 1)
        var adjacent: [Int32] = []
        adjacent.reserveCapacity(pairs.count)
        var previous = UInt64.max
        for pair in pairs where pair != previous {
            previous = pair
            first[Int(pair >> 32) + 1] += 1
            adjacent.append(Int32(truncatingIfNeeded: pair & 0xFFFF_FFFF))
        }
        for node in 0..<nodeCount { first[node + 1] += first[node] }
        self.nodeCount = nodeCount
        self.first = first
        self.adjacent = adjacent
    }
}
