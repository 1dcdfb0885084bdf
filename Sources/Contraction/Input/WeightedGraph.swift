/// A directed graph with a non-negative integer weight per arc: what a hierarchy is built from.
///
/// Weights are whatever the caller minimises (milliseconds for a routing profile, the edge-list
/// weight in benchmarks); ``unreachable`` marks an arc that may not be used.
public struct WeightedGraph: Hashable, Sendable {
    /// Marks an arc that may not be used; such arcs are left out of the hierarchy.
    public static let unreachable = UInt32.max

    public var nodeCount: Int
    public var tails: [UInt32]
    public var heads: [UInt32]
    public var weights: [UInt32]

    public init(nodeCount: Int, tails: [UInt32], heads: [UInt32], weights: [UInt32]) {
        precondition(tails.count == heads.count && heads.count == weights.count, "one tail, head and weight per arc")
        self.nodeCount = nodeCount
        self.tails = tails
        self.heads = heads
        self.weights = weights
    }

    public var arcCount: Int { tails.count }
}
