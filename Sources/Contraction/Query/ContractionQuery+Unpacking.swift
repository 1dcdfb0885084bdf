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
        for step in climb { h.unpack(tail: step.tail, head: step.head, weight: step.weight, via: step.via, into: &arcs) }
        return arcs
    }
}

extension ContractionHierarchy {
    /// Appends the input arcs a hierarchy arc stands for, in walking order.
    ///
    /// A shortcut `u → w` via `m` is the downward arc `u → m` (stored at `m`) followed by the
    /// upward arc `m → w` (also at `m`), whose weights add up to the shortcut's.
    public func unpack(tail: UInt32, head: UInt32, weight: UInt32, via: UInt32, into arcs: inout [Int]) {
        var stack = [(tail, head, weight, via)]
        while let (from, to, total, middle) = stack.popLast() {
            if middle & Self.originalArc != 0 {
                arcs.append(Int(middle & ~Self.originalArc))
                continue
            }
            let m = Int(middle)
            var first: (UInt32, UInt32)?, second: (UInt32, UInt32)?
            for arc in Int(downFirst[m])..<Int(downFirst[m + 1]) where downTail[arc] == from {
                first = (downWeight[arc], downVia[arc])
            }
            for arc in Int(upFirst[m])..<Int(upFirst[m + 1]) where upHead[arc] == to {
                second = (upWeight[arc], upVia[arc])
            }
            guard let first, let second, UInt64(first.0) + UInt64(second.0) == UInt64(total) else {
                preconditionFailure("shortcut \(from) -> \(to) via \(m) does not match the arcs at \(m)")
            }
            stack.append((middle, to, second.0, second.1))
            stack.append((from, middle, first.0, first.1))
        }
    }
}
