/// The bidirectional query on a contraction hierarchy: the one implementation the contractor's
/// checks, the benchmarks and the runtime's router all run, over any ``HierarchyStorage`` and by
/// either ``SearchConvention``.
///
/// A forward search climbs the upward graph from the sources and a backward search climbs the
/// downward graph from the targets, taking turns, each pruned by stall-on-demand; the cheapest
/// meeting node gives the distance. With ``ExactSearch`` this is the reference query of
/// `docs/bundle-format.md` step for step (queues ordered by distance then rank), so every reader
/// returns the same path where several cost the same. A search object owns its buffers and
/// reuses them: keep one per thread.
public final class HierarchySearch<Storage: HierarchyStorage, Convention: SearchConvention> {
    public let storage: Storage
    /// Totals at or above this are not reached and meetings costing this or more do not count: a
    /// hierarchy of 32-bit distances passes `UInt64(UInt32.max)`, which means unreachable there.
    /// At most the convention's largest distance.
    public let limit: UInt64
    @usableFromInline let forward: SearchLabels<Convention>
    @usableFromInline let backward: SearchLabels<Convention>
    @usableFromInline var meetingRank = -1
    @usableFromInline var settledCount = 0

    public init(storage: Storage, limit: UInt64 = .max) {
        precondition(limit <= UInt64(Convention.Distance.max), "limit \(limit) does not fit the convention's distances")
        self.storage = storage
        self.limit = limit
        forward = SearchLabels(count: storage.nodeCount)
        backward = SearchLabels(count: storage.nodeCount)
    }

    /// Nodes the two searches of the last query settled: its search space, a measure of a
    /// hierarchy's quality that does not depend on the machine's speed.
    public var settledNodes: Int { settledCount }

    /// Runs both searches from input nodes `sources` to input nodes `targets` (ids outside the
    /// graph are ignored) and returns the distance, `nil` when no target can be reached.
    @inlinable
    public func run(from sources: [Int], to targets: [Int]) throws(Storage.Failure) -> UInt64? {
        forward.startQuery(starts: sources.count)
        backward.startQuery(starts: targets.count)
        // The best meeting so far lives in locals while searching: written to the class's
        // properties on every improvement it would pay an exclusivity check each time.
        var best = UInt64.max, meeting = -1
        defer { meetingRank = meeting }
        for source in sources where source >= 0 && source < storage.nodeCount {
            let rank = try storage.rank(of: source)
            forward.reach(rank, distance: 0, arc: .max, from: .max, origin: UInt32(rank))
        }
        for target in targets where target >= 0 && target < storage.nodeCount {
            let rank = try storage.rank(of: target)
            backward.reach(rank, distance: 0, arc: .max, from: .max, origin: UInt32(rank))
        }
        // The storage as a local: read through the class property, its arrays would be fetched
        // again for every arc.
        let storage = self.storage
        var forwardTurn = true, settled = 0
        while true {
            let forwardOpen = forward.queue.minimumKey < best
            let backwardOpen = backward.queue.minimumKey < best
            guard forwardOpen || backwardOpen else { break }
            if forwardOpen && (forwardTurn || !backwardOpen) {
                try settle(forward, other: backward, climbing: .up, in: storage, best: &best, meeting: &meeting)
            } else {
                try settle(backward, other: forward, climbing: .down, in: storage, best: &best, meeting: &meeting)
            }
            forwardTurn.toggle()
            settled += 1
        }
        settledCount = settled
        return best == .max ? nil : best
    }

    /// The input node of the targets that the last query's path ends at; `nil` when it found none.
    @inlinable
    public func reachedTarget() throws(Storage.Failure) -> Int? {
        guard meetingRank >= 0 else { return nil }
        return try storage.node(atRank: Int(backward.origin(meetingRank)))
    }

    /// Settles the next node of `side`: records a meeting with the other side, stops if a higher
    /// node already reached by this side reaches it more cheaply (stall-on-demand: no shortest
    /// path climbs on from here), otherwise relaxes the arcs it climbs.
    @inlinable @inline(__always)
    func settle(_ side: SearchLabels<Convention>, other: SearchLabels<Convention>, climbing graph: HierarchyGraph, in storage: Storage,
                best: inout UInt64, meeting: inout Int) throws(Storage.Failure) {
        guard let entry = side.queue.pop() else { return }
        let key = entry.key, node = Int(entry.node)
        let there = other.distance(node)
        if there != .max, key + there < best, key + there < limit {
            best = key + there
            meeting = node
        }
        let stall = graph.opposite
        for arc in try storage.arcs(stall, of: node) {
            let reached = side.distance(try storage.higherEnd(stall, of: arc))
            if reached != .max, reached + UInt64(storage.weight(stall, of: arc)) < key { return }
        }
        let origin = side.origin(node)
        for arc in try storage.arcs(graph, of: node) {
            let next = try storage.higherEnd(graph, of: arc)
            let total = key + UInt64(storage.weight(graph, of: arc))
            guard total < limit, total < side.distance(next) else { continue }
            side.reach(next, distance: total, arc: UInt32(truncatingIfNeeded: arc), from: UInt32(node), origin: origin)
        }
    }

    /// The input arcs of the path the last query found, from source to target.
    ///
    /// The path's hierarchy arcs wait on a stack as slots of the halves, the next one to walk on
    /// top; a shortcut gives way to its two halves until only input arcs are left. Unpacking is
    /// checked to stay inside the halves and to end, unless the storage is trusted: more
    /// expansions than the input graph has arcs means a loop.
    @inlinable
    public func unpack() throws(Storage.Failure) -> [Int] {
        guard meetingRank >= 0 else { return [] }
        var stack: [Int] = []
        stack.reserveCapacity(64)
        // The descent from the meeting node to the target: downward arcs stored at the lower end...
        var node = meetingRank
        while backward.hasParent(node) {
            let lower = Int(backward.parentNode(node))
            stack.append(storage.slot(.down, arc: Int(backward.parentArc(node)), at: lower))
            node = lower
        }
        stack.reverse()
        // ...then the climb from the source, whose parent links run from the meeting node down.
        node = meetingRank
        while forward.hasParent(node) {
            let lower = Int(forward.parentNode(node))
            stack.append(storage.slot(.up, arc: Int(forward.parentArc(node)), at: lower))
            node = lower
        }
        let limit = storage.inputArcCount, slots = storage.slotCount
        var arcs: [Int] = []
        arcs.reserveCapacity(stack.count * 8)
        // A trusted storage's checks fold away: `isTrusted` is a constant of the specialised code.
        let checked = !Storage.isTrusted
        var expansions = 0
        while let slot = stack.popLast() {
            if checked, slot < 0 || slot >= slots { throw storage.damaged("slot \(slot) lies outside halves") }
            let (first, second) = storage.halves(slot)
            if first & HierarchyLayout.originalArc != 0 {
                let arc = Int(first & ~HierarchyLayout.originalArc)
                if checked, arc >= limit || arcs.count >= limit {
                    throw storage.damaged("unpacking gives arc \(arc) or runs past \(limit) arcs")
                }
                arcs.append(arc)
            } else {
                expansions += 1
                if checked, Int(first) >= slots || Int(second) >= slots || expansions > limit {
                    throw storage.damaged("slot \(slot) has halves outside halves, or unpacking loops")
                }
                stack.append(Int(second))
                stack.append(Int(first))
            }
        }
        return arcs
    }
}
