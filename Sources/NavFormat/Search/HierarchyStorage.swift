/// The two graphs of a contraction hierarchy, from whatever holds them: arrays built in memory or
/// a bundle's section read in place. ``HierarchySearch`` reads hierarchies only through this.
///
/// Nodes here are ranks. The upward graph holds each node's arcs to higher ranks; the downward
/// graph holds, at each node, the arcs that come down into it from higher ranks, so both searches
/// climb. Storage that cannot trust its arrays checks what it hands out and reports damage
/// through `Failure`; storage that can uses `Never`, and the checks compile away.
public protocol HierarchyStorage {
    associatedtype Failure: Error

    /// Nodes of the hierarchy, which are also the input graph's nodes.
    var nodeCount: Int { get }
    /// Arcs of the input graph: unpacking never yields more, nor an arc index at or above it.
    var inputArcCount: Int { get }
    /// Slots of ``halves(_:)``: one per arc of either graph.
    var slotCount: Int { get }

    /// The rank of input node `node` (a valid node id).
    func rank(of node: Int) throws(Failure) -> Int
    /// The input node at `rank` (a valid rank).
    func node(atRank rank: Int) throws(Failure) -> Int
    /// The arcs stored at `rank` in one graph.
    func arcs(_ graph: HierarchyGraph, of rank: Int) throws(Failure) -> Range<Int>
    /// The higher-ranked end of `arc` in one graph: the head of an upward arc, the tail of a
    /// downward one.
    func higherEnd(_ graph: HierarchyGraph, of arc: Int) throws(Failure) -> Int
    func weight(_ graph: HierarchyGraph, of arc: Int) -> UInt32
    /// The slot in ``halves(_:)`` of `arc`, stored at `rank`, of one graph.
    func slot(_ graph: HierarchyGraph, arc: Int, at rank: Int) -> Int
    /// What a slot unpacks to: an input arc (``HierarchyLayout/originalArc`` set, twice) or the
    /// slots of a shortcut's two halves. `slot` is below ``slotCount``.
    func halves(_ slot: Int) -> (first: UInt32, second: UInt32)
    /// The failure that says the hierarchy is damaged.
    func damaged(_ detail: String) -> Failure
    /// Whether the arrays are known to be sound, as a hierarchy built or fully checked in this
    /// process is: the query then skips the checks it makes while unpacking a path.
    static var isTrusted: Bool { get }
}

/// One of the two graphs of a contraction hierarchy.
public enum HierarchyGraph: Sendable {
    /// Arcs from each node to higher-ranked nodes: the forward search climbs these.
    case up
    /// Arcs from higher-ranked nodes into each node: the backward search climbs these.
    case down

    /// The graph the other search climbs, which this one's stalling reads.
    @inlinable
    public var opposite: HierarchyGraph { self == .up ? .down : .up }
}
