/// Why an edge list or an encoded hierarchy could not be read: the one error type the
/// `Contraction` module throws.
///
/// A caller's mistake and damaged data are different cases:
///
/// - The caller's mistakes: ``negativeInputArcCount(_:)``, an input graph size below zero handed
///   to the hierarchy decoder; ``unreadableEdgeList(file:reason:)``, a path that names no
///   readable file.
/// - Damaged data: ``malformedEdgeList(file:line:message:)``, an edge list that breaks its
///   format; ``damagedHierarchy(_:)``, bytes or arrays that do not hold a valid hierarchy (or
///   name more input arcs than the graph it is checked against has).
public enum ContractionError: Error, Hashable, Sendable, CustomStringConvertible {
    case negativeInputArcCount(Int)
    case unreadableEdgeList(file: String, reason: String)
    /// `line` is the 1-based line where the list stops making sense.
    case malformedEdgeList(file: String, line: Int, message: String)
    case damagedHierarchy(String)

    public var description: String {
        switch self {
        case .negativeInputArcCount(let count):
            return "an input graph of \(count) arcs was given; a graph has 0 arcs or more"
        case .unreadableEdgeList(let file, let reason):
            return "\(file): cannot read: \(reason)"
        case .malformedEdgeList(let file, let line, let message):
            return "\(file):\(line): \(message)"
        case .damagedHierarchy(let message):
            return "contraction hierarchy: \(message)"
        }
    }
}
