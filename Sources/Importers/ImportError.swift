public import Foundation
public import VenueModel

/// Why an input cannot be imported, and exactly where: the one error every throwing API of
/// `Importers` throws.
///
/// The cases say whose the problem is, because the fix is in a different place:
///
/// - **The caller's mistake**, fixed in the pipeline file or the call, not in the data:
///   ``invalidOption(_:at:)`` (an option the input cannot satisfy, such as a `within:` area
///   the file does not have) and ``missingFile(_:at:)`` (a path that names nothing).
/// - **Bad input data**, fixed in the file: ``invalidInput(_:at:)`` (malformed, damaged or
///   inconsistent content, located by file, line, column, byte offset, archive entry or feature),
///   and the syntax errors of the two text parsers that are given no file name,
///   ``jsonSyntax(_:line:column:)`` and ``wktSyntax(_:offset:)``.
/// - **Neither**: ``readFailure(_:at:)``, a file that exists but could not be read (permissions,
///   an I/O error, a decoder that could not start).
///
/// The importers that read whole files report every problem they find at once, as
/// ``several(_:)``, so one run lists every line to fix; ``problems`` lists them one by one.
///
/// The description has the compiler form `file:line:column: message`, one line per problem,
/// so editors and CI logs link straight to the offending place.
public enum ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An option the caller passed that this input cannot satisfy: a `within:` area the file
    /// does not have or that encloses no area, or `encoding: pbf` for a compressed file. The
    /// location names the file, and the area when there is one.
    case invalidOption(String, at: SourceLocation)
    /// The caller named a file or folder that does not exist.
    case missingFile(String, at: SourceLocation)
    /// The input's content is malformed, damaged or inconsistent.
    case invalidInput(String, at: SourceLocation)
    /// A JSON text is malformed at a 1-based line and column (in Unicode scalars); the
    /// ``JSONParser`` is given bytes, not a file, so the importers add the file.
    case jsonSyntax(String, line: Int, column: Int)
    /// A WKT text ``WKTReader`` refuses. The offset (0-based, in Unicode scalars, repeated by the
    /// message) is the refused character's when the reader's own checks found it, and `nil` when
    /// GEOS refused the text, since GEOS reports no position; ``CSVRow/wkt(_:feature:reader:)``
    /// turns it into the cell's line and column.
    case wktSyntax(String, offset: Int?)
    /// A file that exists could not be read: the system refused it or failed while reading.
    case readFailure(String, at: SourceLocation)
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

    /// The problem for a file the caller named that cannot be read: ``missingFile(_:at:)`` when
    /// nothing is at `url`, since the path is then the caller's mistake, else ``readFailure(_:at:)``.
    public static func unreadable(_ url: URL, _ message: String, at location: SourceLocation) -> ImportError {
        FileManager.default.fileExists(atPath: url.path) ? .readFailure(message, at: location) : .missingFile(message, at: location)
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
        case .invalidOption(let message, _), .missingFile(let message, _), .invalidInput(let message, _),
             .jsonSyntax(let message, _, _), .wktSyntax(let message, _), .readFailure(let message, _):
            return message
        case .several:
            return description
        }
    }

    /// Where the problem is in a named file; `nil` for the two parsers' syntax errors, which
    /// locate it in their text, and for ``several(_:)``.
    public var location: SourceLocation? {
        switch self {
        case .invalidOption(_, let location), .missingFile(_, let location), .invalidInput(_, let location),
             .readFailure(_, let location):
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
            // The message names the offset already, when there is one.
            return message
        case .several(let members):
            return members.map(\.description).joined(separator: "\n")
        case .invalidOption(let message, let location), .missingFile(let message, let location),
             .invalidInput(let message, let location), .readFailure(let message, let location):
            return "\(location): \(message)"
        }
    }

    /// A JSON syntax error placed in `file`, as bad input there; any other error unchanged.
    func placed(in file: String) -> ImportError {
        guard case .jsonSyntax(let message, let line, let column) = self else { return self }
        return .invalidInput(message, at: SourceLocation(file: file, line: line, column: column))
    }
}
