/// A 4-ary min-heap over node ids `0..<capacity` with decrease-key: the one priority queue of
/// every search in navforge.
///
/// Positions are kept per node, so a node is in the heap at most once and ``update(_:key:)``
/// moves it in place. Searches that run thousands of times (witness searches, queries) reuse one
/// heap and pay only for the entries left in it when clearing. It is a class over raw memory
/// because heap operations are the inner loop of building and querying alike: arrays cost a
/// uniqueness and a bounds check on every write. With ``KeyThenNodeOrder`` it settles nodes in
/// exactly the sequence a lazy heap ordered by (key, node) would, which is what the bundle
/// format's reference query specifies.
public final class IndexedHeap<Order: HeapOrder> {
    /// The entries, `count` of them in use. Accesses skip the exclusivity check: a class's
    /// stored `var`s are otherwise checked on every use from code inlined into another module,
    /// which costs more than the heap operation itself, and the heap never hands out access to
    /// them.
    @exclusivity(unchecked) @usableFromInline var entries: UnsafeMutablePointer<HeapEntry>
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    @exclusivity(unchecked) @usableFromInline var storedCount: Int
    /// Index in `entries` of each node, or -1 when absent.
    @usableFromInline let position: UnsafeMutablePointer<Int32>
    /// Nodes the heap can hold: ids `0..<nodeCapacity`.
    public let nodeCapacity: Int

    public init(capacity: Int) {
        nodeCapacity = max(capacity, 1)
        position = .allocate(capacity: nodeCapacity)
        position.initialize(repeating: -1, count: nodeCapacity)
        entries = .allocate(capacity: 64)
        self.capacity = 64
        storedCount = 0
    }

    deinit {
        position.deallocate()
        entries.deallocate()
    }

    /// Entries in the heap.
    @inlinable
    public var count: Int { storedCount }

    @inlinable
    public var isEmpty: Bool { storedCount == 0 }

    /// The entry that leaves next, if any.
    @inlinable
    public var minimum: HeapEntry? { storedCount == 0 ? nil : entries[0] }

    /// The smallest key, or `UInt64.max` when empty.
    @inlinable
    public var minimumKey: UInt64 { storedCount == 0 ? .max : entries[0].key }

    /// Inserts `node`, or lowers its key when it is present with a larger one. `node` must be
    /// below ``nodeCapacity``.
    @inlinable
    public func update(_ node: UInt32, key: UInt64) {
        let entry = HeapEntry(key: key, node: node)
        let at = Int(position[Int(node)])
        if at >= 0 {
            guard Order.precedes(entry, entries[at]) else { return }
            siftUp(at, entry)
        } else {
            let count = storedCount
            if count == capacity { grow() }
            storedCount = count + 1
            siftUp(count, entry)
        }
    }

    /// Removes and returns the entry that leaves next.
    @inlinable
    public func pop() -> HeapEntry? {
        let count = storedCount
        guard count > 0 else { return nil }
        let entries = self.entries
        let top = entries[0]
        position[Int(top.node)] = -1
        storedCount = count - 1
        if count > 1 { siftDown(0, entries[count - 1], count: count - 1) }
        return top
    }

    /// Empties the heap in time proportional to its size.
    @inlinable
    public func removeAll() {
        for index in 0..<storedCount { position[Int(entries[index].node)] = -1 }
        storedCount = 0
    }

    /// Places `entry` at `start` or above, moving later parents down.
    @inlinable @inline(__always)
    func siftUp(_ start: Int, _ entry: HeapEntry) {
        // Locals: as far as the compiler knows, stores through `entries` could change the
        // heap's stored properties, which it would then reload on every step.
        let entries = self.entries, position = self.position
        var child = start
        while child > 0 {
            let parent = (child - 1) >> 2
            let above = entries[parent]
            guard Order.precedes(entry, above) else { break }
            entries[child] = above
            position[Int(above.node)] = Int32(child)
            child = parent
        }
        entries[child] = entry
        position[Int(entry.node)] = Int32(child)
    }

    /// Places `entry` at `start` or below, moving earlier children up.
    @inlinable @inline(__always)
    func siftDown(_ start: Int, _ entry: HeapEntry, count: Int) {
        let entries = self.entries, position = self.position
        var parent = start
        while true {
            let first = 4 * parent + 1
            guard first < count else { break }
            let earliest = Order.earliest(in: entries, first..<min(first + 4, count))
            let earliestEntry = entries[earliest]
            guard Order.precedes(earliestEntry, entry) else { break }
            entries[parent] = earliestEntry
            position[Int(earliestEntry.node)] = Int32(parent)
            parent = earliest
        }
        entries[parent] = entry
        position[Int(entry.node)] = Int32(parent)
    }

    @usableFromInline
    func grow() {
        let larger = UnsafeMutablePointer<HeapEntry>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: entries, count: storedCount)
        entries.deallocate()
        entries = larger
        capacity *= 2
    }
}
