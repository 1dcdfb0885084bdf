import NavFormat

/// A ``ContractionHierarchy`` in memory as the storage ``ContractionQuery`` searches.
///
/// It is trusted: only the builder and the checked decoder make hierarchies, so the query reads
/// the arrays without checks of its own, and `Failure` is `Never`. A wrapper rather than a
/// conformance of the hierarchy itself, so that none of this becomes the hierarchy's public API.
struct TrustedHierarchy: HierarchyStorage {
    typealias Failure = Never

    let hierarchy: ContractionHierarchy

    var nodeCount: Int { hierarchy.nodeCount }

    /// Any index the layout can hold: the hierarchy does not record its input graph's size, and
    /// it needs no bound against damage.
    var inputArcCount: Int { Int(HierarchyLayout.originalArc) }

    var slotCount: Int { hierarchy.arcCount }

    @inline(__always)
    func rank(of node: Int) -> Int { Int(hierarchy.rank[node]) }

    @inline(__always)
    func node(atRank rank: Int) -> Int { Int(hierarchy.nodeAtRank[rank]) }

    @inline(__always)
    func arcs(_ graph: HierarchyGraph, of rank: Int) -> Range<Int> {
        switch graph {
        case .up: Int(hierarchy.upFirst[rank])..<Int(hierarchy.upFirst[rank + 1])
        case .down: Int(hierarchy.downFirst[rank])..<Int(hierarchy.downFirst[rank + 1])
        }
    }

    @inline(__always)
    func higherEnd(_ graph: HierarchyGraph, of arc: Int) -> Int {
        switch graph {
        case .up: Int(hierarchy.upHead[arc])
        case .down: Int(hierarchy.downTail[arc])
        }
    }

    @inline(__always)
    func weight(_ graph: HierarchyGraph, of arc: Int) -> UInt32 {
        switch graph {
        case .up: hierarchy.upWeight[arc]
        case .down: hierarchy.downWeight[arc]
        }
    }

    @inline(__always)
    func slot(_ graph: HierarchyGraph, arc: Int, at rank: Int) -> Int {
        switch graph {
        case .up: hierarchy.slot(up: arc, at: rank)
        case .down: hierarchy.slot(down: arc, at: rank)
        }
    }

    @inline(__always)
    func halves(_ slot: Int) -> (first: UInt32, second: UInt32) { (hierarchy.halves[2 * slot], hierarchy.halves[2 * slot + 1]) }

    static var isTrusted: Bool { true }

    func damaged(_ detail: String) -> Never {
        preconditionFailure("contraction hierarchy: \(detail)")
    }
}
