public import VenueModel

/// Why the geometry engine could not build an area: the one error type the `Geometry` module
/// throws.
///
/// A caller's mistake and faulty shape data are told apart:
///
/// - ``noPolygons`` is the caller's mistake: an area was asked of no polygons at all.
/// - ``invalidRing(_:)``, ``geos(_:)`` and ``noAreaOnceRepaired(problem:)`` describe the shape
///   data: a ring that breaks the structural rules, a shape GEOS refuses, an outline whose repair
///   leaves nothing. Fixing them means fixing the source outline.
public enum GeometryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An area was asked of an empty list of polygons.
    case noPolygons
    /// A ring of a polygon breaks the rules of RFC 7946 §3.1.6.
    case invalidRing(RingProblem)
    /// GEOS could not build the shape; its own message, or what was being built when it gave none.
    case geos(String)
    /// An invalid outline (`problem`, GEOS's reason) that GEOS's repair leaves without any area.
    case noAreaOnceRepaired(problem: String)

    public var description: String {
        switch self {
        case .noPolygons:
            return "an area needs at least one polygon"
        case .invalidRing(let problem):
            return problem.description
        case .geos(let message):
            return message
        case .noAreaOnceRepaired(let problem):
            return "\(problem), and it has no area once repaired"
        }
    }
}
