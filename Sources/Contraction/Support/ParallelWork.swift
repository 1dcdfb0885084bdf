import Dispatch
import Synchronization

/// Spreads independent work items over a fixed number of threads.
enum ParallelWork {
    /// Items a worker takes at a time: enough to make taking them cheap, few enough to keep
    /// the workers evenly loaded when items differ in cost.
    static let chunk = 16

    /// `transform` applied to every index of `0..<count`, in order; index `i` runs on worker
    /// `i % workers`, so each worker can own scratch state passed in by its number. Few items
    /// run on the calling thread alone, where starting threads would cost more than it saves.
    ///
    /// `transform` must only read shared state: workers run it at the same time.
    static func map<T>(count: Int, workers: Int, _ transform: (_ index: Int, _ worker: Int) -> T) -> [T] {
        guard workers > 1, count >= 2 * workers else { return (0..<count).map { transform($0, 0) } }
        return withoutActuallyEscaping(transform) { transform in
            let results = UnsafeMutablePointer<T>.allocate(capacity: count)
            defer {
                results.deinitialize(count: count)
                results.deallocate()
            }
            // Each worker writes only its own slots, and `transform` only reads.
            let shared = UncheckedSendable(value: (transform, results))
            let next = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let (transform, results) = shared.value
                while true {
                    let start = next.wrappingAdd(chunk, ordering: .relaxed).oldValue
                    guard start < count else { break }
                    for index in start..<min(start + chunk, count) {
                        (results + index).initialize(to: transform(index, worker))
                    }
                }
            }
            return Array(UnsafeBufferPointer(start: results, count: count))
        }
    }
}

/// A value handed to worker threads whose safety the type system cannot see: the caller
/// guarantees that the threads only read it or touch disjoint parts of it.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
