import NavFormat

extension BundleRouter {
    /// One side's arcs: CSR offsets, the other end of each arc and its weight.
    struct Side {
        let first: MappedHierarchy.Words
        let other: MappedHierarchy.Words
        let weight: MappedHierarchy.Words
        /// Arcs in the side's arrays, to check the offsets against.
        let count: Int
    }

    var up: Side { Side(first: hierarchy.upFirst, other: hierarchy.upHead, weight: hierarchy.upWeight, count: hierarchy.upCount) }
    var down: Side {
        Side(first: hierarchy.downFirst, other: hierarchy.downTail, weight: hierarchy.downWeight, count: hierarchy.downCount)
    }

    /// Runs both searches; returns the distance in milliseconds, `nil` when unreachable.
    func search(from source: Int, to target: Int) throws(ContainerError) -> UInt64? {
        guard (0..<bundle.nodeCount).contains(source), (0..<bundle.nodeCount).contains(target) else {
            throw .malformedSection(section: "NODE", detail: "route endpoint outside the graph")
        }
        forward.startQuery()
        backward.startQuery()
        forwardQueue.removeAll()
        backwardQueue.removeAll()
        best = .max
        meeting = -1
        settledNodes = 0
        let start = try rank(of: source), end = try rank(of: target)
        forward.reach(start, distance: 0, arc: Int(UInt32.max), from: Int(UInt32.max))
        forwardQueue.push(0, UInt32(start))
        backward.reach(end, distance: 0, arc: Int(UInt32.max), from: Int(UInt32.max))
        backwardQueue.push(0, UInt32(end))

        // The reference query of docs/bundle-format.md, step for step, so that every reader
        // returns the same path where several cost the same.
        let up = self.up, down = self.down
        var forwardTurn = true
        while true {
            let forwardOpen = Self.smallestCurrent(forwardQueue, forward) < best
            let backwardOpen = Self.smallestCurrent(backwardQueue, backward) < best
            guard forwardOpen || backwardOpen else { break }
            if forwardOpen && (forwardTurn || !backwardOpen) {
                try settle(forwardQueue, forward, other: backward, climb: up, stall: down)
            } else {
                try settle(backwardQueue, backward, other: forward, climb: down, stall: up)
            }
            forwardTurn.toggle()
            settledNodes += 1
        }
        return best == .max ? nil : best
    }

    /// The smallest distance in a lazy queue once outdated entries are dropped from its top.
    @inline(__always)
    private static func smallestCurrent(_ queue: RouterQueue, _ labels: SearchLabels) -> UInt64 {
        while let entry = queue.minimum {
            if entry.key == labels.distance(Int(entry.rank)) { return entry.key }
            _ = queue.pop()
        }
        return .max
    }

    private func rank(of node: Int) throws(ContainerError) -> Int {
        let rank = Int(hierarchy.rank[node])
        guard rank < hierarchy.nodeCount else { throw malformed("node \(node) has rank \(rank)") }
        return rank
    }

    /// The arcs of `node` on one side, checked to lie inside its arrays.
    @inline(__always)
    private func arcs(of node: Int, _ side: Side) throws(ContainerError) -> Range<Int> {
        let first = Int(side.first[node]), last = Int(side.first[node + 1])
        guard first <= last, last <= side.count else { throw malformed("arcs of rank \(node) lie outside the arrays") }
        return first..<last
    }

    /// Settles the next node of one side: records a meeting with the other side, stops if a node
    /// above already reached by this side reaches it more cheaply (stall-on-demand), otherwise
    /// relaxes its climbing arcs.
    @inline(__always)
    private func settle(_ queue: RouterQueue, _ labels: SearchLabels, other: SearchLabels, climb: Side,
                        stall: Side) throws(ContainerError) {
        // The top is current: smallestCurrent has just dropped outdated entries.
        guard let entry = queue.pop() else { return }
        let key = entry.key, node = Int(entry.rank)
        let there = other.distance(node)
        if there != .max, key + there < best {
            best = key + there
            meeting = node
        }
        for arc in try arcs(of: node, stall) {
            let above = Int(stall.other[arc])
            guard above < hierarchy.nodeCount else { throw malformed("arc \(arc) leads to rank \(above)") }
            let reached = labels.distance(above)
            if reached != .max, reached + UInt64(stall.weight[arc]) < key { return }
        }
        for arc in try arcs(of: node, climb) {
            let next = Int(climb.other[arc])
            guard next < hierarchy.nodeCount else { throw malformed("arc \(arc) leads to rank \(next)") }
            let total = key + UInt64(climb.weight[arc])
            guard total < labels.distance(next) else { continue }
            labels.reach(next, distance: total, arc: arc, from: node)
            queue.push(total, UInt32(next))
        }
    }
}
