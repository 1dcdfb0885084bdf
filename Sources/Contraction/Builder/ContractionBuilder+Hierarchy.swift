/// Turning the contracted nodes' arcs into the flat arrays of a ``ContractionHierarchy``.
extension ContractionBuilder.Run {
    /// The hierarchy in rank order: node `r` of the arrays is the node contracted `r`-th.
    func hierarchy() -> ContractionHierarchy {
        var nodeAtRank = [UInt32](repeating: 0, count: nodeCount)
        for node in 0..<nodeCount { nodeAtRank[Int(rank[node])] = UInt32(node) }
        func flatten(_ lists: [[DynamicGraph.Edge]]) -> (first: [UInt32], other: [UInt32], weight: [UInt32], via: [UInt32]) {
            var first = [UInt32](repeating: 0, count: nodeCount + 1)
            var other: [UInt32] = [], weight: [UInt32] = [], via: [UInt32] = []
            let total = lists.reduce(0) { $0 + $1.count }
            other.reserveCapacity(total)
            weight.reserveCapacity(total)
            via.reserveCapacity(total)
            for position in 0..<nodeCount {
                let node = Int(nodeAtRank[position])
                let edges = lists[node].sorted { rank[Int($0.other)] < rank[Int($1.other)] }
                for edge in edges {
                    other.append(rank[Int(edge.other)])
                    weight.append(edge.weight)
                    via.append(edge.via >= 0 ? rank[Int(edge.via)] : ContractionHierarchy.originalArc | UInt32(-(edge.via + 1)))
                }
                first[position + 1] = UInt32(other.count)
            }
            return (first, other, weight, via)
        }
        let up = flatten(upward), down = flatten(downward)
        // A shortcut's halves were frozen at its middle node when that node was contracted;
        // they are found once here so that no query has to look for them.
        func halves(via: UInt32, tail: UInt32, head: UInt32) -> (UInt32, UInt32) {
            guard via & ContractionHierarchy.originalArc == 0 else { return (via, via) }
            let middle = Int(via)
            guard let first = Self.find(tail, in: down.other, Int(down.first[middle])..<Int(down.first[middle + 1])),
                  let second = Self.find(head, in: up.other, Int(up.first[middle])..<Int(up.first[middle + 1])) else {
                preconditionFailure("shortcut \(tail) -> \(head) lost its halves at \(middle)")
            }
            return (up.first[middle] + UInt32(first), down.first[middle + 1] + UInt32(second))
        }
        var slots = [UInt32]()
        slots.reserveCapacity(2 * (up.other.count + down.other.count))
        for node in 0..<nodeCount {
            for arc in Int(down.first[node])..<Int(down.first[node + 1]) {
                let (first, second) = halves(via: down.via[arc], tail: down.other[arc], head: UInt32(node))
                slots.append(first)
                slots.append(second)
            }
            for arc in Int(up.first[node])..<Int(up.first[node + 1]) {
                let (first, second) = halves(via: up.via[arc], tail: UInt32(node), head: up.other[arc])
                slots.append(first)
                slots.append(second)
            }
        }
        return ContractionHierarchy(rank: rank, nodeAtRank: nodeAtRank,
                                    upFirst: up.first, upHead: up.other, upWeight: up.weight, upVia: up.via,
                                    downFirst: down.first, downTail: down.other, downWeight: down.weight,
                                    downVia: down.via, halves: slots)
    }

    /// The index of `node` in the sorted slice `range` of `ends`, if present.
    static func find(_ node: UInt32, in ends: [UInt32], _ range: Range<Int>) -> Int? {
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] < node { low = middle + 1 } else { high = middle }
        }
        return low < range.upperBound && ends[low] == node ? low : nil
    }
}
