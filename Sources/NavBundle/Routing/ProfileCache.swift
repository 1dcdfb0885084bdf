import Foundation

/// Values a bundle makes per profile on first use and keeps, for callers on any thread: each
/// profile's customised metric, and its graph of open arcs.
///
/// A value is made unlocked, so that profiles are made in parallel; two threads racing on one
/// profile make equal values, and the first stored wins.
final class ProfileCache<Value>: @unchecked Sendable {
    // Guarded by `lock`; the values are immutable once stored.
    private let lock = NSLock()
    private var values: [Int: Value] = [:]

    /// A profile's value, made by `make` the first time.
    func value(_ profile: Int, _ make: () throws(BundleError) -> Value) throws(BundleError) -> Value {
        lock.lock()
        if let value = values[profile] {
            lock.unlock()
            return value
        }
        lock.unlock()
        let made = try make()
        lock.lock()
        defer { lock.unlock() }
        if let value = values[profile] { return value }
        values[profile] = made
        return made
    }
}
