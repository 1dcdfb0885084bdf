public import NavFormat

extension CustomisableTopology {
    /// The chordal graph a node order induces on a graph: the CCH's topology.
    ///
    /// Ranks are eliminated from the lowest. Eliminating a rank joins all its higher neighbours
    /// to each other, and those joins are what its parent in the elimination tree (the lowest of
    /// them) inherits; so each rank's upward neighbours are its own higher neighbours in the
    /// graph together with those its children in the tree passed up, which one pass computes.
    ///
    /// - Parameters:
    ///   - tails, heads: the input arcs.
    ///   - usable: whether any metric may ever use each arc; the others get no slot.
    ///   - rank: the order, a permutation of the nodes.
    public static func build(nodeCount: Int, tails: [UInt32], heads: [UInt32], usable: [Bool],
                             rank: [UInt32]) -> CustomisableTopology {
        precondition(rank.count == nodeCount && tails.count == heads.count && heads.count == usable.count)
        // Each rank's higher neighbours in the input graph, as a CSR over ranks.
        var pairs: [UInt64] = []
        pairs.reserveCapacity(tails.count)
        for arc in tails.indices where usable[arc] && tails[arc] != heads[arc] {
            let a = UInt64(rank[Int(tails[arc])]), b = UInt64(rank[Int(heads[arc])])
            pairs.append(min(a, b) << 32 | max(a, b))
        }
        pairs.sort()
        var inputFirst = [Int](repeating: 0, count: nodeCount + 1)
        var inputHigher: [UInt32] = []
        var previous = UInt64.max
        for pair in pairs where pair != previous {
            previous = pair
            inputFirst[Int(pair >> 32) + 1] += 1
            inputHigher.append(UInt32(truncatingIfNeeded: pair))
        }
        for r in 0..<nodeCount { inputFirst[r + 1] += inputFirst[r] }

        // Upward lists by ascending rank; a child's list waits in `pending` for its parent.
        var upFirst = [UInt32](repeating: 0, count: nodeCount + 1)
        var upHead: [UInt32] = []
        upHead.reserveCapacity(pairs.count * 2)
        var childrenFirst = [Int32](repeating: -1, count: nodeCount)
        var nextSibling = [Int32](repeating: -1, count: nodeCount)
        var mark = [Int32](repeating: -1, count: nodeCount)
        var gathered: [UInt32] = []
        for r in 0..<nodeCount {
            gathered.removeAll(keepingCapacity: true)
            mark[r] = Int32(r)
            for higher in inputHigher[inputFirst[r]..<inputFirst[r + 1]] where mark[Int(higher)] != Int32(r) {
                mark[Int(higher)] = Int32(r)
                gathered.append(higher)
            }
            var child = childrenFirst[r]
            while child >= 0 {
                for higher in upHead[Int(upFirst[Int(child)])..<Int(upFirst[Int(child) + 1])] where mark[Int(higher)] != Int32(r) {
                    mark[Int(higher)] = Int32(r)
                    gathered.append(higher)
                }
                child = nextSibling[Int(child)]
            }
            gathered.sort()
            upHead.append(contentsOf: gathered)
            upFirst[r + 1] = UInt32(upHead.count)
            if let parent = gathered.first {
                nextSibling[r] = childrenFirst[Int(parent)]
                childrenFirst[Int(parent)] = Int32(r)
            }
        }

        do {
            return try CustomisableTopology(rank: rank, upFirst: upFirst, upHead: upHead,
                                            inputTails: tails, inputHeads: heads, usable: usable)
        } catch {
            preconditionFailure("a topology built here is sound: \(error)")
        }
    }
}
