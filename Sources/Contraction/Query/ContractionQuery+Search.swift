extension ContractionQuery {
    /// The arrays a search reads, as buffers: taken once per query instead of once per node.
    struct View {
        let upFirst: UnsafeBufferPointer<UInt32>
        let upHead: UnsafeBufferPointer<UInt32>
        let upWeight: UnsafeBufferPointer<UInt32>
        let downFirst: UnsafeBufferPointer<UInt32>
        let downTail: UnsafeBufferPointer<UInt32>
        let downWeight: UnsafeBufferPointer<UInt32>
    }

    func withView<T>(_ body: (View) -> T) -> T {
        let h = hierarchy
        return h.upFirst.withUnsafeBufferPointer { upFirst in
            h.upHead.withUnsafeBufferPointer { upHead in
                h.upWeight.withUnsafeBufferPointer { upWeight in
                    h.downFirst.withUnsafeBufferPointer { downFirst in
                        h.downTail.withUnsafeBufferPointer { downTail in
                            h.downWeight.withUnsafeBufferPointer { downWeight in
                                body(View(upFirst: upFirst, upHead: upHead, upWeight: upWeight, downFirst: downFirst,
                                          downTail: downTail, downWeight: downWeight))
                            }
                        }
                    }
                }
            }
        }
    }

    /// Runs both searches; afterwards ``best`` and ``meeting`` describe the shortest path found.
    func search(sources: [Int], targets: [Int]) {
        forward.reset()
        backward.reset()
        best = .max
        meeting = -1
        for source in sources where source >= 0 && source < hierarchy.nodeCount {
            let node = Int(hierarchy.rank[source])
            forward.reach(node, distance: 0, parent: .max, from: .max, origin: UInt32(node))
            forward.heap.update(Int32(node), key: 0)
        }
        for target in targets where target >= 0 && target < hierarchy.nodeCount {
            let node = Int(hierarchy.rank[target])
            backward.reach(node, distance: 0, parent: .max, from: .max, origin: UInt32(node))
            backward.heap.update(Int32(node), key: 0)
        }
        settledNodes = withView { view in
            var forwardTurn = true, settled = 0
            while true {
                let forwardOpen = forward.heap.minimumKey < best
                let backwardOpen = backward.heap.minimumKey < best
                guard forwardOpen || backwardOpen else { break }
                if forwardOpen && (forwardTurn || !backwardOpen) {
                    settle(forward, other: backward, climb: (view.upFirst, view.upHead, view.upWeight),
                           stall: (view.downFirst, view.downTail, view.downWeight))
                } else {
                    settle(backward, other: forward, climb: (view.downFirst, view.downTail, view.downWeight),
                           stall: (view.upFirst, view.upHead, view.upWeight))
                }
                forwardTurn.toggle()
                settled += 1
            }
            return settled
        }
    }

    typealias Arcs = (first: UnsafeBufferPointer<UInt32>, other: UnsafeBufferPointer<UInt32>,
                      weight: UnsafeBufferPointer<UInt32>)

    /// Settles the next node of `side`: records a meeting with the other side, stops if a higher
    /// node already reached by this side reaches it more cheaply (stall-on-demand: no shortest
    /// path climbs on from here), otherwise relaxes its `climb` arcs.
    @inline(__always)
    private func settle(_ side: SearchSide, other: SearchSide, climb: Arcs, stall: Arcs) {
        guard let (value, key) = side.heap.pop() else { return }
        let node = Int(value)
        let there = other.reached(node)
        // A total past 32 bits is as unreachable as Dijkstra's arithmetic makes it.
        if there != .max, key + UInt64(there) < best, key + UInt64(there) < UInt64(WeightedGraph.unreachable) {
            best = key + UInt64(there)
            meeting = value
        }
        for arc in Int(stall.first[node])..<Int(stall.first[node + 1]) {
            let above = side.reached(Int(stall.other[arc]))
            if above != .max, UInt64(above) + UInt64(stall.weight[arc]) < key { return }
        }
        let origin = side.label(node).origin
        for arc in Int(climb.first[node])..<Int(climb.first[node + 1]) {
            let next = Int(climb.other[arc])
            let total = key + UInt64(climb.weight[arc])
            guard total < UInt64(side.reached(next)) else { continue }
            side.reach(next, distance: UInt32(truncatingIfNeeded: total), parent: UInt32(arc), from: UInt32(node),
                       origin: origin)
            side.heap.update(Int32(next), key: total)
        }
    }
}
