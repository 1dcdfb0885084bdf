/// What a search knows about each node, and its queue: one direction of a ``HierarchySearch``, or
/// a ``DijkstraSearch``. Labels are valid for the query whose stamp they carry, so starting a
/// query never clears the whole array.
@usableFromInline
final class SearchLabels {
    @usableFromInline
    struct Label {
        @usableFromInline var stamp: UInt32
        /// The arc (a slot of the adjacency array, or an index in the climbed graph's arrays) the
        /// node was reached by.
        @usableFromInline var parentArc: UInt32
        /// The node it was reached from; `UInt32.max` for a start of the search.
        @usableFromInline var parentNode: UInt32
        /// The start node the distance counts from: for one-to-many queries.
        @usableFromInline var origin: UInt32
        @usableFromInline var distance: UInt64

        @inlinable
        init(stamp: UInt32, parentArc: UInt32, parentNode: UInt32, origin: UInt32, distance: UInt64) {
            self.stamp = stamp
            self.parentArc = parentArc
            self.parentNode = parentNode
            self.origin = origin
            self.distance = distance
        }
    }

    @usableFromInline let labels: UnsafeMutablePointer<Label>
    @usableFromInline let count: Int
    /// The current query's stamp, behind a pointer so that reading it from inlined code costs no
    /// exclusivity check.
    @usableFromInline let stampStorage: UnsafeMutablePointer<UInt32>
    @usableFromInline let queue: IndexedHeap<KeyThenNodeOrder>

    @usableFromInline
    init(count: Int) {
        self.count = max(count, 1)
        labels = .allocate(capacity: self.count)
        labels.initialize(repeating: Label(stamp: 0, parentArc: 0, parentNode: 0, origin: 0, distance: 0),
                          count: self.count)
        queue = IndexedHeap(capacity: self.count)
        stampStorage = .allocate(capacity: 1)
        stampStorage.initialize(to: 0)
    }

    deinit {
        labels.deallocate()
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

    @inlinable @inline(__always)
    func label(_ node: Int) -> Label { labels[node] }

    /// Records `node` as reached and queues it.
    @inlinable @inline(__always)
    func reach(_ node: Int, distance: UInt64, arc: UInt32, from previous: UInt32, origin: UInt32) {
        labels[node] = Label(stamp: stamp, parentArc: arc, parentNode: previous, origin: origin, distance: distance)
        queue.update(UInt32(truncatingIfNeeded: node), key: distance)
    }

    /// Whether `node` was reached from another node (not a start of the search).
    @inlinable @inline(__always)
    func hasParent(_ node: Int) -> Bool {
        let label = labels[node]
        return label.stamp == stamp && label.parentNode != UInt32.max
    }
}
