/// What a search knows about each node, and its queue: one direction of a ``HierarchySearch``, or
/// a ``DijkstraSearch``, stored as its ``SearchConvention`` says.
///
/// The distances the search loop compares for every arc are an array of their own, eight or
/// sixteen to a cache line, and where a node came from is kept apart, written when it is reached
/// and read when a path is unpacked. A search reaches nodes scattered over the graph, so how many
/// cache lines its labels span decides its speed more than the instructions it runs. For the
/// same reason the start each node counts from is recorded only when a query has several.
/// Starting a query resets only the nodes the previous one reached.
///
/// Its stored `var`s skip the exclusivity check: it would otherwise run on every use from code
/// inlined into another module and cost more than the work it guards, and nothing here hands out
/// access to them.
@usableFromInline
final class SearchLabels<Convention: SearchConvention> {
    @usableFromInline
    struct Link {
        /// The arc (a slot of the adjacency array, or an index in the climbed graph's arrays) the
        /// node was reached by.
        @usableFromInline var parentArc: UInt32
        /// The node it was reached from; `UInt32.max` for a start of the search.
        @usableFromInline var parentNode: UInt32

        @inlinable
        init(parentArc: UInt32, parentNode: UInt32) {
            self.parentArc = parentArc
            self.parentNode = parentNode
        }
    }

    /// Each node's distance in the current query; the largest value when it was not reached.
    @usableFromInline let distances: UnsafeMutablePointer<Convention.Distance>
    @usableFromInline let links: UnsafeMutablePointer<Link>
    /// The start node each node's distance counts from, when ``tracksOrigins``.
    @usableFromInline let origins: UnsafeMutablePointer<UInt32>
    /// The nodes the current query reached, each once, in `touched[0 ..< touchedCount]`.
    @usableFromInline let touched: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) @usableFromInline var touchedCount = 0
    /// Whether the current query has several starts and so records each node's in `origins`.
    @exclusivity(unchecked) @usableFromInline var tracksOrigins = false
    /// The start of a query with one.
    @exclusivity(unchecked) @usableFromInline var soleOrigin: UInt32 = 0
    @usableFromInline let queue: IndexedHeap<Convention.Order>

    @usableFromInline
    init(count: Int) {
        let count = max(count, 1)
        distances = .allocate(capacity: count)
        distances.initialize(repeating: .max, count: count)
        links = .allocate(capacity: count)
        links.initialize(repeating: Link(parentArc: 0, parentNode: 0), count: count)
        origins = .allocate(capacity: count)
        origins.initialize(repeating: 0, count: count)
        touched = .allocate(capacity: count)
        queue = IndexedHeap(capacity: count)
    }

    deinit {
        distances.deallocate()
        links.deallocate()
        origins.deallocate()
        touched.deallocate()
    }

    /// Forgets the last query's labels and empties the queue; `starts` is how many start nodes
    /// the new query will reach (an upper bound will do).
    @inlinable
    func startQuery(starts: Int) {
        queue.removeAll()
        let distances = self.distances, touched = self.touched
        for index in 0..<touchedCount { distances[Int(touched[index])] = .max }
        touchedCount = 0
        tracksOrigins = starts > 1
    }

    /// The distance the current query reached `node` at, or `UInt64.max`. `node` is a valid node.
    @inlinable @inline(__always)
    func distance(_ node: Int) -> UInt64 {
        let distance = distances[node]
        return distance == .max ? .max : UInt64(distance)
    }

    /// The arc `node` was reached by; meaningful when ``hasParent(_:)``.
    @inlinable @inline(__always)
    func parentArc(_ node: Int) -> UInt32 { links[node].parentArc }

    /// The node `node` was reached from; meaningful when ``hasParent(_:)``.
    @inlinable @inline(__always)
    func parentNode(_ node: Int) -> UInt32 { links[node].parentNode }

    /// The start node `node`'s distance counts from; meaningful when it was reached.
    @inlinable @inline(__always)
    func origin(_ node: Int) -> UInt32 { tracksOrigins ? origins[node] : soleOrigin }

    /// Records `node` as reached and queues it. `distance` is below the convention's largest
    /// distance; `previous` is `UInt32.max` for a start node, whose `origin` is itself.
    @inlinable @inline(__always)
    func reach(_ node: Int, distance: UInt64, arc: UInt32, from previous: UInt32, origin: UInt32) {
        if distances[node] == .max {
            touched[touchedCount] = UInt32(truncatingIfNeeded: node)
            touchedCount += 1
        }
        distances[node] = Convention.Distance(truncatingIfNeeded: distance)
        links[node] = Link(parentArc: arc, parentNode: previous)
        if tracksOrigins {
            origins[node] = origin
        } else if previous == .max {
            soleOrigin = origin
        }
        queue.update(UInt32(truncatingIfNeeded: node), key: distance)
    }

    /// Whether `node` was reached from another node (not a start of the search).
    @inlinable @inline(__always)
    func hasParent(_ node: Int) -> Bool {
        distances[node] != .max && links[node].parentNode != UInt32.max
    }
}
