/// Dijkstra's algorithm over an ``AdjacencyArray``: the one plain shortest-path search, used for
/// reachability and egress tables (and so the validate stage's reachability findings), the
/// runtime's search without a hierarchy and as the reference hierarchies are checked against.
///
/// By default it follows ``ExactSearch``: nodes are settled in (distance, node) order, so results
/// do not depend on heap internals or the order sources are given in: where two paths cost the
/// same, the one through the earlier settled node wins, and of several sources the lowest
/// numbered one. Built with convention `.compact` it follows ``CompactSearch``
/// instead. A search object keeps its labels between runs and forgets them by resetting what
/// the last run touched, so a caller answering many queries pays only for the nodes each one
/// touches.
///
/// It is not generic: callers in unoptimised builds would then run an unspecialised search,
/// several times slower on the venues the tests build. The convention is chosen once, at
/// creation, and the search is compiled here for each.
public final class DijkstraSearch {
    /// Which ``SearchConvention`` a search follows.
    public enum Convention: Sendable {
        /// ``ExactSearch``: the bundle format's ties and 64-bit distances.
        case exact
        /// ``CompactSearch``: 32-bit distances, ties as they fall; the limit must be at most
        /// `UInt64(UInt32.max)`.
        case compact
    }

    /// The labels of one convention.
    enum Labels {
        case exact(SearchLabels<ExactSearch>)
        case compact(SearchLabels<CompactSearch>)
    }

    public let graph: AdjacencyArray
    /// Totals at or above this are not reached: a search storing distances in 32 bits passes
    /// `UInt64(UInt32.max)`.
    public let limit: UInt64
    let labels: Labels
    var settledCount = 0

    /// Nodes taken from the queue by the last run: its search space.
    public var settledNodes: Int { settledCount }

    public init(graph: AdjacencyArray, limit: UInt64 = .max, convention: Convention = .exact) {
        self.graph = graph
        self.limit = limit
        switch convention {
        case .exact:
            labels = .exact(SearchLabels(count: graph.nodeCount))
        case .compact:
            precondition(limit <= UInt64(UInt32.max), "a compact search needs a limit that fits 32 bits, not \(limit)")
            labels = .compact(SearchLabels(count: graph.nodeCount))
        }
    }

    /// Searches from `sources` (ids outside the graph are ignored) until the queue is empty, or
    /// until `target` is settled.
    public func run(from sources: [Int], until target: Int? = nil) {
        switch labels {
        case .exact(let labels): settledCount = search(labels, from: sources, until: target ?? -1, orAnyOf: [])
        case .compact(let labels): settledCount = search(labels, from: sources, until: target ?? -1, orAnyOf: [])
        }
    }

    /// Searches from `sources` until the first node `targets` marks is settled, and returns it
    /// (`nil` when none is reached): under ``ExactSearch``, the nearest, of equals the lowest.
    public func run(from sources: [Int], untilAnyOf targets: [Bool]) -> Int? {
        run(from: sources, untilSettling: 1, of: targets).first
    }

    /// Searches from `sources` until `count` of the nodes `targets` marks are settled, or the
    /// queue is empty, and returns the marked nodes settled, in the order they were: under
    /// ``ExactSearch``, by distance, of equals the lowest first.
    public func run(from sources: [Int], untilSettling count: Int, of targets: [Bool]) -> [Int] {
        precondition(targets.count == graph.nodeCount, "one mark per node")
        precondition(count > 0, "at least one node to settle")
        switch labels {
        case .exact(let labels): settledCount = search(labels, from: sources, until: -1, orAnyOf: targets, count: count)
        case .compact(let labels): settledCount = search(labels, from: sources, until: -1, orAnyOf: targets, count: count)
        }
        return settledMarks
    }

    /// The marked nodes the last ``run(from:untilSettling:of:)`` settled, in order.
    private var settledMarks: [Int] = []

    private func search<C>(_ labels: SearchLabels<C>, from sources: [Int], until stop: Int, orAnyOf marks: [Bool],
                           count wanted: Int = 0) -> Int {
        settledMarks = []
        let marked = !marks.isEmpty
        labels.startQuery(starts: sources.count)
        for source in sources where source >= 0 && source < graph.nodeCount {
            labels.reach(source, distance: 0, arc: .max, from: .max, origin: UInt32(source))
        }
        let limit = self.limit, queue = labels.queue
        // The arrays as buffers for the loop: no bounds checks and no reference counting per arc.
        return graph.first.withUnsafeBufferPointer { first in
            graph.heads.withUnsafeBufferPointer { heads in
                graph.weights.withUnsafeBufferPointer { weights in
                    var settled = 0
                    while let entry = queue.pop() {
                        settled += 1
                        let node = Int(entry.node), reached = entry.key
                        if node == stop { break }
                        if marked && marks[node] {
                            settledMarks.append(node)
                            if settledMarks.count == wanted { break }
                        }
                        let origin = labels.origin(node)
                        for slot in Int(first[node])..<Int(first[node + 1]) {
                            let next = Int(heads[slot])
                            let total = reached + UInt64(weights[slot])
                            guard total < limit, total < labels.distance(next) else { continue }
                            labels.reach(next, distance: total, arc: UInt32(slot), from: UInt32(node), origin: origin)
                        }
                    }
                    return settled
                }
            }
        }
    }

    /// The distance the last run reached `node` at; `UInt64.max` when it did not.
    public func distance(_ node: Int) -> UInt64 {
        precondition(node >= 0 && node < graph.nodeCount, "node \(node) is not in the graph")
        return labels.distance(node)
    }

    /// The slot of the arc the last run reached `node` by; `nil` for a source or an unreached node.
    public func parentSlot(_ node: Int) -> Int? {
        precondition(node >= 0 && node < graph.nodeCount, "node \(node) is not in the graph")
        return labels.parent(node)?.slot
    }

    /// The source the last run reached `node` from; `nil` when it did not reach it.
    public func origin(_ node: Int) -> Int? {
        precondition(node >= 0 && node < graph.nodeCount, "node \(node) is not in the graph")
        return labels.origin(node)
    }

    /// The slots of the path the last run found to `node`, from its source; `nil` when unreached.
    public func pathSlots(to node: Int) -> [Int]? {
        guard distance(node) != .max else { return nil }
        var slots: [Int] = []
        var current = node
        while let parent = labels.parent(current) {
            slots.append(parent.slot)
            current = parent.node
        }
        return slots.reversed()
    }
}

extension DijkstraSearch.Labels {
    func distance(_ node: Int) -> UInt64 {
        switch self {
        case .exact(let labels): labels.distance(node)
        case .compact(let labels): labels.distance(node)
        }
    }

    /// The arc slot `node` was reached by and the node it left; `nil` for a source or an
    /// unreached node.
    func parent(_ node: Int) -> (slot: Int, node: Int)? {
        switch self {
        case .exact(let labels):
            labels.hasParent(node) ? (Int(labels.parentArc(node)), Int(labels.parentNode(node))) : nil
        case .compact(let labels):
            labels.hasParent(node) ? (Int(labels.parentArc(node)), Int(labels.parentNode(node))) : nil
        }
    }

    func origin(_ node: Int) -> Int? {
        switch self {
        case .exact(let labels): labels.distance(node) == .max ? nil : Int(labels.origin(node))
        case .compact(let labels): labels.distance(node) == .max ? nil : Int(labels.origin(node))
        }
    }
}
