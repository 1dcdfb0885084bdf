/// Why a ring cannot form part of a polygon.
///
/// A value that ``Polygon/structuralProblem()`` returns, not an error: a broken outline is
/// something to report about the data (importers make it a finding, the geometry engine refuses
/// the ring), and nothing in this module throws it.
public enum RingProblem: Hashable, Sendable, CustomStringConvertible {
    case tooFewPositions(Int)
    case notClosed
    case invalidPosition(Coordinate)

    public var description: String {
        switch self {
        case .tooFewPositions(let count):
            return "a ring needs at least 4 positions (3 corners and the closing one), found \(count)"
        case .notClosed:
            return "the ring is not closed: its last position must repeat the first"
        case .invalidPosition(let coordinate):
            return "position (\(coordinate.longitude), \(coordinate.latitude)) is outside WGS 84 bounds"
        }
    }
}
