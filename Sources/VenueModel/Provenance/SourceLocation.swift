/// Where a record came from: the input file and, as precisely as the format allows, the line,
/// column or feature inside it.
///
/// Every row of the staging store and every issue carries one, so a data engineer can jump from a
/// report straight to the line to fix.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The input file as the pipeline names it (relative to the pipeline file when given so).
    public var file: String
    /// 1-based line, when the format has lines.
    public var line: Int?
    /// 1-based column (in characters), when known.
    public var column: Int?
    /// The source's own identifier: a GeoJSON feature id or `#index`, an OSM `way/123`.
    public var feature: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, feature: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.feature = feature
    }

    /// `file:line:column (feature X)`, the form compilers use so editors can link it.
    public var description: String {
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        if let feature { text += " (feature \(feature))" }
        return text
    }
}
