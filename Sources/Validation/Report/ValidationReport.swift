public import Foundation
public import VenueModel

/// The validation report written to `build/NAME/report.json` (schema in `docs/report.schema.json`,
/// described in `docs/validation-report.md`).
public struct ValidationReport: Codable, Hashable, Sendable {
    /// The report format's version; it grows when a field changes meaning or is removed.
    public static let currentFormatVersion = 1

    public struct Summary: Codable, Hashable, Sendable {
        public var errors: Int
        public var warnings: Int
        public var infos: Int
        /// Number of findings per rule code.
        public var byCode: [String: Int]
    }

    public var formatVersion: Int
    public var venue: String
    public var generator: String
    public var summary: Summary
    public var issues: [Issue]

    public init(venue: String, generator: String, issues: [Issue]) {
        formatVersion = Self.currentFormatVersion
        self.venue = venue
        self.generator = generator
        self.issues = Validator.sorted(issues)
        let counts = IssueCounts(issues)
        var byCode: [String: Int] = [:]
        for issue in issues { byCode[issue.code.rawValue, default: 0] += 1 }
        summary = Summary(errors: counts.errors, warnings: counts.warnings, infos: counts.infos, byCode: byCode)
    }

    /// Pretty-printed JSON with sorted keys, so equal reports are equal files.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    public func write(to url: URL) throws {
        try encoded().write(to: url, options: .atomic)
    }
}
