extension ContractionQuery {
    /// The input arcs of the path found by the last search, from source to target.
    func unpackedPath() -> [Int] {
        let h = hierarchy
        // Hierarchy arcs from the source up to the meeting node, then down to the target.
        var climb: [(tail: UInt32, head: UInt32, weight: UInt32, via: UInt32)] = []
        var node = Int(meeting)
        while forward.reached(node) != .max, forward.parent[node] != .max {
            let arc = Int(forward.parent[node]), previous = forward.parentNode[node]
            climb.append((previous, UInt32(node), h.upWeight[arc], h.upVia[arc]))
            node = Int(previous)
        }
        climb.reverse()
        node = Int(meeting)
        while backward.reached(node) != .max, backward.parent[node] != .max {
            let arc = Int(backward.parent[node]), next = backward.parentNode[node]
            climb.append((UInt32(node), next, h.downWeight[arc], h.downVia[arc]))
            node = Int(next)
        }
        var arcs: [Int] = []
        arcs.reserveCapacity(climb.count * 8)
        var stack: [(UInt32, UInt32, UInt32, UInt32)] = []
        stack.reserveCapacity(64)
        for step in climb.reversed() { stack.append((step.tail, step.head, step.weight, step.via)) }
        h.unpack(&stack, into: &arcs)
        return arcs
    }
}

extension ContractionHierarchy {
    /// Appends the input arcs the hierarchy arcs on `stack` (`tail, head, weight, via`, last one
    /// first) stand for, in walking order.
    ///
    /// A shortcut `u → w` via `m` is the downward arc `u → m` (stored at `m`) followed by the
    /// upward arc `m → w` (also at `m`), whose weights add up to the shortcut's.
    func unpack(_ stack: inout [(UInt32, UInt32, UInt32, UInt32)], into arcs: inout [Int]) {
        while let (from, to, total, middle) = stack.popLast() {
            if middle & Self.originalArc != 0 {
                arcs.append(Int(middle & ~Self.originalArc))
                continue
            }
            let m = Int(middle)
            // Each node's arcs are sorted by the other end's rank, so both halves are found by
            // bisection: high nodes of a grid hierarchy have hundreds of arcs.
            let down = Self.find(from, in: downTail, Int(downFirst[m])..<Int(downFirst[m + 1]))
            let up = Self.find(to, in: upHead, Int(upFirst[m])..<Int(upFirst[m + 1]))
            let first = down.map { (downWeight[$0], downVia[$0]) }, second = up.map { (upWeight[$0], upVia[$0]) }
            guard let first, let second, UInt64(first.0) + UInt64(second.0) == UInt64(total) else {
                preconditionFailure("shortcut \(from) -> \(to) via \(m) does not match the arcs at \(m)")
            }
            stack.append((middle, to, second.0, second.1))
            stack.append((from, middle, first.0, first.1))
        }
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
