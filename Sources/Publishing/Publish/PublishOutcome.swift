public import BundleTools

/// What one `publish` did.
public struct PublishOutcome: Sendable {
    public enum Status: String, Sendable {
        /// The version is new in the root.
        case published
        /// The root already had the version with the same bytes; nothing was copied.
        case alreadyPublished = "already published"
    }

    public var venue: String
    public var version: String
    public var status: Status
    /// The version's record as published (paths relative to the root).
    public var release: ReleaseRecord
    /// The comparison with the version it follows, when there is one.
    public var diff: BundleDiff?
    /// Why the gate would have refused, when `allowRegression` let it through.
    public var allowedRegressions: [String] = []
    /// Versions retention removed.
    public var removed: [String] = []
    /// The version `latest.json` now names.
    public var latest: String
}
