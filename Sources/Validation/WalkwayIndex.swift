public import Geometry
public import VenueModel

/// The venue's explicit walkways by level ordinal, in the locator's plane: what rules ask when a
/// door, a landing or a hall is reached by walkways rather than by the outlines around it. A
/// walkway on level 0 of one building (or outdoors, on the ground) reaches level 0 of another, as
/// the graph joins them.
public struct WalkwayIndex: Sendable {
    private struct Segment: Sendable {
        var a: PlanarPoint
        var b: PlanarPoint
    }

    private let projection: LocalProjection
    private let segments: [Double: [Segment]]
    private let ordinals: [String: Double]

    public init(venue: Venue, projection: LocalProjection) {
        self.projection = projection
        let ordinals = Dictionary(venue.levels.map { ($0.id, $0.ordinal) }, uniquingKeysWith: { first, _ in first })
        self.ordinals = ordinals
        var segments: [Double: [Segment]] = [:]
        for path in venue.paths {
            let points = path.coordinates.map(projection.project)
            segments[ordinals[path.levelID] ?? 0, default: []] += zip(points, points.dropFirst()).map { Segment(a: $0, b: $1) }
        }
        self.segments = segments
    }

    private func segments(onLevel levelID: String) -> [Segment] {
        segments[ordinals[levelID] ?? 0] ?? []
    }

    /// Whether a walkway of the level passes within `tolerance` metres of the point.
    public func passes(near coordinate: Coordinate, levelID: String, tolerance: Double) -> Bool {
        let point = projection.project(coordinate)
        return segments(onLevel: levelID).contains { segment in
            point.closestPoint(onSegmentFrom: segment.a, to: segment.b).distance(to: point) <= tolerance
        }
    }

    /// Whether a walkway of the level enters the area: one of its vertices lies in it or on its outline.
    public func enters(_ area: PlanarArea, levelID: String, tolerance: Double) -> Bool {
        segments(onLevel: levelID).contains { segment in
            [segment.a, segment.b].contains { area.covers($0) || area.distanceToOutline($0) <= tolerance }
        }
    }
}
