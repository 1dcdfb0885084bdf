public import Foundation
public import VenueModel

/// The outcome of `navforge build`: what `--json` prints, one object for CI to read.
public struct BuildSummary: Codable, Hashable, Sendable {
    public enum Status: String, Codable, Hashable, Sendable {
        case succeeded
        case failed
    }

    public var pipeline: String
    /// The venue and bundle version; absent when the pipeline file itself could not be read.
    public var venue: String?
    public var version: String?
    public var navforge: String
    public var status: Status
    public var durationSeconds: Double
    public var stages: [StageResult]
    public var issues: IssueCounts
    public var outputs: [String]
    /// Every error message, each naming its file and line.
    public var errors: [String]

    /// The summary of a build that never started because its pipeline file is unreadable or
    /// invalid, so CI reads one shape of output whatever went wrong.
    public static func unreadablePipeline(_ pipeline: String, error: String) -> BuildSummary {
        BuildSummary(pipeline: pipeline, venue: nil, version: nil, navforge: NavforgeVersion.current, status: .failed,
                     durationSeconds: 0, stages: [], issues: IssueCounts(errors: 1), outputs: [], errors: [error])
    }

    /// The summary as indented JSON with sorted keys.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // JSON cannot hold the only values that make encoding fail, non-finite numbers; a duration
        // that is not finite would be written as a string, so the summary always encodes.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return try encoder.encode(self)
        } catch {
            preconditionFailure("a build summary of strings, counts and finite numbers always encodes: \(error)")
        }
    }
}
