public import VenueModel

/// Why an input cannot be imported, and exactly where: the one error every throwing API of
/// `Importers` throws.
///
/// Problems in files carry their file and, as precisely as the format allows, line, column,
/// byte offset, archive entry or feature; the two text parsers, which are given no file name,
/// locate theirs in their text (``jsonSyntax(_:line:column:)``, ``wktSyntax(_:offset:)``).
/// The importers that read whole files report every problem they find at once, as
/// ``several(_:)``, so one run lists every line to fix; ``problems`` lists them one by one.
///
/// The description has the compiler form `file:line:column: message`, one line per problem,
/// so editors and CI logs link straight to the offending place.
public enum ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input's content is malformed, damaged or inconsistent, or the file cannot be read.
    case invalidInput(String, at: SourceLocation)
    /// A JSON text is malformed at a 1-based line and column (in Unicode scalars); the
    /// ``JSONParser`` is given bytes, not a file, so the importers add the file.
    case jsonSyntax(String, line: Int, column: Int)
    /// A WKT text is malformed at a 0-based offset in Unicode scalars, which the message repeats;
    /// ``CSVRow/wkt(_:)`` turns it into the cell's line and column.
    case wktSyntax(String, offset: Int)
    /// Several problems found in one run, none of them itself ``several(_:)``.
    case several([ImportError])

    /// One error for the problems of a run: the problem itself when there is one, else
    /// ``several(_:)`` with nested lists flattened.
    ///
    /// - Precondition: `problems` is not empty.
    init(collecting problems: [ImportError]) {
        precondition(!problems.isEmpty, "an import error needs a problem")
        let flat = problems.flatMap(\.problems)
        self = flat.count == 1 ? flat[0] : .several(flat)
    }

    /// Every problem, one by one: the members of ``several(_:)``, or this error alone.
    public var problems: [ImportError] {
        if case .several(let members) = self { return members.flatMap(\.problems) }
        return [self]
    }

    /// What is wrong, without the location; for ``several(_:)``, every problem's description,
    /// one per line.
    public var message: String {
        switch self {
        case .invalidInput(let message, _), .jsonSyntax(let message, _, _), .wktSyntax(let message, _):
            return message
        case .several:
            return description
        }
    }

    /// Where the problem is in a named file; `nil` for the two parsers' syntax errors, which
    /// locate it in their text, and for ``several(_:)``.
    public var location: SourceLocation? {
        switch self {
        case .invalidInput(_, let location):
            return location
        case .jsonSyntax, .wktSyntax, .several:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .jsonSyntax(let message, let line, let column):
            return "\(line):\(column): \(message)"
        case .wktSyntax(let message, _):
            // The message names the offset already.
            return message
        case .several(let members):
            return members.map(\.description).joined(separator: "\n")
        case .invalidInput(let message, let location):
            return "\(location): \(message)"
        }
    }

    /// A JSON syntax error placed in `file`, as bad input there; any other error unchanged.
    func placed(in file: String) -> ImportError {
        guard case .jsonSyntax(let message, let line, let column) = self else { return self }
        return .invalidInput(message, at: SourceLocation(file: file, line: line, column: column))
    }
}
