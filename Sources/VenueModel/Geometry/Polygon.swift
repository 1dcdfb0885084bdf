/// A polygon in WGS 84: one exterior ring and any number of holes.
///
/// Rings are closed: the first and last positions are equal, as RFC 7946 requires.
public struct Polygon: Hashable, Sendable, Codable {
    public var exterior: [Coordinate]
    public var holes: [[Coordinate]]

    public init(exterior: [Coordinate], holes: [[Coordinate]] = []) {
        self.exterior = exterior
        self.holes = holes
    }

    /// All rings, exterior first.
    public var rings: [[Coordinate]] { [exterior] + holes }
}

extension Polygon {
    /// Checks the structural rules of RFC 7946 §3.1.6 for every ring.
    ///
    /// Topological validity (self-intersection and the like) is the Geometry module's business.
    public func structuralProblem() -> RingProblem? {
        for ring in rings {
            if let problem = Self.problem(in: ring) { return problem }
        }
        return nil
    }

    /// The first structural problem of one ring, or `nil`.
    public static func problem(in ring: [Coordinate]) -> RingProblem? {
        if let bad = ring.first(where: { !$0.isValid }) { return .invalidPosition(bad) }
        guard ring.count >= 4 else { return .tooFewPositions(ring.count) }
        guard ring.first == ring.last else { return .notClosed }
        return nil
    }
}
