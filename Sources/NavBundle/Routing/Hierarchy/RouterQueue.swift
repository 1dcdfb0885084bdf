import NavFormat

/// The priority queue of one side of a ``BundleRouter`` search: a binary heap of (distance, rank)
/// in raw memory, ordered by distance then rank as the format's reference query requires.
///
/// Decrease-key is lazy insertion (the router drops outdated entries), and the storage is a
/// plain buffer that grows by doubling, so the hot loop pays neither array bounds checks nor
/// the exclusivity checks a heap struct inside a class property costs on every access.
final class RouterQueue {
    struct Entry {
        var key: UInt64
        var rank: UInt32
    }

    private var entries: UnsafeMutablePointer<Entry>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        entries = .allocate(capacity: self.capacity)
    }

    deinit {
        entries.deallocate()
    }

    func removeAll() {
        count = 0
    }

    @inline(__always)
    var minimum: Entry? { count > 0 ? entries[0] : nil }

    @inline(__always)
    private func precedes(_ a: Entry, _ b: Entry) -> Bool {
        a.key < b.key || (a.key == b.key && a.rank < b.rank)
    }

    func push(_ key: UInt64, _ rank: UInt32) {
        if count == capacity { grow() }
        let entry = Entry(key: key, rank: rank)
        var child = count
        count += 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(entry, entries[parent]) else { break }
            entries[child] = entries[parent]
            child = parent
        }
        entries[child] = entry
    }

    func pop() -> Entry? {
        guard count > 0 else { return nil }
        let top = entries[0]
        count -= 1
        guard count > 0 else { return top }
        let last = entries[count]
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < count else { break }
            let right = left + 1
            let smaller = right < count && precedes(entries[right], entries[left]) ? right : left
            guard precedes(entries[smaller], last) else { break }
            entries[parent] = entries[smaller]
            parent = smaller
        }
        entries[parent] = last
        return top
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: entries, count: count)
        entries.deallocate()
        entries = larger
        capacity *= 2
    }
}
