public import Foundation

/// What one `pull` did.
public struct PullOutcome: Sendable {
    public enum Status: String, Sendable {
        /// The catalog's latest version was downloaded, verified and installed.
        case updated
        /// The local copy already is the catalog's latest version; nothing was downloaded.
        case current
    }

    public var status: Status
    public var venue: String
    public var version: String
    /// The version the update replaced, if there was one.
    public var previous: String?
    /// The local bundle, now current.
    public var bundle: URL
    public var size: Int
    public var sha256: String
    /// The key whose signature was verified; `nil` when pulled without one.
    public var keyID: String?
    /// Bytes received in this run.
    public var bytesReceived = 0
    /// Where the download continued from a partial file an earlier run left, if it did.
    public var resumedAt: Int?
    /// How often the download started over: a server that ignored the range, a partial longer
    /// than the file, or resumed bytes that did not hash right.
    public var restarts = 0
}
