import Foundation
import NavFormat

/// What a bundle makes of its customisable hierarchy on first use and keeps: the checked
/// topology and each profile's metric customised from its `PROF` costs.
///
/// Opening a bundle must cost the same at any size, so none of this happens at open; the first
/// route of a profile pays for its customisation, and every later one, on any thread, reuses it.
final class CustomisableCache: @unchecked Sendable {
    // `topology` is guarded by `lock`, and immutable once stored.
    private let lock = NSLock()
    private var topology: CustomisableTopology?
    private let metrics = ProfileCache<CustomisedMetric>()

    /// The topology, made by `make` the first time.
    func topology(_ make: () throws(BundleError) -> CustomisableTopology) throws(BundleError) -> CustomisableTopology {
        lock.lock()
        defer { lock.unlock() }
        if let topology { return topology }
        let made = try make()
        topology = made
        return made
    }

    /// A profile's metric, made by `make` the first time; profiles customise in parallel.
    func metric(_ profile: Int, _ make: () throws(BundleError) -> CustomisedMetric) throws(BundleError) -> CustomisedMetric {
        try metrics.value(profile, make)
    }
}
