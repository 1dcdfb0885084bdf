import NavFormat

/// Answers shortest-path questions on a ``ContractionHierarchy`` in memory, with the same
/// bidirectional search the runtime runs on a mapped bundle (``HierarchySearch``).
///
/// A query object owns its search buffers and reuses them, so a runtime keeps one per thread;
/// clearing costs only what the previous query touched.
public final class ContractionQuery {
    public let hierarchy: ContractionHierarchy
    let search: HierarchySearch<TrustedHierarchy, CompactSearch>

    public init(hierarchy: ContractionHierarchy) {
        self.hierarchy = hierarchy
        // Distances are 32-bit, the largest value meaning unreachable, as in the input graph;
        // which of two equal paths comes back is not specified here, unlike in a bundle.
        search = HierarchySearch(storage: TrustedHierarchy(hierarchy: hierarchy), limit: UInt64(WeightedGraph.unreachable))
    }

    /// Nodes the two searches of the last query took from their queues: the search space,
    /// a measure of a hierarchy's quality that does not depend on the machine's speed.
    public var settledNodes: Int { search.settledNodes }

    /// The distance from `source` to `target` (input node ids); `nil` when unreachable.
    public func distance(from source: Int, to target: Int) -> UInt32? {
        search.run(from: [source], to: [target]).map { UInt32($0) }
    }

    /// The distance and the input arcs of a shortest path, in order; `nil` when unreachable.
    public func path(from source: Int, to target: Int) -> (distance: UInt32, arcs: [Int])? {
        guard let distance = search.run(from: [source], to: [target]) else { return nil }
        return (UInt32(distance), search.unpack())
    }

    /// The nearest of `targets` from `source`, with its distance: the nearest toilet, the
    /// nearest exit. `nil` when none is reachable.
    public func nearest(from source: Int, among targets: [Int]) -> (target: Int, distance: UInt32)? {
        guard let distance = search.run(from: [source], to: targets), let target = search.reachedTarget() else {
            return nil
        }
        return (target, UInt32(distance))
    }
}
