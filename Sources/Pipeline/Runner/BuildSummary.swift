public import Foundation
public import VenueModel

/// The outcome of `navforge build`: what `--json` prints, one object for CI to read.
public struct BuildSummary: Codable, Hashable, Sendable {
    public enum Status: String, Codable, Hashable, Sendable {
        case succeeded
        case failed
    }

    public var pipeline: String
    public var venue: String
    public var version: String
    public var navforge: String
    public var status: Status
    public var durationSeconds: Double
    public var stages: [StageResult]
    public var issues: IssueCounts
    public var outputs: [String]
    /// Every error message, each naming its file and line.
    public var errors: [String]

    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
