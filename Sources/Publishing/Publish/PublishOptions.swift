public import Crypto
public import Foundation

/// How `publish` treats one version: signing, the gate, retention and pins.
public struct PublishOptions: Sendable {
    /// Signs the version's statement when given.
    public var signingKey: Curve25519.Signing.PrivateKey?
    /// The limits against the published version this one follows; `nil` uses the manifest's
    /// (the pipeline's), or the defaults.
    public var gate: RegressionGate?
    /// Publishes even when the gate refuses, recording the regression in the change summary.
    public var allowRegression = false
    /// Another root to compare against when this one has no earlier version of the venue: the
    /// real root, when a CI job publishes into a staging root of its own.
    public var against: PublicationRoot?
    /// Keep at most this many versions of the venue; the latest and pinned ones always stay.
    public var keep: Int?
    /// Versions to pin (never removed by retention) and to unpin.
    public var pin: [String] = []
    public var unpin: [String] = []
    /// The publication time written into `release.json`.
    public var now = Date()

    public init() {}
}
