import Geometry
import VenueModel

/// Whether two points on a level inside a building see each other: the straight segment between
/// them stays inside one walkable space's outline, by the same wall test the graph stage uses for
/// shortest paths inside a space (``SpaceOutline/isVisible(_:_:)``).
///
/// A point on a wall (a door) or just outside an outline counts as inside every space it lies
/// within the door tolerance of, from a point just inside, as the graph stage enters spaces at
/// doors. On a level without any outline (a walkway network drawn as lines) nothing is known to
/// block the view, and every pair sees each other.
struct LineOfSight {
    /// Where a point stands in one space: the space and the point the view is measured from.
    struct Placement {
        var space: Int
        var entry: PlanarPoint
    }

    /// How far inside an outline a point on it is moved to test the view (the graph stage's).
    static let entryDepth = 0.05

    private let outlines: [SpaceOutline?]
    /// Walkable spaces with an outline, by level index.
    private let spacesOnLevel: [Int: [Int]]
    private let tolerance: Double

    init(venue: Venue, projection: LocalProjection, levelIndex: [String: Int], tolerance: Double) {
        var outlines: [SpaceOutline?] = []
        var spacesOnLevel: [Int: [Int]] = [:]
        for (index, space) in venue.spaces.enumerated() {
            let outline = space.kind.isWalkable ? SpaceOutline(polygons: space.geometry.polygons, projection: projection) : nil
            outlines.append(outline)
            guard outline != nil else { continue }
            for level in space.levelIDs.compactMap({ levelIndex[$0] }) { spacesOnLevel[level, default: []].append(index) }
        }
        self.outlines = outlines
        self.spacesOnLevel = spacesOnLevel
        self.tolerance = tolerance
    }

    /// The spaces of `level` the point lies in or on, with the point to look from in each.
    func placements(of point: PlanarPoint, level: Int) -> [Placement] {
        var result: [Placement] = []
        for space in spacesOnLevel[level] ?? [] {
            guard let outline = outlines[space] else { continue }
            let box = outline.box
            guard point.x >= box.minX - tolerance, point.x <= box.maxX + tolerance,
                  point.y >= box.minY - tolerance, point.y <= box.maxY + tolerance,
                  outline.contains(point) || outline.distanceToOutline(point) <= tolerance,
                  let entry = outline.entryPoint(for: point, depth: Self.entryDepth) else { continue }
            result.append(Placement(space: space, entry: entry))
        }
        return result
    }

    /// Whether points placed as `a` and `b` on `level` see each other.
    func sees(_ a: [Placement], _ b: [Placement], level: Int) -> Bool {
        guard !(spacesOnLevel[level] ?? []).isEmpty else { return true }
        for first in a {
            for second in b where second.space == first.space {
                guard let outline = outlines[first.space] else { continue }
                if first.entry.distance(to: second.entry) < SpaceOutline.touching
                    || outline.isVisible(first.entry, second.entry) {
                    return true
                }
            }
        }
        return false
    }
}
