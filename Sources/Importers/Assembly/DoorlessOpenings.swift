import VenueModel

/// Finds the ways into rooms and halls that the data draws without a door node.
///
/// Walkway-network maps (stations, malls) rarely put doors on shop outlines, and Simple Indoor
/// Tagging draws open halls as areas that touch without doors. These rules give such spaces their
/// ways in, as openings marked ``Opening/isInferred``:
/// - a walkway of the room's level that crosses the room's outline enters it there (a doorless
///   shop front, an arcade), wherever no door lies within ``tolerance``;
/// - a room with no door on a level, no walkway through it, and nothing saying the public
///   stays out (``opensToPublic(_:)``) opens at the middle of the longest stretch of its
///   outline (at least ``minimumStretch``) lying in or along a corridor, hall, platform or
///   outdoor area of its level, away from walls drawn as lines; a unit entered across its front
///   (``Space/opensAtFront``) that meets none opens at the point of its outline nearest a walkway
///   of its level within ``frontReach`` (the graph then joins that walkway);
/// - a corridor or hall with no door on a level is joined to every corridor or hall of its
///   level that it shares such a stretch with, or lies inside: touching halls are one floor.
///
/// Levels are compared by ordinal: a walkway on level 0 of one building (or outdoors, on the
/// ground) meets a room on level 0 of another, as shared nodes join them. Every space with an
/// inferred way in gets an `opening-inferred` note, so no wall is crossed unnoticed.
struct DoorlessOpenings {
    /// Metres within which a point counts as on an outline, as for doors.
    static let tolerance = 0.5
    /// How far (metres) a unit's front may be from the walkway it opens onto.
    static let frontReach = 10.0
    /// The shortest shared stretch of outline (metres) that opens: room for a doorway.
    static let minimumStretch = 1.0
    /// Room uses (`room=*`, the feature's category) that keep the public out: no way in is
    /// guessed into a plant room or a store.
    static let closedCategories: Set<String> = [
        "technical", "utility", "storage", "store", "stock", "shaft", "plant", "plant_room", "server", "electrical",
        "mechanical", "janitor", "cleaning", "archive", "cold_storage", "garbage", "waste", "switchroom",
    ]

    private let venue: Venue
    private let projection: LocalProjection
    /// Openings by level ordinal: the source's and, as they are found, the inferred ones.
    private var openingsByLevel: [Double: [PlanarPoint]] = [:]
    /// The source's openings alone, by level ordinal.
    private let sourceOpeningsByLevel: [Double: [PlanarPoint]]
    /// Each level's ordinal, by id.
    private let ordinals: [String: Double]
    /// Every path's vertices in the plane, and their box.
    private let pathPoints: [(points: [PlanarPoint], box: PlanarBox)]
    /// The corridors, halls and outdoor areas a unit's front may open onto, in the plane.
    private let circulation: [(index: Int, space: Space, areas: [PlanarPolygon])]
    /// Wall segments by level ordinal.
    private let walls: [Double: [(PlanarPoint, PlanarPoint)]]

    init(venue: Venue, walls: [WallLine] = []) {
        self.venue = venue
        let projection = LocalProjection(origin: venue.boundingBox?.center ?? Coordinate(latitude: 0, longitude: 0))
        self.projection = projection
        let ordinals = Dictionary(venue.levels.map { ($0.id, $0.ordinal) }, uniquingKeysWith: { first, _ in first })
        self.ordinals = ordinals
        pathPoints = venue.paths.map { path in
            let points = path.coordinates.map(projection.project)
            return (points, PlanarBox(points))
        }
        circulation = venue.spaces.enumerated()
            .filter { $0.element.kind.isCirculation && $0.element.kind != .stairs && $0.element.kind != .elevator }
            .map { ($0.offset, $0.element, $0.element.geometry.polygons.map { PlanarPolygon($0, projection) }) }
        var openings: [Double: [PlanarPoint]] = [:]
        for opening in venue.openings {
            for levelID in opening.levelIDs {
                openings[ordinals[levelID] ?? 0, default: []].append(projection.project(opening.location))
            }
        }
        openingsByLevel = openings
        sourceOpeningsByLevel = openings
        var segments: [Double: [(PlanarPoint, PlanarPoint)]] = [:]
        for wall in walls {
            let points = wall.line.map(projection.project)
            for levelID in wall.levelIDs {
                segments[ordinals[levelID] ?? 0, default: []] += zip(points, points.dropFirst()).map { ($0, $1) }
            }
        }
        self.walls = segments
    }

    /// Whether nothing says the public stays out of a room: no `access=private|no` or staff
    /// only, and no use that is plant or storage (``closedCategories``).
    static func opensToPublic(_ space: Space) -> Bool {
        switch space.access {
        case .private?, .no?, .employees?: return false
        case .yes?, .students?, nil: break
        }
        guard let category = space.category?.lowercased() else { return true }
        return !closedCategories.contains(category)
    }

    /// The openings to add and the notes about spaces entered only through them.
    mutating func infer() -> (openings: [Opening], issues: [Issue]) {
        var added: [Opening] = []
        var issues: [Issue] = []
        let pathsByLevel = Dictionary(grouping: venue.paths.indices, by: { ordinals[venue.paths[$0].levelID] ?? 0 })
        let pathGrids = pathsByLevel.mapValues { paths in
            var grid = PlanarBoxGrid()
            for index in paths {
                let box = pathPoints[index].box
                grid.insert(index, minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY)
            }
            return grid
        }
        for (spaceIndex, space) in venue.spaces.enumerated() where space.kind == .room {
            let polygons = space.geometry.polygons.map { PlanarPolygon($0, projection) }
            guard !polygons.isEmpty else { continue }
            for levelID in space.levelIDs {
                let ordinal = ordinals[levelID] ?? 0
                // The level's walkways near the room, in the level's order: only those can cross
                // its outline or face its front (`crossings` and `facing` test each exactly).
                let grid = pathGrids[ordinal]
                let near = { (margin: Double) -> [Int] in
                    Array(Set(polygons.flatMap { polygon in
                        let box = polygon.box.expanded(by: margin)
                        return grid?.candidates(minX: box.minX, minY: box.minY, maxX: box.maxX, maxY: box.maxY) ?? []
                    })).sorted()
                }
                var found: [(point: PlanarPoint, reason: String)] = []
                for index in near(Self.tolerance) {
                    for point in crossings(of: index, with: polygons, ordinal: ordinal)
                    where !found.contains(where: { $0.point.distance(to: point) <= Self.tolerance }) {
                        found.append((point, "\(Self.describe(venue.paths[index])) enters it"))
                    }
                }
                let hasDoor = Self.hasDoor(polygons, among: sourceOpeningsByLevel[ordinal] ?? [])
                if found.isEmpty, !hasDoor, Self.opensToPublic(space) {
                    if let front = front(of: polygons, ordinal: ordinal, skipping: spaceIndex) {
                        found.append(front)
                    } else if space.opensAtFront, let facing = facing(polygons, paths: near(Self.frontReach)) {
                        found.append(facing)
                    }
                }
                guard !found.isEmpty else { continue }
                added += record(found, for: space, levelID: levelID, ordinal: ordinal)
                let reasons = found.map(\.reason).joined(separator: "; ")
                let doors = hasDoor ? "besides its doors on level \(levelID), it is also" : "has no door on level \(levelID); it is"
                issues.append(Issue(
                    code: .openingInferred,
                    message: "\(space.kind.noun) '\(space.reference)' \(doors) entered where \(reasons)",
                    location: space.source, levelID: levelID, coordinate: projection.unproject(found[0].point)))
            }
        }
        let joined = joinCirculation()
        return (added + joined.openings, issues + joined.issues)
    }

    /// Halls and corridors without a door joined to the halls and corridors they touch.
    private mutating func joinCirculation() -> (openings: [Opening], issues: [Issue]) {
        var added: [Opening] = []
        var issues: [Issue] = []
        var joinedPairs = Set<[Int]>()
        let halls = circulation.filter { $0.space.kind == .corridor || $0.space.kind == .area }
        for hall in halls where !hall.areas.isEmpty {
            for levelID in hall.space.levelIDs {
                let ordinal = ordinals[levelID] ?? 0
                guard !Self.hasDoor(hall.areas, among: sourceOpeningsByLevel[ordinal] ?? []) else { continue }
                var found: [(point: PlanarPoint, reason: String)] = []
                for other in halls where other.index != hall.index
                    && other.space.levelIDs.contains(where: { ordinals[$0] == ordinal })
                    && !joinedPairs.contains([min(hall.index, other.index), max(hall.index, other.index)]) {
                    guard let stretch = longestStretch(of: hall.areas, along: other.areas, ordinal: ordinal) else { continue }
                    joinedPairs.insert([min(hall.index, other.index), max(hall.index, other.index)])
                    found.append((stretch.middle, "it meets \(Self.describe(other.space))"))
                }
                guard !found.isEmpty else { continue }
                added += record(found, for: hall.space, levelID: levelID, ordinal: ordinal)
                issues.append(Issue(
                    code: .openingInferred,
                    message: "\(hall.space.kind.noun) '\(hall.space.reference)' has no door on level \(levelID); it is open where \(found.map(\.reason).joined(separator: "; "))",
                    location: hall.space.source, levelID: levelID, coordinate: projection.unproject(found[0].point)))
            }
        }
        return (added, issues)
    }

    /// The inferred openings of one space on one level, numbered from 1 (each space and level is
    /// recorded once).
    private mutating func record(_ found: [(point: PlanarPoint, reason: String)], for space: Space, levelID: String,
                                 ordinal: Double) -> [Opening] {
        found.enumerated().map { number, entry in
            var opening = Opening(
                id: "\(space.id)#opening-\(Level.formatOrdinal(ordinal))-\(number + 1)", levelIDs: [levelID],
                location: projection.unproject(entry.point), isEntrance: false, doorType: .opening,
                source: space.source)
            opening.isInferred = true
            openingsByLevel[ordinal, default: []].append(entry.point)
            return opening
        }
    }

    private static func hasDoor(_ polygons: [PlanarPolygon], among openings: [PlanarPoint]) -> Bool {
        polygons.contains { polygon in openings.contains { polygon.distanceToOutline($0) <= tolerance } }
    }

    private static func describe(_ path: Path) -> String {
        "walkway \(path.source.feature ?? path.id)"
    }

    /// `corridor way/12`, `hall Concourse`: how a note names a space.
    private static func describe(_ space: Space) -> String {
        "\(space.kind.noun) \(space.name ?? space.ref ?? space.source.feature ?? space.id)"
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

    /// Where a room without a way in opens onto a circulation space of its level: the middle of
    /// the longest stretch of its outline in or along one, away from walls.
    private func front(of polygons: [PlanarPolygon], ordinal: Double, skipping own: Int) -> (point: PlanarPoint, reason: String)? {
        var best: (length: Double, point: PlanarPoint, reason: String)?
        for (index, other, areas) in circulation where index != own && other.levelIDs.contains(where: { ordinals[$0] == ordinal }) {
            guard let stretch = longestStretch(of: polygons, along: areas, ordinal: ordinal),
                  stretch.length > best?.length ?? 0 else { continue }
            best = (stretch.length, stretch.middle, "its front meets \(Self.describe(other))")
        }
        return best.map { ($0.point, $0.reason) }
    }

    /// The longest stretch (at least ``minimumStretch``) of `polygons`' outline that lies in or
    /// along one of `areas`, away from the level's walls.
    private func longestStretch(of polygons: [PlanarPolygon], along areas: [PlanarPolygon],
                                ordinal: Double) -> (length: Double, middle: PlanarPoint)? {
        let walls = walls[ordinal] ?? []
        var best: (length: Double, middle: PlanarPoint)?
        for area in areas {
            for polygon in polygons where polygon.box.expanded(by: Self.tolerance).intersects(area.box) {
                let nearWalls = walls.filter { wall in
                    PlanarBox([wall.0, wall.1]).expanded(by: Self.tolerance).intersects(polygon.box)
                }
                let blocked = { (point: PlanarPoint) -> Bool in
                    nearWalls.contains { point.closestPoint(onSegmentFrom: $0.0, to: $0.1).distance(to: point) <= Self.tolerance }
                }
                guard let stretch = polygon.longestStretch(alongOrInside: area, tolerance: Self.tolerance, blocked: blocked),
                      stretch.length >= Self.minimumStretch, stretch.length > best?.length ?? 0 else { continue }
                best = stretch
            }
        }
        return best
    }

    /// For a unit entered across its front that meets no circulation space: the point of its
    /// outline nearest a walkway of its level within ``frontReach``.
    private func facing(_ polygons: [PlanarPolygon], paths: [Int]) -> (point: PlanarPoint, reason: String)? {
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

    /// The longest run of this outline that lies inside `area` or along its outline, and at no
    /// point `blocked` (a wall), with its middle; `nil` when none is longer than the tolerance.
    func longestStretch(alongOrInside area: PlanarPolygon, tolerance: Double,
                        blocked: (PlanarPoint) -> Bool = { _ in false }) -> (length: Double, middle: PlanarPoint)? {
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
                let covered = (area.contains(point) || area.distanceToOutline(point) <= tolerance) && !blocked(point)
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
