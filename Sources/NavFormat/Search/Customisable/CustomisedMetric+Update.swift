extension CustomisedMetric {
    /// Brings the metric up to date after the input arcs in `changed` took new weights: the
    /// incremental customisation of a few closures and slow-downs.
    ///
    /// The result is exactly what `init(topology:inputWeights:)` gives for `inputWeights`, vias
    /// included. A full customisation leaves each arc, per direction, at the least of its
    /// candidates in the order (weight, input arcs before lower triangles, input index or middle
    /// rank). So when a lower arc's weight changes, each triangle it is a side of is offered
    /// again to its top arc: a lighter candidate, or an equal one through a lower middle, is
    /// taken at once; only a top arc whose chosen triangle got heavier, or whose input arcs
    /// changed, is recomputed from all its candidates. Changes travel upward and stop where a
    /// weight stays the same.
    ///
    /// The metric must be the full customisation of `topology` for some weights that differ from
    /// `inputWeights` at most at `changed`; a full customisation also checked the topology.
    ///
    /// - Returns: how many arcs were looked at again.
    @discardableResult
    public mutating func update(topology: CustomisableTopology, inputWeights: [UInt32], changed: some Sequence<Int>) -> Int {
        precondition(inputWeights.count == topology.inputArcCount, "one weight per input arc")
        var pending = PendingArcs(arcCount: topology.arcCount)
        for input in changed where topology.inputSlot[input] != CustomisableTopology.noSlot {
            let arc = Int(topology.inputSlot[input] >> 1)
            pending.touch(arc, before: (up[arc], down[arc]), recompute: true)
        }
        var looked = 0
        var settled: [Int] = []
        // Arcs are numbered by their lower end, and both sides of a lower triangle have a lower
        // end below the top arc's: taken in ascending order, an arc's triangles are all final.
        while let lowest = pending.lowest {
            // Every arc of one lower end is final before any of them offers its triangles, so
            // no offer reads a side that is still to change.
            let lowerEnd = topology.upTail[lowest]
            settled.removeAll(keepingCapacity: true)
            while let arc = pending.lowest, topology.upTail[arc] == lowerEnd {
                let entry = pending.removeLowest()
                looked += 1
                if entry.recompute { recompute(arc, topology: topology, inputWeights: inputWeights) }
                if up[arc] != entry.before.up || down[arc] != entry.before.down { settled.append(arc) }
            }
            for arc in settled { offerTriangles(of: arc, topology: topology, to: &pending) }
        }
        return looked
    }

    /// Offers each triangle whose lower side is `arc` to its top arc, after `arc` changed.
    private mutating func offerTriangles(of arc: Int, topology: CustomisableTopology, to pending: inout PendingArcs) {
        let v = Int(topology.upTail[arc]), y = Int(topology.upHead[arc])
        topology.upFirst.withUnsafeBufferPointer { first in
        topology.upHead.withUnsafeBufferPointer { head in
            let vFirst = Int(first[v]), vEnd = Int(first[v + 1])
            // Upper neighbours z of v above y: the top arc (y, z) is in y's list, which climbs
            // like v's, so one merge finds them all.
            var k = Int(first[y])
            let kEnd = Int(first[y + 1])
            for other in (arc + 1)..<vEnd {
                let z = head[other]
                while k < kEnd && head[k] < z { k += 1 }
                // The topology is chordal (a full customisation checked it), so (y, z) exists.
                guard k < kEnd && head[k] == z else { continue }
                offer(v: v, toP: arc, toQ: other, top: k, to: &pending)
            }
            // Those below y: the top arc (z, y) is in z's list.
            for other in vFirst..<arc {
                let z = Int(head[other])
                var low = Int(first[z]), high = Int(first[z + 1])
                while low < high {
                    let middle = (low + high) / 2
                    if Int(head[middle]) < y { low = middle + 1 } else { high = middle }
                }
                guard low < Int(first[z + 1]) && Int(head[low]) == y else { continue }
                offer(v: v, toP: other, toQ: arc, top: low, to: &pending)
            }
        }}
    }

    /// Offers the triangle with sides (v, p) and (v, q) to its top arc (p, q), p < q.
    @inline(__always)
    private mutating func offer(v: Int, toP: Int, toQ: Int, top: Int, to pending: inout PendingArcs) {
        let upward = UInt64(down[toP]) + UInt64(up[toQ]), downward = UInt64(down[toQ]) + UInt64(up[toP])
        let upChange = Self.offer(upward, through: UInt32(v), to: up[top], via: upVia[top])
        let downChange = Self.offer(downward, through: UInt32(v), to: down[top], via: downVia[top])
        guard upChange != .none || downChange != .none else { return }
        pending.touch(top, before: (up[top], down[top]), recompute: upChange == .recompute || downChange == .recompute)
        if upChange == .take { up[top] = UInt32(truncatingIfNeeded: upward); upVia[top] = UInt32(v) }
        if downChange == .take { down[top] = UInt32(truncatingIfNeeded: downward); downVia[top] = UInt32(v) }
    }

    /// What a changed triangle through `middle` does to one direction of its top arc.
    private enum Offer { case none, take, recompute }

    private static func offer(_ candidate: UInt64, through middle: UInt32, to weight: UInt32, via: UInt32) -> Offer {
        if via == middle {
            // The triangle was the arc's choice: lighter stays its choice, heavier needs them all.
            return candidate < UInt64(weight) ? .take : candidate > UInt64(weight) ? .recompute : .none
        }
        // Input arcs win ties, and so does a lower middle; `noVia` counts as an input here,
        // which is right, since it stands for a weight no candidate can be strictly below.
        let viaIsTriangle = via & inputArc == 0
        if candidate < UInt64(weight) || (candidate == UInt64(weight) && viaIsTriangle && via > middle) { return .take }
        return .none
    }

    /// Sets one arc's weights and vias from its input arcs and its lower triangles, as a full
    /// customisation would: the lightest input arc of lowest index, then each lower triangle by
    /// ascending middle rank when strictly lighter.
    private mutating func recompute(_ arc: Int, topology: CustomisableTopology, inputWeights: [UInt32]) {
        var upWeight = Self.infinity, downWeight = Self.infinity
        var upOrigin = Self.noVia, downOrigin = Self.noVia
        for position in Int(topology.slotInputFirst[arc])..<Int(topology.slotInputFirst[arc + 1]) {
            let input = Int(topology.slotInputs[position]), weight = inputWeights[input]
            if topology.inputSlot[input] & 1 == 0 {
                if weight < upWeight { upWeight = weight; upOrigin = Self.inputArc | UInt32(input) }
            } else if weight < downWeight {
                downWeight = weight
                downOrigin = Self.inputArc | UInt32(input)
            }
        }
        // The common lower neighbours v of x and y, by merging their downward lists (both
        // ascending by lower end): arcs (v, x) and (v, y).
        let x = Int(topology.upTail[arc]), y = Int(topology.upHead[arc])
        var i = Int(topology.downFirst[x]), j = Int(topology.downFirst[y])
        let iEnd = Int(topology.downFirst[x + 1]), jEnd = Int(topology.downFirst[y + 1])
        while i < iEnd && j < jEnd {
            let toX = Int(topology.downArc[i]), toY = Int(topology.downArc[j])
            let v = topology.upTail[toX], w = topology.upTail[toY]
            if v < w { i += 1; continue }
            if w < v { j += 1; continue }
            // x → v → y upward, y → v → x downward.
            let upward = UInt64(down[toX]) + UInt64(up[toY])
            if upward < UInt64(upWeight) { upWeight = UInt32(truncatingIfNeeded: upward); upOrigin = v }
            let downward = UInt64(down[toY]) + UInt64(up[toX])
            if downward < UInt64(downWeight) { downWeight = UInt32(truncatingIfNeeded: downward); downOrigin = v }
            i += 1
            j += 1
        }
        up[arc] = upWeight
        down[arc] = downWeight
        upVia[arc] = upOrigin
        downVia[arc] = downOrigin
    }
}

/// Arcs waiting to be looked at again, each once, lowest first, with their weights from before
/// the update and whether they must be recomputed from all their candidates.
///
/// The order is the ``IndexedHeap``'s, keyed by arc then by need: key `2 * arc` when the arc must
/// be recomputed, `2 * arc + 1` when not. Arcs still leave in ascending order, and asking a
/// queued arc to be recomputed only lowers its key, which the heap does in place.
private struct PendingArcs {
    struct Entry {
        var before: (up: UInt32, down: UInt32)
        var recompute: Bool
    }

    private let heap: IndexedHeap<KeyOrder>
    /// The weights of each queued arc when it was first queued.
    private var before: [Int: (up: UInt32, down: UInt32)] = [:]

    init(arcCount: Int) {
        heap = IndexedHeap(capacity: arcCount)
    }

    /// The lowest queued arc, if any.
    var lowest: Int? { heap.minimum.map { Int($0.node) } }

    /// Queues `arc`, or for a queued one keeps its first weights and adds the need to recompute.
    mutating func touch(_ arc: Int, before weights: (up: UInt32, down: UInt32), recompute: Bool) {
        if before[arc] == nil { before[arc] = weights }
        heap.update(UInt32(arc), key: UInt64(arc) << 1 | (recompute ? 0 : 1))
    }

    /// Takes the lowest arc's entry off the queue; the queue must not be empty.
    mutating func removeLowest() -> Entry {
        let top = heap.pop()!
        return Entry(before: before.removeValue(forKey: Int(top.node))!, recompute: top.key & 1 == 0)
    }
}
