/// Dijkstra's algorithm over an ``AdjacencyArray``: the one plain shortest-path search, used for
/// reachability and egress tables (and so the validate stage's reachability findings), the
/// runtime's search without a hierarchy and as the reference hierarchies are checked against.
///
/// Nodes are settled in (distance, node) order, so results do not depend on heap internals or
/// the order sources are given in: where two paths cost the same, the one through the earlier
/// settled node wins, and of several sources the lowest numbered one. A search object keeps its
/// labels between runs and forgets them by moving to a new stamp, so a caller answering many
/// queries pays only for the nodes each one touches.
///
/// It is not generic over the graph's storage: callers in unoptimised builds would then run an
/// unspecialised search, several times slower on the venues the tests build.
public final class DijkstraSearch {
    public let graph: AdjacencyArray
    /// Totals at or above this are not reached: a search storing distances in 32 bits passes
    /// `UInt64(UInt32.max)`.
    public let limit: UInt64
    let labels: SearchLabels
    var settledCount = 0

    /// Nodes taken from the queue by the last run: its search space.
    public var settledNodes: Int { settledCount }

    public init(graph: AdjacencyArray, limit: UInt64 = .max) {
        self.graph = graph
        self.limit = limit
        labels = SearchLabels(count: graph.nodeCount)
    }

    /// Searches from `sources` (ids outside the graph are ignored) until the queue is empty, or
    /// until `target` is settled.
    public func run(from sources: [Int], until target: Int? = nil) {
        labels.startQuery()
        for source in sources where source >= 0 && source < graph.nodeCount {
            labels.reach(source, distance: 0, arc: .max, from: .max, origin: UInt32(source))
        }
        let stop = target ?? -1
        let labels = self.labels, limit = self.limit
        // The arrays as buffers for the loop: no bounds checks and no reference counting per arc.
        let settled = graph.first.withUnsafeBufferPointer { first in
            graph.heads.withUnsafeBufferPointer { heads in
                graph.weights.withUnsafeBufferPointer { weights in
                    var settled = 0
                    while let entry = labels.queue.pop() {
                        settled += 1
                        let node = Int(entry.node), reached = entry.key
                        if node == stop { break }
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
        settledCount = settled
    }

    /// The distance the last run reached `node` at; `UInt64.max` when it did not.
    public func distance(_ node: Int) -> UInt64 {
        precondition(node >= 0 && node < graph.nodeCount, "node \(node) is not in the graph")
        return labels.distance(node)
    }

    /// The slot of the arc the last run reached `node` by; `nil` for a source or an unreached node.
    public func parentSlot(_ node: Int) -> Int? {
        precondition(node >= 0 && node < graph.nodeCount, "node \(node) is not in the graph")
        return labels.hasParent(node) ? Int(labels.parentArc(node)) : nil
    }

    /// The source the last run reached `node` from; `nil` when it did not reach it.
    public func origin(_ node: Int) -> Int? {
        precondition(node >= 0 && node < graph.nodeCount, "node \(node) is not in the graph")
        return labels.distance(node) == .max ? nil : Int(labels.origin(node))
    }

    /// The slots of the path the last run found to `node`, from its source; `nil` when unreached.
    public func pathSlots(to node: Int) -> [Int]? {
        guard distance(node) != .max else { return nil }
        var slots: [Int] = []
        var current = node
        while labels.hasParent(current) {
            slots.append(Int(labels.parentArc(current)))
            current = Int(labels.parentNode(current))
        }
        return slots.reversed()
    }
}
