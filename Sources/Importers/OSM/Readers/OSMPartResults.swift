import Foundation

/// The datasets that the threads reading parts of one file produce, each slot written once by
/// its own thread and read once all have finished.
final class OSMPartResults: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [OSMDataset?]

    /// Room for `count` parts, none read yet.
    init(count: Int) {
        stored = Array(repeating: nil, count: count)
    }

    /// Keeps the dataset of part `index`.
    func store(_ dataset: OSMDataset, at index: Int) {
        lock.lock()
        stored[index] = dataset
        lock.unlock()
    }

    /// Each part's dataset, `nil` for a part that failed.
    var datasets: [OSMDataset?] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
