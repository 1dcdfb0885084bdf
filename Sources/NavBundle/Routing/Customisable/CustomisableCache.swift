import Foundation
import NavFormat

/// What a bundle makes of its customisable hierarchy on first use and keeps: the checked
/// topology and each profile's metric customised from its `PROF` costs.
///
/// Opening a bundle must cost the same at any size, so none of this happens at open; the first
/// route of a profile pays for its customisation, and every later one, on any thread, reuses it.
final class CustomisableCache: @unchecked Sendable {
    // Guarded by `lock`; the values are immutable once stored.
    private let lock = NSLock()
    private var topology: CustomisableTopology?
    private var metrics: [Int: CustomisedMetric] = [:]

    /// The topology, made by `make` the first time.
    func topology(_ make: () throws(BundleError) -> CustomisableTopology) throws(BundleError) -> CustomisableTopology {
        lock.lock()
        defer { lock.unlock() }
        if let topology { return topology }
        let made = try make()
        topology = made
        return made
    }

    /// A profile's metric, made by `make` the first time.
    func metric(_ profile: Int, _ make: () throws(BundleError) -> CustomisedMetric) throws(BundleError) -> CustomisedMetric {
        lock.lock()
        if let metric = metrics[profile] {
            lock.unlock()
            return metric
        }
        lock.unlock()
        // Customising runs unlocked, so that profiles customise in parallel; two threads racing
        // on one profile make equal metrics, and the first stored wins.
        let made = try make()
        lock.lock()
        defer { lock.unlock() }
        if let metric = metrics[profile] { return metric }
        metrics[profile] = made
        return made
    }
}
