import Dispatch
import Synchronization

/// Spreads independent work items over a fixed number of threads: the build's stages use it
/// (contraction's searches, the per-profile work of costing and checking a graph), so it is
/// `package`, not part of the runtime's API.
package enum ParallelWork {
    /// Items a worker takes at a time by default: enough to make taking them cheap, few enough to
    /// keep the workers evenly loaded when items differ in cost. Items that are each a large
    /// piece of work (a profile of a city's graph) are taken one at a time instead.
    package static let chunk = 16

    /// `transform` applied to every index of `0..<count`, in order. Workers take `chunk` indexes
    /// at a time as they finish the last; `worker` (below `workers`) says which one runs an
    /// index, so each can own scratch state. Fewer than two chunks per worker run on the calling
    /// thread alone, where starting threads would cost more than it saves; big items are given a
    /// chunk of one, so that two of them already go to two workers.
    ///
    /// `transform` must only read shared state: workers run it at the same time.
    package static func map<T>(count: Int, workers: Int, chunk: Int = chunk,
                               _ transform: (_ index: Int, _ worker: Int) -> T) -> [T] {
        let parallel = chunk == 1 ? count > 1 : count >= 2 * workers
        guard workers > 1, parallel else { return (0..<count).map { transform($0, 0) } }
        return withoutActuallyEscaping(transform) { transform in
            let results = UnsafeMutablePointer<T>.allocate(capacity: count)
            defer {
                results.deinitialize(count: count)
                results.deallocate()
            }
            // Each worker writes only its own slots, and `transform` only reads.
            let shared = UncheckedSendable(value: (transform, results))
            let run: @Sendable (Range<Int>, Int) -> Void = { range, worker in
                let (transform, results) = shared.value
                for index in range { (results + index).initialize(to: transform(index, worker)) }
            }
            if #available(macOS 15, *) {
                let next = Atomic<Int>(0)
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    while true {
                        let start = next.wrappingAdd(chunk, ordering: .relaxed).oldValue
                        guard start < count else { break }
                        run(start..<min(start + chunk, count), worker)
                    }
                }
            } else {
                // Without atomics, chunks are dealt out in turn.
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    for start in stride(from: worker * chunk, to: count, by: workers * chunk) {
                        run(start..<min(start + chunk, count), worker)
                    }
                }
            }
            return Array(UnsafeBufferPointer(start: results, count: count))
        }
    }
}

/// A value handed to worker threads whose safety the type system cannot see: the caller
/// guarantees that the threads only read it or touch disjoint parts of it.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value

    package init(value: Value) {
        self.value = value
    }
}
