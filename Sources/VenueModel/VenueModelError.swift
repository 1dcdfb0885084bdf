/// Why the venue model refused a value: the one error type the `VenueModel` module throws.
///
/// The model's only throwing operation reads level values that come from source data (an OSM
/// `level` tag, a CSV `levels` cell), so every case describes the data, never a mistake of the
/// caller's: the caller cannot pass a level value that is wrong for any other reason than what
/// it says. Polygons with structural faults are not errors of this module: they are reported
/// as a ``RingProblem`` value, which the importers turn into findings.
public enum VenueModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A level value (`text`, as given) that does not follow the level syntax, and why.
    case levelSyntax(text: String, reason: String)

    public var description: String {
        switch self {
        case .levelSyntax(let text, let reason):
            return "level value '\(text)' is not understood: \(reason)"
        }
    }

    /// What is wrong, without the value itself, for callers that quote the value their own way
    /// (an OSM importer names the tag it came from).
    public var reason: String {
        switch self {
        case .levelSyntax(_, let reason):
            return reason
        }
    }
}
