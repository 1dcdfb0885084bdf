/// Answers shortest-path questions on a ``ContractionHierarchy``: a forward search climbing the
/// upward graph from the source and a backward search climbing the downward graph from the
/// target, each pruned by stall-on-demand, meeting at the highest node of the path.
///
/// A query object owns its search buffers and reuses them, so a runtime keeps one per thread;
/// clearing costs only what the previous query touched.
public final class ContractionQuery {
    public let hierarchy: ContractionHierarchy
    let forward: SearchSide
    let backward: SearchSide
    /// The node where the best path found so far turns from climbing to descending.
    var meeting: Int32 = -1
    var best: UInt64 = .max
    /// Nodes the two searches of the last query took from their queues: the search space,
    /// a measure of a hierarchy's quality that does not depend on the machine's speed.
    public internal(set) var settledNodes = 0

    public init(hierarchy: ContractionHierarchy) {
        self.hierarchy = hierarchy
        forward = SearchSide(nodeCount: hierarchy.nodeCount)
        backward = SearchSide(nodeCount: hierarchy.nodeCount)
    }

    /// The distance from `source` to `target` (input node ids); `nil` when unreachable.
    public func distance(from source: Int, to target: Int) -> UInt32? {
        search(sources: [source], targets: [target])
        return best == .max ? nil : UInt32(best)
    }

    /// The distance and the input arcs of a shortest path, in order; `nil` when unreachable.
    public func path(from source: Int, to target: Int) -> (distance: UInt32, arcs: [Int])? {
        search(sources: [source], targets: [target])
        guard best != .max else { return nil }
        return (UInt32(best), unpackedPath())
    }

    /// The nearest of `targets` from `source`, with its distance: the nearest toilet, the
    /// nearest exit. `nil` when none is reachable.
    public func nearest(from source: Int, among targets: [Int]) -> (target: Int, distance: UInt32)? {
        search(sources: [source], targets: targets)
        guard best != .max else { return nil }
        return (Int(hierarchy.nodeAtRank[Int(backward.label(Int(meeting)).origin)]), UInt32(best))
    }
}

/// The search state of one direction, in raw memory: these labels are read and written in the
/// innermost loop of every query.
final class SearchSide {
    /// All a search records about a node in one record, so that reaching a node writes one
    /// cache line rather than one per field.
    struct Label {
        /// `generation` of the query that wrote the label; older labels are unset.
        var stamp: UInt32
        var distance: UInt32
        /// The CSR arc the node was reached by, in this side's graph, and the node it came from.
        var parent: UInt32
        var parentNode: UInt32
        /// The start node (rank) the distance counts from: for one-to-many queries.
        var origin: UInt32
    }

    let labels: UnsafeMutablePointer<Label>
    let nodeCount: Int
    var generation: UInt32 = 0
    let heap: IndexedHeap

    init(nodeCount: Int) {
        self.nodeCount = nodeCount
        labels = .allocate(capacity: max(nodeCount, 1))
        labels.initialize(repeating: Label(stamp: 0, distance: .max, parent: .max, parentNode: .max, origin: .max),
                          count: max(nodeCount, 1))
        heap = IndexedHeap(capacity: nodeCount)
    }

    deinit {
        labels.deallocate()
    }

    func reset() {
        heap.removeAll()
        generation &+= 1
        if generation == 0 {
            // After 2^32 queries the stamps wrap; start afresh once.
            for node in 0..<nodeCount { labels[node].stamp = 0 }
            generation = 1
        }
    }

    @inline(__always)
    func reached(_ node: Int) -> UInt32 {
        let label = labels[node]
        return label.stamp == generation ? label.distance : .max
    }

    /// The label of a node this query reached.
    @inline(__always)
    func label(_ node: Int) -> Label { labels[node] }

    @inline(__always)
    func reach(_ node: Int, distance value: UInt32, parent arc: UInt32, from previous: UInt32, origin start: UInt32) {
        labels[node] = Label(stamp: generation, distance: value, parent: arc, parentNode: previous, origin: start)
    }
}
