extension ContractionQuery {
    /// The input arcs of the path found by the last search, from source to target.
    ///
    /// The path's hierarchy arcs wait on a stack as slots of ``ContractionHierarchy/halves``, the
    /// next one to walk on top. A shortcut is replaced by its two halves until only input arcs
    /// are left, which come off the stack in walking order.
    func unpackedPath() -> [Int] {
        let h = hierarchy
        var stack: [Int] = []
        stack.reserveCapacity(64)
        // The descent from the meeting node to the target, pushed last arc first...
        var node = Int(meeting)
        while backward.reached(node) != .max, backward.label(node).parent != .max {
            let label = backward.label(node), lower = Int(label.parentNode)
            stack.append(h.slot(down: Int(label.parent), at: lower))
            node = lower
        }
        stack.reverse()
        // ...then the climb, which the parent links give from the meeting node down.
        node = Int(meeting)
        while forward.reached(node) != .max, forward.label(node).parent != .max {
            let label = forward.label(node), lower = Int(label.parentNode)
            stack.append(h.slot(up: Int(label.parent), at: lower))
            node = lower
        }
        var arcs: [Int] = []
        arcs.reserveCapacity(stack.count * 8)
        let original = ContractionHierarchy.originalArc
        h.halves.withUnsafeBufferPointer { halves in
            while let slot = stack.popLast() {
                let first = halves[2 * slot]
                if first & original != 0 {
                    arcs.append(Int(first & ~original))
                } else {
                    stack.append(Int(halves[2 * slot + 1]))
                    stack.append(Int(first))
                }
            }
        }
        return arcs
    }
}
