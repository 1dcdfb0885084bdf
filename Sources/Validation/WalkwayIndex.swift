public import Geometry
public import VenueModel

/// The venue's explicit walkways by level, in the locator's plane: what rules ask when a door, a
/// landing or a hall is reached by walkways rather than by the outlines around it.
public struct WalkwayIndex: Sendable {
    private struct Segment: Sendable {
        var a: PlanarPoint
        var b: PlanarPoint
    }

    private let projection: LocalProjection
    private let segments: [String: [Segment]]

    public init(venue: Venue, projection: LocalProjection) {
        self.projection = projection
        var segments: [String: [Segment]] = [:]
        for path in venue.paths {
            let points = path.coordinates.map(projection.project)
            segments[path.levelID, default: []] += zip(points, points.dropFirst()).map { Segment(a: $0, b: $1) }
        }
        self.segments = segments
    }

    /// Whether a walkway of the level passes within `tolerance` metres of the point.
    public func passes(near coordinate: Coordinate, levelID: String, tolerance: Double) -> Bool {
        let point = projection.project(coordinate)
        return (segments[levelID] ?? []).contains { segment in
            point.closestPoint(onSegmentFrom: segment.a, to: segment.b).distance(to: point) <= tolerance
        }
    }

    /// Whether a walkway of the level enters the area: one of its vertices lies in it or on its outline.
    public func enters(_ area: PlanarArea, levelID: String, tolerance: Double) -> Bool {
        (segments[levelID] ?? []).contains { segment in
            [segment.a, segment.b].contains { area.covers($0) || area.distanceToOutline($0) <= tolerance }
        }
    }
}
