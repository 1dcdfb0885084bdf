public import VenueModel

/// Answers where things are among a venue's spaces: which outlines a door lies on, which space
/// holds a lift landing or a point of interest.
///
/// Built once per stage from the venue: each walkable space with an outline becomes a GEOS area in
/// a local metric projection, indexed by level. Point queries first reject by bounding box.
public final class SpaceLocator {
    public let projection: LocalProjection
    private let engine: GeometryEngine
    /// The area of each space, by index in `venue.spaces`; `nil` for points and broken outlines.
    private var areas: [PlanarArea?]
    /// Space indexes on each level.
    private var spacesByLevel: [String: [Int]] = [:]
    /// Each level's spaces by the cells their envelopes cover: a city's venue-wide levels hold
    /// thousands of spaces, and every door and landing asked about each of them.
    private var gridsByLevel: [String: PlanarBoxGrid] = [:]
    /// Spaces whose outline GEOS could not build, with the reason.
    public private(set) var unbuildable: [(space: Int, reason: String)] = []
    /// Spaces whose outline was invalid (it crosses itself, say) and was repaired, with GEOS's
    /// reason; the repaired area is the one this locator answers with.
    public private(set) var repaired: [(space: Int, reason: String)] = []

    public init(venue: Venue, engine: GeometryEngine = GeometryEngine()) {
        self.engine = engine
        projection = LocalProjection(origin: venue.boundingBox?.center ?? Coordinate(latitude: 0, longitude: 0))
        areas = []
        areas.reserveCapacity(venue.spaces.count)
        for (index, space) in venue.spaces.enumerated() {
            let polygons = space.geometry.polygons
            guard !polygons.isEmpty else {
                areas.append(nil)
                continue
            }
            do throws(GeometryError) {
                var area = try engine.area(polygons, projection: projection)
                if let problem = area.validityProblem {
                    guard let fixed = area.repaired() else {
                        throw .noAreaOnceRepaired(problem: problem)
                    }
                    area = fixed
                    repaired.append((index, problem))
                }
                areas.append(area)
                let box = area.envelope
                for level in space.levelIDs {
                    spacesByLevel[level, default: []].append(index)
                    gridsByLevel[level, default: PlanarBoxGrid()].insert(index, minX: box.minX, minY: box.minY,
                                                                         maxX: box.maxX, maxY: box.maxY)
                }
            } catch {
                areas.append(nil)
                unbuildable.append((index, error.description))
            }
        }
    }

    /// The planar area of a space, when it has an outline.
    public func area(ofSpace index: Int) -> PlanarArea? {
        areas.indices.contains(index) ? areas[index] : nil
    }

    /// Indexes of the spaces with an area on `levelID`, in venue order.
    public func spaces(onLevel levelID: String) -> [Int] {
        spacesByLevel[levelID] ?? []
    }

    /// Spaces on `levelID` whose outline passes within `tolerance` metres of the point, nearest first.
    public func spaces(withOutlineNear coordinate: Coordinate, levelID: String, tolerance: Double) -> [Int] {
        let point = projection.project(coordinate)
        var found: [(Int, Double)] = []
        for index in candidates(levelID, around: point, within: tolerance) {
            guard let area = areas[index], area.envelope.expanded(by: tolerance).contains(point) else { continue }
            let distance = area.distanceToOutline(point)
            if distance <= tolerance { found.append((index, distance)) }
        }
        return found.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
    }

    /// The point of a space's outline nearest to `coordinate`; `nil` for a space without an area.
    public func nearestOutlinePoint(ofSpace index: Int, to coordinate: Coordinate) -> Coordinate? {
        guard let area = area(ofSpace: index),
              let point = area.nearestOutlinePoint(to: projection.project(coordinate)) else { return nil }
        return projection.unproject(point)
    }

    /// Spaces on `levelID` that contain the point (inside or on the outline), smallest first, so a
    /// room wins over the building-wide area around it.
    public func spaces(covering coordinate: Coordinate, levelID: String) -> [Int] {
        let point = projection.project(coordinate)
        var found: [(Int, Double)] = []
        for index in candidates(levelID, around: point, within: 0) {
            guard let area = areas[index], area.covers(point) else { continue }
            found.append((index, area.area))
        }
        return found.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
    }

    /// The spaces on `levelID` whose envelope may lie within `margin` metres of `point`: every
    /// one that does, ascending. An area covers only points of its envelope, and its outline lies
    /// in it, so the queries above find among them what they would find among all the level's.
    private func candidates(_ levelID: String, around point: PlanarPoint, within margin: Double) -> [Int] {
        gridsByLevel[levelID]?.candidates(minX: point.x - margin, minY: point.y - margin,
                                          maxX: point.x + margin, maxY: point.y + margin) ?? []
    }

    /// Metres between two coordinates in this locator's plane.
    public func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        projection.distance(a, b)
    }
}
