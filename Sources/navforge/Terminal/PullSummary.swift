import Foundation
import Publishing

/// The `--json` form of `pull`.
struct PullSummary: Encodable {
    var status: String
    var venue: String
    var version: String?
    var previous: String?
    var bundle: String?
    var size: Int?
    var sha256: String?
    var keyID: String?
    var bytesReceived: Int?
    var resumedAt: Int?
    var restarts: Int?
    var seconds: Double
    var error: String?

    init(_ outcome: PullOutcome, seconds: Double) {
        status = outcome.status.rawValue
        venue = outcome.venue
        version = outcome.version
        previous = outcome.previous
        bundle = outcome.bundle.path
        size = outcome.size
        sha256 = outcome.sha256
        keyID = outcome.keyID
        bytesReceived = outcome.bytesReceived
        resumedAt = outcome.resumedAt
        restarts = outcome.restarts
        self.seconds = seconds
    }

    init(failure: String, venue: String, seconds: Double) {
        status = "failed"
        self.venue = venue
        error = failure
        self.seconds = seconds
    }
}
