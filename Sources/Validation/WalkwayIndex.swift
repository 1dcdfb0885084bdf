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
    /// Each level's segments by the cells their boxes cover: a city's ground level holds
    /// hundreds of thousands, and every door and doorless space asked about each of them.
    private let grids: [Double: PlanarBoxGrid]
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
        grids = segments.mapValues { segments in
            var grid = PlanarBoxGrid()
            for (index, segment) in segments.enumerated() {
                grid.insert(index, minX: min(segment.a.x, segment.b.x), minY: min(segment.a.y, segment.b.y),
                            maxX: max(segment.a.x, segment.b.x), maxY: max(segment.a.y, segment.b.y))
            }
            return grid
        }
    }

    /// The level's segments whose box meets the given one: every segment with a point in the
    /// box, and some near it.
    private func segments(onLevel levelID: String, meeting box: PlanarBox) -> [Segment] {
        let ordinal = ordinals[levelID] ?? 0
        guard let segments = segments[ordinal], let grid = grids[ordinal] else { return [] }
        return grid.candidates(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY).map { segments[$0] }
    }

    /// Whether a walkway of the level passes within `tolerance` metres of the point.
    public func passes(near coordinate: Coordinate, levelID: String, tolerance: Double) -> Bool {
        let point = projection.project(coordinate)
        let box = PlanarBox(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y).expanded(by: tolerance)
        return segments(onLevel: levelID, meeting: box).contains { segment in
            point.closestPoint(onSegmentFrom: segment.a, to: segment.b).distance(to: point) <= tolerance
        }
    }

    /// Whether a walkway of the level enters the area: one of its vertices lies in it or on its outline.
    public func enters(_ area: PlanarArea, levelID: String, tolerance: Double) -> Bool {
        // A vertex in the area, or within `tolerance` of its outline, lies in its envelope so widened.
        segments(onLevel: levelID, meeting: area.envelope.expanded(by: tolerance)).contains { segment in
            [segment.a, segment.b].contains { area.covers($0) || area.distanceToOutline($0) <= tolerance }
        }
    }
}
