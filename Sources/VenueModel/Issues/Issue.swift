/// One finding about the input data: what is wrong, how bad it is, and where.
///
/// Importers, the validator and the graph compiler all report through this type, so the report
/// and the build summary can count and sort findings from every stage alike.
public struct Issue: Hashable, Sendable, Codable {
    public enum Severity: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
        case error
        case warning
        case info

        private var rank: Int {
            switch self {
            case .error: return 0
            case .warning: return 1
            case .info: return 2
            }
        }

        /// Errors sort first.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Which rule found it, such as ``FindingCode/unknownKind``; reports write its text, `unknown-kind`.
    public var code: FindingCode
    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// The level the finding is on, when it has one.
    public var levelID: String?
    /// Where on the map, when the finding has a position.
    public var coordinate: Coordinate?

    /// A finding of `code`, with the code's own severity unless `severity` says otherwise (an
    /// `invalid-geometry` outline that cannot be built is an error, a repaired one a warning).
    public init(code: FindingCode, severity: Severity? = nil, message: String, location: SourceLocation? = nil,
                levelID: String? = nil, coordinate: Coordinate? = nil) {
        self.code = code
        self.severity = severity ?? code.severity
        self.message = message
        self.location = location
        self.levelID = levelID
        self.coordinate = coordinate
    }
}

extension Issue: CustomStringConvertible {
    /// `file:line:column (feature X): message [code]`, the form compilers use so editors can link it.
    public var description: String {
        let place = location.map { "\($0): " } ?? ""
        return "\(place)\(message) [\(code.rawValue)]"
    }
}

/// Counts of issues by severity, as the build summary reports them.
public struct IssueCounts: Hashable, Sendable, Codable {
    public var errors = 0
    public var warnings = 0
    public var infos = 0

    public init(errors: Int = 0, warnings: Int = 0, infos: Int = 0) {
        self.errors = errors
        self.warnings = warnings
        self.infos = infos
    }

    public init<S: Sequence>(_ issues: S) where S.Element == Issue {
        for issue in issues { add(issue.severity) }
    }

    public mutating func add(_ severity: Issue.Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .info: infos += 1
        }
    }

    public static func + (lhs: IssueCounts, rhs: IssueCounts) -> IssueCounts {
        IssueCounts(errors: lhs.errors + rhs.errors, warnings: lhs.warnings + rhs.warnings,
                    infos: lhs.infos + rhs.infos)
    }

    /// `2 errors, 1 warning, 0 notes`.
    public var phrase: String {
        func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
        return "\(count(errors, "error")), \(count(warnings, "warning")), \(count(infos, "note"))"
    }
}
