import VenueModel

/// Finds the ways into rooms that the data draws without a door node.
///
/// Walkway-network maps (stations, malls) rarely put doors on shop outlines. Two rules give such
/// rooms their ways in, as openings marked ``Opening/isInferred``:
/// - a walkway of the room's level that crosses the room's outline enters it there (a doorless
///   shop front, an arcade), wherever no door lies within ``tolerance``;
/// - a unit entered across its front (``Space/opensAtFront``) that still has no way in opens at
///   the middle of the longest stretch of its outline lying in or along a corridor, hall or
///   outdoor area of its level, or else at the point of its outline nearest a walkway of its
///   level within ``frontReach`` (the graph then joins that walkway).
///
/// Levels are compared by ordinal: a walkway on level 0 of one building (or outdoors, on the
/// ground) meets a room on level 0 of another, as shared nodes join them. Every room with an
/// inferred way in gets an `opening-inferred` note, so no wall is crossed unnoticed.
struct DoorlessOpenings {
    /// Metres within which a point counts as on an outline, as for doors.
    static let tolerance = 0.5
    /// How far (metres) a unit's front may be from the walkway it opens onto.
    static let frontReach = 10.0

    private let venue: Venue
    private let projection: LocalProjection
    /// Openings by level ordinal.
    private var openingsByLevel: [Double: [PlanarPoint]] = [:]
    /// Each level's ordinal, by id.
    private let ordinals: [String: Double]
    /// Every path's vertices in the plane, and their box.
    private let pathPoints: [(points: [PlanarPoint], box: PlanarBox)]
    /// The corridors, halls and outdoor areas a unit's front may open onto, in the plane.
    private let circulation: [(space: Space, areas: [PlanarPolygon])]

    init(venue: Venue) {
        self.venue = venue
        let projection = LocalProjection(origin: venue.boundingBox?.center ?? Coordinate(latitude: 0, longitude: 0))
        self.projection = projection
        ordinals = Dictionary(venue.levels.map { ($0.id, $0.ordinal) }, uniquingKeysWith: { first, _ in first })
        pathPoints = venue.paths.map { path in
            let points = path.coordinates.map(projection.project)
            return (points, PlanarBox(points))
        }
        circulation = venue.spaces.filter { $0.kind.isCirculation && $0.kind != .stairs && $0.kind != .elevator }
            .map { ($0, $0.geometry.polygons.map { PlanarPolygon($0, projection) }) }
        for opening in venue.openings {
            for levelID in opening.levelIDs {
                openingsByLevel[ordinals[levelID] ?? 0, default: []].append(projection.project(opening.location))
            }
        }
    }

    /// The openings to add and the notes about rooms entered only through them.
    mutating func infer() -> (openings: [Opening], issues: [Issue]) {
        var added: [Opening] = []
        var issues: [Issue] = []
        let pathsByLevel = Dictionary(grouping: venue.paths.indices, by: { ordinals[venue.paths[$0].levelID] ?? 0 })
        for space in venue.spaces where space.kind == .room {
            let polygons = space.geometry.polygons.map { PlanarPolygon($0, projection) }
            guard !polygons.isEmpty else { continue }
            for levelID in space.levelIDs {
                let ordinal = ordinals[levelID] ?? 0
                let paths = pathsByLevel[ordinal] ?? []
                var found: [(point: PlanarPoint, reason: String)] = []
                for index in paths {
                    for point in crossings(of: index, with: polygons, ordinal: ordinal)
                    where !found.contains(where: { $0.point.distance(to: point) <= Self.tolerance }) {
                        found.append((point, "\(Self.describe(venue.paths[index])) enters it"))
                    }
                }
                let hasDoor = polygons.contains { polygon in
                    (openingsByLevel[ordinal] ?? []).contains { polygon.distanceToOutline($0) <= Self.tolerance }
                }
                if found.isEmpty, !hasDoor, space.opensAtFront, let front = front(of: polygons, ordinal: ordinal, paths: paths) {
                    found.append(front)
                }
                guard !found.isEmpty else { continue }
                for (number, entry) in found.enumerated() {
                    var opening = Opening(
                        id: "\(space.id)#opening-\(Level.formatOrdinal(ordinal))-\(number + 1)", levelIDs: [levelID],
                        location: projection.unproject(entry.point), isEntrance: false, doorType: .opening,
                        source: space.source)
                    opening.isInferred = true
                    added.append(opening)
                    openingsByLevel[ordinal, default: []].append(entry.point)
                }
                let reasons = found.map(\.reason).joined(separator: "; ")
                let doors = hasDoor ? "besides its doors on level \(levelID), it is also" : "has no door on level \(levelID); it is"
                issues.append(Issue(
                    code: .openingInferred,
                    message: "\(space.kind.noun) '\(space.reference)' \(doors) entered where \(reasons)",
                    location: space.source, levelID: levelID, coordinate: projection.unproject(found[0].point)))
            }
        }
        return (added, issues)
    }

    private static func describe(_ path: Path) -> String {
        "walkway \(path.source.feature ?? path.id)"
    }

    /// Where a walkway passes through a room's outline, going in or coming out, away from doors.
    private func crossings(of path: Int, with polygons: [PlanarPolygon], ordinal: Double) -> [PlanarPoint] {
        let (points, box) = pathPoints[path]
        guard points.count >= 2, polygons.contains(where: { $0.box.expanded(by: Self.tolerance).intersects(box) }) else {
            return []
        }
        var result: [PlanarPoint] = []
        for polygon in polygons {
            for (a, b) in zip(points, points.dropFirst()) {
                let onA = polygon.distanceToOutline(a) <= Self.tolerance
                let onB = polygon.distanceToOutline(b) <= Self.tolerance
                // A walkway vertex on the outline, with the walkway going in from there.
                if onA, !onB, polygon.contains(b) { result.append(a) }
                if onB, !onA, polygon.contains(a) { result.append(b) }
                // Crossings between the vertices, away from a vertex already on the outline.
                for crossing in polygon.crossings(a, b)
                where !(onA && crossing.distance(to: a) <= Self.tolerance) && !(onB && crossing.distance(to: b) <= Self.tolerance) {
                    result.append(crossing)
                }
            }
        }
        return result.filter { point in
            !(openingsByLevel[ordinal] ?? []).contains { $0.distance(to: point) <= Self.tolerance }
        }
    }

    /// Where a unit without a way in opens: along a circulation space of its level, else toward
    /// the nearest walkway within reach.
    private func front(of polygons: [PlanarPolygon], ordinal: Double,
                       paths: [Int]) -> (point: PlanarPoint, reason: String)? {
        var best: (length: Double, point: PlanarPoint, reason: String)?
        for (other, areas) in circulation where other.levelIDs.contains(where: { ordinals[$0] == ordinal }) {
            for area in areas {
                for polygon in polygons where polygon.box.expanded(by: Self.tolerance).intersects(area.box) {
                    guard let stretch = polygon.longestStretch(alongOrInside: area, tolerance: Self.tolerance),
                          stretch.length > best?.length ?? 0 else { continue }
                    let name = other.name ?? other.ref ?? other.source.feature ?? other.id
                    best = (stretch.length, stretch.middle, "its front meets \(other.kind.noun) \(name)")
                }
            }
        }
        if let best { return (best.point, best.reason) }
        var nearest: (metres: Double, point: PlanarPoint, path: Int)?
        for index in paths {
            let (line, box) = pathPoints[index]
            for polygon in polygons where polygon.box.expanded(by: Self.frontReach).intersects(box) {
                guard let pair = polygon.nearestOutlinePoint(toLine: line), pair.metres <= Self.frontReach,
                      pair.metres < nearest?.metres ?? .infinity else { continue }
                nearest = (pair.metres, pair.point, index)
            }
        }
        guard let nearest else { return nil }
        return (nearest.point, "its front faces \(Self.describe(venue.paths[nearest.path])), \(Int(nearest.metres.rounded())) m away")
    }
}

/// A polygon in a local plane, for the few measures opening inference needs.
struct PlanarPolygon {
    let rings: [[PlanarPoint]]
    let box: PlanarBox
    /// Every ring's edges, made once: containment and distances walk them for every point tested.
    private let edges: [(PlanarPoint, PlanarPoint)]

    init(_ polygon: Polygon, _ projection: LocalProjection) {
        rings = polygon.rings.map { ring in
            let points = ring.map(projection.project)
            return points.first == points.last ? points : points + [points[0]]
        }
        box = PlanarBox(rings.flatMap { $0 })
        edges = rings.flatMap { ring in Array(zip(ring, ring.dropFirst())) }
    }

    /// Even-odd containment over every ring, so holes are outside.
    func contains(_ point: PlanarPoint) -> Bool {
        var inside = false
        for (a, b) in edges where (a.y > point.y) != (b.y > point.y) {
            if point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
        }
        return inside
    }

    func distanceToOutline(_ point: PlanarPoint) -> Double {
        edges.map { point.closestPoint(onSegmentFrom: $0.0, to: $0.1).distance(to: point) }.min() ?? .infinity
    }

    /// The points where segment `a`–`b` crosses an edge, from `a`; crossings closer together
    /// than a few centimetres (at a corner, two edges meet the segment) count once.
    func crossings(_ a: PlanarPoint, _ b: PlanarPoint) -> [PlanarPoint] {
        var found: [(t: Double, point: PlanarPoint)] = []
        for (c, d) in edges {
            let r = PlanarPoint(x: b.x - a.x, y: b.y - a.y), s = PlanarPoint(x: d.x - c.x, y: d.y - c.y)
            let denominator = r.x * s.y - r.y * s.x
            guard denominator != 0 else { continue }
            let t = ((c.x - a.x) * s.y - (c.y - a.y) * s.x) / denominator
            let u = ((c.x - a.x) * r.y - (c.y - a.y) * r.x) / denominator
            guard t >= 0, t <= 1, u >= 0, u <= 1 else { continue }
            found.append((t, PlanarPoint(x: a.x + t * r.x, y: a.y + t * r.y)))
        }
        var result: [PlanarPoint] = []
        for entry in found.sorted(by: { $0.t < $1.t }) where !result.contains(where: { $0.distance(to: entry.point) < 0.05 }) {
            result.append(entry.point)
        }
        return result
    }

    /// The longest run of this outline that lies inside `area` or along its outline, with its
    /// middle; `nil` when none is longer than the tolerance.
    func longestStretch(alongOrInside area: PlanarPolygon, tolerance: Double) -> (length: Double, middle: PlanarPoint)? {
        var best: (length: Double, middle: PlanarPoint)?
        for (a, b) in edges {
            let length = a.distance(to: b)
            guard length > 0 else { continue }
            // Sampled every half metre: fronts are metres long, and this needs no clipping code.
            // Only the samples near the area's box can be covered, so only those are tested (and
            // the one on each side, which ends a run as before): an edge hundreds of kilometres
            // long, drawn by mistake, costs what its part near the area costs.
            let steps = max(Int((length / 0.5).rounded(.up)), 1)
            guard let inside = area.box.expanded(by: tolerance).parameters(from: a, to: b) else { continue }
            let first = max(Int((inside.lowerBound * Double(steps)).rounded(.down)) - 1, 0)
            let last = min(Int((inside.upperBound * Double(steps)).rounded(.up)) + 1, steps)
            var runStart: Int?
            for step in first...last {
                let t = Double(step) / Double(steps)
                let point = PlanarPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                let covered = area.contains(point) || area.distanceToOutline(point) <= tolerance
                if covered, runStart == nil { runStart = step }
                if (!covered || step == steps), let start = runStart {
                    let end = covered ? step : step - 1
                    let runLength = length * Double(end - start) / Double(steps)
                    if runLength > tolerance, runLength > best?.length ?? 0 {
                        let middle = (Double(start + end) / 2) / Double(steps)
                        best = (runLength, PlanarPoint(x: a.x + (b.x - a.x) * middle, y: a.y + (b.y - a.y) * middle))
                    }
                    runStart = nil
                }
            }
        }
        return best
    }

    /// The point of this outline nearest to a polyline, and the distance.
    func nearestOutlinePoint(toLine line: [PlanarPoint]) -> (point: PlanarPoint, metres: Double)? {
        var best: (point: PlanarPoint, metres: Double)?
        for (c, d) in zip(line, line.dropFirst()) {
            for (a, b) in edges {
                // The closest pair of two segments has an end of one of them in it.
                for (point, onOutline) in [(a, true), (b, true), (c, false), (d, false)] {
                    let other = onOutline ? point.closestPoint(onSegmentFrom: c, to: d) : point.closestPoint(onSegmentFrom: a, to: b)
                    let metres = point.distance(to: other)
                    if metres < best?.metres ?? .infinity { best = (onOutline ? point : other, metres) }
                }
            }
        }
        return best
    }
}

/// An axis-aligned box in a local plane.
struct PlanarBox {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    init(_ points: [PlanarPoint]) {
        for point in points {
            minX = min(minX, point.x)
            minY = min(minY, point.y)
            maxX = max(maxX, point.x)
            maxY = max(maxY, point.y)
        }
    }

    func expanded(by margin: Double) -> PlanarBox {
        var box = self
        box.minX -= margin
        box.minY -= margin
        box.maxX += margin
        box.maxY += margin
        return box
    }

    func intersects(_ other: PlanarBox) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// The part of segment `a`–`b` inside the box, as the range of `t` (0 at `a`, 1 at `b`);
    /// `nil` when the segment misses the box (Liang–Barsky clipping).
    func parameters(from a: PlanarPoint, to b: PlanarPoint) -> ClosedRange<Double>? {
        var low = 0.0, high = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - minX), (dx, maxX - a.x), (-dy, a.y - minY), (dy, maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 { low = max(low, r) } else { high = min(high, r) }
            if low > high { return nil }
        }
        return low ... high
    }

}
