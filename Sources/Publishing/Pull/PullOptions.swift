public import Crypto
public import Foundation

/// How `pull` decides what to trust and how long and how much it waits for.
public struct PullOptions: Sendable {
    /// What a version must carry before its bundle is downloaded.
    public enum Trust: Sendable {
        /// An Ed25519 signature by this key over the version's statement.
        case publicKey(Curve25519.Signing.PublicKey)
        /// No signature: only the catalog's size and SHA-256 are checked, which protects against
        /// a damaged download but not against whoever can change the catalog.
        case insecureNoSignature
    }

    public var trust: Trust
    /// Seconds without a byte after which a connection counts as stalled and is dropped.
    public var stallTimeout: TimeInterval = 30
    /// The largest catalog accepted.
    public var maximumCatalogBytes = 64 << 20
    /// The largest bundle accepted, whatever the catalog says.
    public var maximumBundleBytes = 4 << 30
    /// Install a catalog's latest version even when it is older than the local copy.
    public var allowDowngrade = false
    /// The time recorded in `current.json`.
    public var now = Date()

    public init(trust: Trust) {
        self.trust = trust
    }
}
