/// How hard the builder looks for witnesses, and so how many shortcuts it adds.
///
/// A witness search that gives up early only adds a shortcut that was not needed: distances stay
/// exact, the hierarchy grows. The limits trade build time against hierarchy size.
public struct ContractionParameters: Hashable, Sendable {
    /// Nodes a witness search may settle while contracting a node.
    public var witnessSettleLimit = 500
    /// Nodes a witness search may settle while estimating a node's priority.
    public var estimateSettleLimit = 50
    /// Whether a node's priority is computed again when it comes up, before contracting it.
    public var lazyUpdates = true

    public init() {}
}
