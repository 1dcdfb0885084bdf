/// What a search knows about each node, and its queue: one direction of a ``HierarchySearch``, or
/// a ``DijkstraSearch``. Labels are valid for the query whose stamp they carry, so starting a
/// query never clears the whole array.
///
/// What the search loop reads for every arc (distance and stamp) is kept apart from what only
/// reaching a node writes and only unpacking reads (where it came from): four labels share a
/// cache line instead of two and a half.
@usableFromInline
final class SearchLabels {
    @usableFromInline
    struct Label {
        @usableFromInline var distance: UInt64
        @usableFromInline var stamp: UInt32
        /// The arc (a slot of the adjacency array, or an index in the climbed graph's arrays) the
        /// node was reached by.
        @usableFromInline var parentArc: UInt32

        @inlinable
        init(distance: UInt64, stamp: UInt32, parentArc: UInt32) {
            self.distance = distance
            self.stamp = stamp
            self.parentArc = parentArc
        }
    }

    @usableFromInline
    struct Link {
        /// The node it was reached from; `UInt32.max` for a start of the search.
        @usableFromInline var parentNode: UInt32
        /// The start node the distance counts from: for one-to-many queries.
        @usableFromInline var origin: UInt32

        @inlinable
        init(parentNode: UInt32, origin: UInt32) {
            self.parentNode = parentNode
            self.origin = origin
        }
    }

    @usableFromInline let labels: UnsafeMutablePointer<Label>
    @usableFromInline let links: UnsafeMutablePointer<Link>
    @usableFromInline let count: Int
    /// The current query's stamp, behind a pointer so that reading it from inlined code costs no
    /// exclusivity check.
    @usableFromInline let stampStorage: UnsafeMutablePointer<UInt32>
    @usableFromInline let queue: IndexedHeap<KeyThenNodeOrder>

    @usableFromInline
    init(count: Int) {
        self.count = max(count, 1)
        labels = .allocate(capacity: self.count)
        labels.initialize(repeating: Label(distance: 0, stamp: 0, parentArc: 0), count: self.count)
        links = .allocate(capacity: self.count)
        links.initialize(repeating: Link(parentNode: 0, origin: 0), count: self.count)
        queue = IndexedHeap(capacity: self.count)
        stampStorage = .allocate(capacity: 1)
        // Labels start at stamp 0 and queries at 1, so nothing reads as reached before the first.
        stampStorage.initialize(to: 1)
    }

    deinit {
        labels.deallocate()
        links.deallocate()
        stampStorage.deallocate()
    }

    @usableFromInline
    var stamp: UInt32 {
        @inline(__always) get { stampStorage.pointee }
        @inline(__always) set { stampStorage.pointee = newValue }
    }

    /// Forgets every label by moving to a new stamp, and empties the queue.
    @inlinable
    func startQuery() {
        queue.removeAll()
        stamp &+= 1
        if stamp == 0 {
            for index in 0..<count { labels[index].stamp = 0 }
            stamp = 1
        }
    }

    /// The distance the current query reached `node` at, or `UInt64.max`. `node` is a valid node.
    @inlinable @inline(__always)
    func distance(_ node: Int) -> UInt64 {
        let label = labels[node]
        return label.stamp == stamp ? label.distance : .max
    }

    /// The arc `node` was reached by; meaningful when ``hasParent(_:)``.
    @inlinable @inline(__always)
    func parentArc(_ node: Int) -> UInt32 { labels[node].parentArc }

    /// The node `node` was reached from; meaningful when ``hasParent(_:)``.
    @inlinable @inline(__always)
    func parentNode(_ node: Int) -> UInt32 { links[node].parentNode }

    /// The start node `node`'s distance counts from; meaningful when it was reached.
    @inlinable @inline(__always)
    func origin(_ node: Int) -> UInt32 { links[node].origin }

    /// Records `node` as reached and queues it.
    @inlinable @inline(__always)
    func reach(_ node: Int, distance: UInt64, arc: UInt32, from previous: UInt32, origin: UInt32) {
        labels[node] = Label(distance: distance, stamp: stamp, parentArc: arc)
        links[node] = Link(parentNode: previous, origin: origin)
        queue.update(UInt32(truncatingIfNeeded: node), key: distance)
    }

    /// Whether `node` was reached from another node (not a start of the search).
    @inlinable @inline(__always)
    func hasParent(_ node: Int) -> Bool {
        labels[node].stamp == stamp && links[node].parentNode != UInt32.max
    }
}
