/// A binary min-heap of (key, value) pairs: the priority queue of the bundle's Dijkstra search.
///
/// Decrease-key is replaced by lazy insertion: stale entries are skipped when popped, which is
/// simpler and, on sparse graphs, as fast.
public struct MinimumHeap: Sendable {
    private var keys: [UInt64] = []
    private var values: [Int32] = []

    public init() {}

    public var isEmpty: Bool { keys.isEmpty }

    public mutating func push(_ key: UInt64, _ value: Int32) {
        keys.append(key)
        values.append(value)
        var child = keys.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard keys[child] < keys[parent] else { break }
            keys.swapAt(child, parent)
            values.swapAt(child, parent)
            child = parent
        }
    }

    public mutating func pop() -> (key: UInt64, value: Int32)? {
        guard let firstKey = keys.first, let firstValue = values.first else { return nil }
        let lastKey = keys.removeLast()
        let lastValue = values.removeLast()
        if !keys.isEmpty {
            keys[0] = lastKey
            values[0] = lastValue
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < keys.count else { break }
                let right = left + 1
                let smaller = right < keys.count && keys[right] < keys[left] ? right : left
                guard keys[smaller] < keys[parent] else { break }
                keys.swapAt(smaller, parent)
                values.swapAt(smaller, parent)
                parent = smaller
            }
        }
        return (firstKey, firstValue)
    }
}
