/// A 4-ary min-heap over node ids `0..<capacity` with decrease-key, keyed by `UInt64`.
///
/// Positions are kept per node, so a node is in the heap at most once and `update` moves it in
/// place. Searches that run thousands of times (witness searches, queries) reuse one heap and pay
/// only for the nodes they touched when clearing it. It is a class over raw memory because heap
/// operations are the inner loop of both building and querying: arrays cost a uniqueness and a
/// bounds check on every write.
final class IndexedHeap {
    private struct Entry {
        var key: UInt64
        var node: Int32
    }

    private var entries: UnsafeMutablePointer<Entry>
    private var entryCapacity: Int
    private(set) var count = 0
    /// Index in `entries` of each node, or -1 when absent.
    private let position: UnsafeMutablePointer<Int32>
    private let nodeCapacity: Int

    init(capacity: Int) {
        nodeCapacity = max(capacity, 1)
        position = .allocate(capacity: nodeCapacity)
        position.initialize(repeating: -1, count: nodeCapacity)
        entryCapacity = 64
        entries = .allocate(capacity: entryCapacity)
    }

    deinit {
        position.deallocate()
        entries.deallocate()
    }

    /// The smallest key, or `UInt64.max` when empty.
    var minimumKey: UInt64 { count == 0 ? .max : entries[0].key }

    /// Inserts `node`, or lowers its key when it is present with a larger one.
    func update(_ node: Int32, key: UInt64) {
        let at = Int(position[Int(node)])
        if at >= 0 {
            guard key < entries[at].key else { return }
            siftUp(at, Entry(key: key, node: node))
        } else {
            if count == entryCapacity { grow() }
            count += 1
            siftUp(count - 1, Entry(key: key, node: node))
        }
    }

    /// Inserts `node` or moves it to `key`, up or down.
    func set(_ node: Int32, key: UInt64) {
        let at = Int(position[Int(node)])
        guard at >= 0 else { return update(node, key: key) }
        if key < entries[at].key {
            siftUp(at, Entry(key: key, node: node))
        } else {
            siftDown(at, Entry(key: key, node: node))
        }
    }

    /// Removes and returns the node with the smallest key.
    func pop() -> (node: Int32, key: UInt64)? {
        guard count > 0 else { return nil }
        let top = entries[0]
        position[Int(top.node)] = -1
        count -= 1
        if count > 0 { siftDown(0, entries[count]) }
        return (top.node, top.key)
    }

    /// Empties the heap in time proportional to its size.
    func removeAll() {
        for index in 0..<count { position[Int(entries[index].node)] = -1 }
        count = 0
    }

    /// Places `entry` at `start` or above, moving larger parents down.
    private func siftUp(_ start: Int, _ entry: Entry) {
        var child = start
        while child > 0 {
            let parent = (child - 1) >> 2
            let above = entries[parent]
            guard entry.key < above.key else { break }
            entries[child] = above
            position[Int(above.node)] = Int32(child)
            child = parent
        }
        entries[child] = entry
        position[Int(entry.node)] = Int32(child)
    }

    /// Places `entry` at `start` or below, moving smaller children up.
    private func siftDown(_ start: Int, _ entry: Entry) {
        var parent = start
        while true {
            let first = 4 * parent + 1
            guard first < count else { break }
            var smallest = first
            var smallestKey = entries[first].key
            let last = min(first + 4, count)
            var child = first + 1
            while child < last {
                let key = entries[child].key
                if key < smallestKey {
                    smallest = child
                    smallestKey = key
                }
                child += 1
            }
            guard smallestKey < entry.key else { break }
            entries[parent] = entries[smallest]
            position[Int(entries[parent].node)] = Int32(parent)
            parent = smallest
        }
        entries[parent] = entry
        position[Int(entry.node)] = Int32(parent)
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Entry>.allocate(capacity: entryCapacity * 2)
        larger.moveInitialize(from: entries, count: count)
        entries.deallocate()
        entries = larger
        entryCapacity *= 2
    }
}
