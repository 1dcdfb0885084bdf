public import NavFormat

/// A hierarchy in memory is trusted storage: only the builder and the checked decoder make one,
/// so queries read its arrays without checks of their own.
extension ContractionHierarchy: HierarchyStorage {
    public typealias Failure = Never

    /// Any index the layout can hold: the hierarchy does not record its input graph's size, and
    /// it needs no bound against damage.
    public var inputArcCount: Int { Int(HierarchyLayout.originalArc) }

    public var slotCount: Int { arcCount }

    @inlinable @inline(__always)
    public func rank(of node: Int) -> Int { Int(rank[node]) }

    @inlinable @inline(__always)
    public func node(atRank rank: Int) -> Int { Int(nodeAtRank[rank]) }

    @inlinable @inline(__always)
    public func arcs(_ graph: HierarchyGraph, of rank: Int) -> Range<Int> {
        switch graph {
        case .up: Int(upFirst[rank])..<Int(upFirst[rank + 1])
        case .down: Int(downFirst[rank])..<Int(downFirst[rank + 1])
        }
    }

    @inlinable @inline(__always)
    public func higherEnd(_ graph: HierarchyGraph, of arc: Int) -> Int {
        switch graph {
        case .up: Int(upHead[arc])
        case .down: Int(downTail[arc])
        }
    }

    @inlinable @inline(__always)
    public func weight(_ graph: HierarchyGraph, of arc: Int) -> UInt32 {
        switch graph {
        case .up: upWeight[arc]
        case .down: downWeight[arc]
        }
    }

    @inlinable @inline(__always)
    public func slot(_ graph: HierarchyGraph, arc: Int, at rank: Int) -> Int {
        switch graph {
        case .up: slot(up: arc, at: rank)
        case .down: slot(down: arc, at: rank)
        }
    }

    @inlinable @inline(__always)
    public func halves(_ slot: Int) -> (first: UInt32, second: UInt32) { (halves[2 * slot], halves[2 * slot + 1]) }

    public func damaged(_ detail: String) -> Never {
        preconditionFailure("contraction hierarchy: \(detail)")
    }
}
