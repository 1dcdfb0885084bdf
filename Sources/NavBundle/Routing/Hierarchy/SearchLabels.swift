import NavFormat

/// What one direction of a ``BundleRouter`` search knows about each node, valid for the query
/// whose stamp it carries, so starting a query never clears the whole array.
final class SearchLabels {
    struct Label {
        var stamp: UInt32
        /// The arc (index within the climbing side's CSR arrays) the node was reached by.
        var parentArc: UInt32
        /// The rank the node was reached from.
        var parentNode: UInt32
        var distance: UInt64
    }

    private let labels: UnsafeMutablePointer<Label>
    private let count: Int
    private var stamp: UInt32 = 0

    init(count: Int) {
        self.count = max(count, 1)
        labels = .allocate(capacity: self.count)
        labels.initialize(repeating: Label(stamp: 0, parentArc: 0, parentNode: 0, distance: 0), count: self.count)
    }

    deinit {
        labels.deallocate()
    }

    /// Forgets every label by moving to a new stamp.
    func startQuery() {
        stamp &+= 1
        if stamp == 0 {
            for index in 0..<count { labels[index].stamp = 0 }
            stamp = 1
        }
    }

    /// The distance the current query reached `node` at, or `UInt64.max`. `node` is a checked rank.
    @inline(__always)
    func distance(_ node: Int) -> UInt64 {
        let label = labels[node]
        return label.stamp == stamp ? label.distance : .max
    }

    @inline(__always)
    func label(_ node: Int) -> Label { labels[node] }

    @inline(__always)
    func reach(_ node: Int, distance: UInt64, arc: Int, from previous: Int) {
        labels[node] = Label(stamp: stamp, parentArc: UInt32(truncatingIfNeeded: arc),
                             parentNode: UInt32(truncatingIfNeeded: previous), distance: distance)
    }

    /// Whether `node` was reached from another node (not a start of the search).
    @inline(__always)
    func hasParent(_ node: Int) -> Bool {
        let label = labels[node]
        return label.stamp == stamp && label.parentNode != UInt32.max
    }
}
