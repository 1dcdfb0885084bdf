/// The metric-independent part of a customisable contraction hierarchy (CCH): a node order and
/// the chordal graph it induces, shared by every profile (`docs/contraction.md`).
///
/// Nodes here are ranks. Each rank's *upward* arcs lead to the higher-ranked neighbours it has
/// once every lower rank has been eliminated, sorted by rank; the lowest of them is its parent in
/// the elimination tree. An arc is undirected: a metric gives it one weight upward (from its
/// lower end to its higher one) and one downward. Every usable input arc has a slot, the arc and
/// direction it becomes, so a metric is made from any profile's input weights.
///
/// The arrays are checked in full when a topology is made, so customising and querying can trust
/// them: ranks are a permutation, offsets rise and stay in range, heads climb strictly within each
/// rank's list, and every usable input arc joins two ranks the topology joins. Chordality (the
/// higher neighbours of a rank are joined to each other) is checked by customisation, which is
/// the first to rely on it.
public struct CustomisableTopology: Sendable {
    /// Marks an input arc that no metric may use (a loop, or an arc no profile can pass).
    public static let noSlot = UInt32.max

    public let nodeCount: Int
    /// The rank of each input node.
    public let rank: [UInt32]
    /// Rank `r`'s upward arcs are `upFirst[r] ..< upFirst[r + 1]`.
    public let upFirst: [UInt32]
    /// The higher end of each arc, ascending within each rank's list.
    public let upHead: [UInt32]
    /// The lower end of each arc: the rank whose list holds it.
    public let upTail: [UInt32]
    /// Per input arc: `arc << 1 | direction` (0 upward, 1 downward), or ``noSlot``.
    public let inputSlot: [UInt32]
    /// Rank `r`'s downward neighbours: the arcs whose higher end is `r`, as `downArc[downFirst[r] ..<
    /// downFirst[r + 1]]`, by ascending lower end. Derived, for updating a metric in place.
    public let downFirst: [UInt32]
    public let downArc: [UInt32]
    /// The input arcs each arc stands for: `slotInputs[slotInputFirst[a] ..< slotInputFirst[a + 1]]`,
    /// ascending, in either direction (``inputSlot`` tells which). Derived, so that updating a
    /// metric can recompute one arc without a pass over every input arc.
    public let slotInputFirst: [UInt32]
    public let slotInputs: [UInt32]
    /// The ranks grouped by their height in the elimination tree (leaves 0), each group
    /// ascending: height `h` is `levelRanks[levelFirst[h] ..< levelFirst[h + 1]]`. Ranks of one
    /// height write disjoint arcs when customised, so a customisation shares each height among
    /// the cores. Derived once here, since every customisation of every profile needs it.
    public let levelRanks: [UInt32]
    public let levelFirst: [UInt32]
    /// The size of the largest height group.
    public let widestLevel: Int

    /// Arcs of the chordal graph.
    public var arcCount: Int { upHead.count }
    /// Arcs of the input graph the slots were made for.
    public var inputArcCount: Int { inputSlot.count }

    /// A topology from its stored arrays, checked, with the slots of the input graph's arcs.
    ///
    /// - Parameters:
    ///   - inputTails, inputHeads: the input graph's arcs.
    ///   - usable: whether any metric may use each arc (a loop never can); each usable arc must
    ///     join two ranks the topology joins, and the others get ``noSlot``.
    /// - Throws: ``Failure`` naming the first inconsistency.
    public init(rank: [UInt32], upFirst: [UInt32], upHead: [UInt32],
                inputTails: [UInt32], inputHeads: [UInt32], usable: [Bool]) throws(Failure) {
        let nodeCount = rank.count
        guard upFirst.count == nodeCount + 1, upFirst.first == 0, Int(upFirst[nodeCount]) == upHead.count else {
            throw Failure("the arc offsets do not cover \(upHead.count) arcs of \(nodeCount) ranks")
        }
        guard upHead.count < Int(Self.noSlot >> 1), usable.count == inputTails.count, inputTails.count == inputHeads.count else {
            throw Failure("\(upHead.count) arcs do not fit the slots, or the input arcs' arrays differ in length")
        }
        var seen = [Bool](repeating: false, count: nodeCount)
        for node in 0..<nodeCount {
            let r = Int(rank[node])
            guard r < nodeCount, !seen[r] else { throw Failure("the ranks are not a permutation (node \(node) has rank \(r))") }
            seen[r] = true
        }
        var tail = [UInt32](repeating: 0, count: upHead.count)
        var below = [UInt32](repeating: 0, count: nodeCount + 1)
        for r in 0..<nodeCount {
            let first = Int(upFirst[r]), last = Int(upFirst[r + 1])
            guard first <= last else { throw Failure("the arc offsets of rank \(r) fall") }
            var previous = r
            for arc in first..<last {
                let head = Int(upHead[arc])
                guard head > previous, head < nodeCount else {
                    throw Failure("arc \(arc) of rank \(r) leads to rank \(head), not above the one before it")
                }
                previous = head
                tail[arc] = UInt32(r)
                below[head + 1] += 1
            }
        }
        for r in 0..<nodeCount { below[r + 1] += below[r] }
        var fill = below
        var downArc = [UInt32](repeating: 0, count: upHead.count)
        for arc in 0..<upHead.count {
            let head = Int(upHead[arc])
            downArc[Int(fill[head])] = UInt32(arc)
            fill[head] += 1
        }
        var slots = [UInt32](repeating: Self.noSlot, count: inputTails.count)
        for arc in inputTails.indices where usable[arc] && inputTails[arc] != inputHeads[arc] {
            let from = Int(inputTails[arc]), to = Int(inputHeads[arc])
            guard from < nodeCount, to < nodeCount else { throw Failure("input arc \(arc) joins nodes outside the topology") }
            let (low, high) = (min(Int(rank[from]), Int(rank[to])), max(Int(rank[from]), Int(rank[to])))
            guard let slot = Self.arc(from: low, to: high, first: upFirst, head: upHead) else {
                throw Failure("input arc \(arc) joins ranks \(low) and \(high), which the topology does not join")
            }
            slots[arc] = UInt32(slot) << 1 | (Int(rank[from]) == low ? 0 : 1)
        }
        var inputFirst = [UInt32](repeating: 0, count: upHead.count + 1)
        for slot in slots where slot != Self.noSlot { inputFirst[Int(slot >> 1) + 1] += 1 }
        for arc in 0..<upHead.count { inputFirst[arc + 1] += inputFirst[arc] }
        var inputFill = inputFirst
        var inputs = [UInt32](repeating: 0, count: Int(inputFirst[upHead.count]))
        for (arc, slot) in slots.enumerated() where slot != Self.noSlot {
            inputs[Int(inputFill[Int(slot >> 1)])] = UInt32(arc)
            inputFill[Int(slot >> 1)] += 1
        }
        self.nodeCount = nodeCount
        self.rank = rank
        self.upFirst = upFirst
        self.upHead = upHead
        self.upTail = tail
        self.inputSlot = slots
        self.downFirst = below
        self.downArc = downArc
        self.slotInputFirst = inputFirst
        self.slotInputs = inputs
        (levelRanks, levelFirst, widestLevel) = Self.heightLevels(upFirst: upFirst, upHead: upHead)
    }

    /// The ranks grouped by height in the elimination tree, by a counting sort into one flat
    /// array (see ``levelRanks``), and the largest group's size.
    static func heightLevels(upFirst: [UInt32], upHead: [UInt32]) -> (ranks: [UInt32], first: [UInt32], widest: Int) {
        let count = upFirst.count - 1
        var height = [UInt32](repeating: 0, count: count)
        var ranks = [UInt32](repeating: 0, count: count)
        var sizes: [UInt32] = [0]
        var widest = 0
        upFirst.withUnsafeBufferPointer { upFirst in
        upHead.withUnsafeBufferPointer { upHead in
        height.withUnsafeMutableBufferPointer { height in
            var tallest = 0
            for rank in 0..<count {
                let h = height[rank]
                tallest = max(tallest, Int(h) + 1)
                // The parent is the lowest upward neighbour, the first in the rank's list, and
                // lies above the rank: its height is final once every rank below it is seen.
                let arc = Int(upFirst[rank])
                if arc < Int(upFirst[rank + 1]) {
                    let parent = Int(upHead[arc])
                    height[parent] = max(height[parent], h + 1)
                }
            }
            sizes = [UInt32](repeating: 0, count: tallest + 1)
            for rank in 0..<count { sizes[Int(height[rank]) + 1] += 1 }
            for h in 0..<tallest {
                widest = max(widest, Int(sizes[h + 1]))
                sizes[h + 1] += sizes[h]
            }
            var next = sizes
            ranks.withUnsafeMutableBufferPointer { ranks in
                for rank in 0..<count {
                    let h = Int(height[rank])
                    ranks[Int(next[h])] = UInt32(rank)
                    next[h] += 1
                }
            }
        }}}
        return (ranks, sizes, widest)
    }

    /// The arc joining rank `lower` to the higher rank `higher`, or `nil` when there is none.
    @inlinable
    public func arc(from lower: Int, to higher: Int) -> Int? {
        Self.arc(from: lower, to: higher, first: upFirst, head: upHead)
    }

    @inlinable
    static func arc(from lower: Int, to higher: Int, first: [UInt32], head: [UInt32]) -> Int? {
        var low = Int(first[lower]), high = Int(first[lower + 1])
        while low < high {
            let middle = (low + high) / 2
            if Int(head[middle]) < higher { low = middle + 1 } else { high = middle }
        }
        return low < Int(first[lower + 1]) && Int(head[low]) == higher ? low : nil
    }

    /// The parent of `rank` in the elimination tree (its lowest upward neighbour), or `nil` at a root.
    @inlinable
    public func parent(of rank: Int) -> Int? {
        let first = Int(upFirst[rank])
        return first < Int(upFirst[rank + 1]) ? Int(upHead[first]) : nil
    }

    /// Why stored arrays do not make a topology.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }
}
