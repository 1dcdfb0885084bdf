extension CustomizedMetric {
    /// Brings the metric up to date after the input arcs in `changed` took new weights: the
    /// incremental customisation of a few closures and slow-downs.
    ///
    /// Only the arcs that stand for a changed input arc, and then those whose lower triangles
    /// hold an arc whose weight changed, are recomputed: each from its input arcs and all its
    /// lower triangles, by the same rule as a full customisation. So the result is exactly what
    /// `init(topology:inputWeights:)` gives for `inputWeights`, vias included, while the work
    /// follows the changes upward through the hierarchy and stops where a weight stays the same.
    ///
    /// The metric must be the full customisation of `topology` for some weights that differ from
    /// `inputWeights` at most at `changed`; a full customisation also checked the topology.
    ///
    /// - Returns: how many arcs were recomputed.
    @discardableResult
    public mutating func update(topology: CustomizableTopology, inputWeights: [UInt32], changed: some Sequence<Int>) -> Int {
        precondition(inputWeights.count == topology.inputArcCount, "one weight per input arc")
        // Arcs are numbered by their lower end, so ascending arc order settles every arc's lower
        // triangles before the arc itself: both sides of a lower triangle have a lower end below.
        var pending = ArcQueue()
        for input in changed where topology.inputSlot[input] != CustomizableTopology.noSlot {
            pending.insert(Int(topology.inputSlot[input] >> 1))
        }
        var recomputed = 0
        while let arc = pending.popFirst() {
            recomputed += 1
            let (before, beforeDown) = (up[arc], down[arc])
            recompute(arc, topology: topology, inputWeights: inputWeights)
            guard up[arc] != before || down[arc] != beforeDown else { continue }
            // The arc (x, y) is a lower side of the triangle x, y, z for each other upward
            // neighbour z of x: its change reaches the arc between y and z.
            let x = Int(topology.upTail[arc]), y = Int(topology.upHead[arc])
            for other in Int(topology.upFirst[x])..<Int(topology.upFirst[x + 1]) where other != arc {
                let z = Int(topology.upHead[other])
                if let top = topology.arc(from: min(y, z), to: max(y, z)) { pending.insert(top) }
            }
        }
        return recomputed
    }

    /// Sets one arc's weights and vias from its input arcs and its lower triangles, as a full
    /// customisation would: the lightest input arc of lowest index, then each lower triangle by
    /// ascending middle rank when strictly lighter.
    private mutating func recompute(_ arc: Int, topology: CustomizableTopology, inputWeights: [UInt32]) {
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

/// Arcs waiting to be recomputed, each once, lowest first.
private struct ArcQueue {
    private var heap: [Int] = []
    private var queued = Set<Int>()

    mutating func insert(_ arc: Int) {
        guard queued.insert(arc).inserted else { return }
        heap.append(arc)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child] < heap[parent] else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popFirst() -> Int? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count && heap[left] < heap[smallest] { smallest = left }
                if right < heap.count && heap[right] < heap[smallest] { smallest = right }
                guard smallest != parent else { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        queued.remove(first)
        return first
    }
}
