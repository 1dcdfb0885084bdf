import NavFormat

extension BundleRouter {
    /// The `ARCS` arcs of the path the last search found, from source to target.
    ///
    /// The path's hierarchy arcs wait on a stack as slots of `halves`, the next one to walk on
    /// top; a shortcut gives way to its two halves until only input arcs are left.
    func unpack() throws(ContainerError) -> [Int] {
        let slotCount = hierarchy.upCount + hierarchy.downCount
        var stack: [Int] = []
        stack.reserveCapacity(64)
        // The descent from the meeting node to the target: downward arcs stored at the lower end...
        var node = meeting
        while backward.hasParent(node) {
            let label = backward.label(node), lower = Int(label.parentNode)
            stack.append(Int(hierarchy.upFirst[lower]) + Int(label.parentArc))
            node = lower
        }
        stack.reverse()
        // ...then the climb from the source, whose parent links run from the meeting node down.
        node = meeting
        while forward.hasParent(node) {
            let label = forward.label(node), lower = Int(label.parentNode)
            stack.append(Int(hierarchy.downFirst[lower + 1]) + Int(label.parentArc))
            node = lower
        }
        var arcs: [Int] = []
        arcs.reserveCapacity(stack.count * 8)
        let limit = bundle.arcCount
        // Every expansion adds at least one arc to a sound path, so more than `limit` means a loop.
        var expansions = 0
        while let slot = stack.popLast() {
            guard slot < slotCount else { throw malformed("slot \(slot) lies outside halves") }
            let first = hierarchy.halves[2 * slot]
            if first & MappedHierarchy.originalArc != 0 {
                let arc = Int(first & ~MappedHierarchy.originalArc)
                guard arc < limit, arcs.count < limit else { throw malformed("unpacking gives arc \(arc) or runs past \(limit) arcs") }
                arcs.append(arc)
            } else {
                let second = Int(hierarchy.halves[2 * slot + 1])
                expansions += 1
                guard Int(first) < slotCount, second < slotCount, expansions <= limit else {
                    throw malformed("slot \(slot) has halves outside halves, or unpacking loops")
                }
                stack.append(second)
                stack.append(Int(first))
            }
        }
        return arcs
    }
}
