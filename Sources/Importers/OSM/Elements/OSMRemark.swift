/// A `<remark>` of an Overpass API answer: the server's note that a query hit a limit or failed,
/// written into the XML in place of (or after) the data.
///
/// Overpass writes `<remark> runtime error: Query timed out in "query" at line 3 after 25
/// seconds. </remark>` when a query is cut off, and `runtime remark: ...` for notes. The HTTP
/// status is still 200, so a saved answer looks like a normal, smaller file.
public struct OSMRemark: Hashable, Sendable {
    /// The text, trimmed and with runs of white space joined, at most ``maximumLength`` characters.
    public var text: String
    /// The line the remark starts on.
    public var line: Int?

    /// Longer text is cut, so a hostile file cannot put megabytes into a finding.
    static let maximumLength = 300

    public init(text: String, line: Int?) {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let joined = words.joined(separator: " ")
        self.text = joined.count > Self.maximumLength ? String(joined.prefix(Self.maximumLength)) + "…" : joined
        self.line = line
    }

    /// Whether Overpass reports an error: `runtime error:` (a query cut off by its time or memory
    /// limit, or a failing server), or the `static`, `parse` and `encoding` errors, which it
    /// prefixes with `line N:`. Such an answer is incomplete.
    public var isError: Bool {
        var rest = Substring(text.lowercased())
        if rest.hasPrefix("line ") {
            // `line 3: static error: ...`
            let afterLine = rest.dropFirst(5).drop { $0.isNumber }
            if afterLine.hasPrefix(":") { rest = afterLine.dropFirst().drop { $0 == " " } }
        }
        return ["runtime error:", "static error:", "parse error:", "encoding error:", "error:"].contains { rest.hasPrefix($0) }
    }
}
