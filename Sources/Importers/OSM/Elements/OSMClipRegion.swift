import VenueModel

/// The area a dataset is clipped to, as rings in degrees (longitude as x, latitude as y), with
/// an index of its edges by latitude band so that testing a city extract's nodes stays cheap.
///
/// Inside is decided by the even-odd rule over all rings, so a multipolygon's inner rings are
/// holes (and an island in a hole is inside again) whatever their roles say. Edges are straight
/// in degrees: over the size of a station or campus the difference from a great circle is
/// far below mapping precision.
struct OSMClipRegion {
    struct Point {
        var x: Double
        var y: Double

        init(_ coordinate: Coordinate) {
            x = coordinate.longitude
            y = coordinate.latitude
        }
    }

    struct Edge {
        var a: Point
        var b: Point
    }

    struct Bounds {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity

        mutating func add(_ point: Point) {
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }

        func overlaps(_ other: Bounds) -> Bool {
            minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
        }

        func contains(_ point: Point) -> Bool {
            point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
        }
    }

    private let edges: [Edge]
    /// The rings' corners: a ring with none of its own corners inside the region may still
    /// enclose one of these.
    private let corners: [Point]
    let bounds: Bounds
    /// A box: the bounds answer exactly, the edges are only needed for crossings.
    private let isBox: Bool
    /// `bands[k]` lists the edges that reach into latitude band k.
    private let bands: [[Int32]]
    private let bandHeight: Double

    /// The region enclosed by closed rings (first corner repeated last).
    init(rings: [[Coordinate]]) {
        self.init(rings: rings.map { $0.map(Point.init) }, isBox: false)
    }

    /// A box in degrees.
    static func box(south: Double, west: Double, north: Double, east: Double) -> OSMClipRegion {
        let corners = [(west, south), (east, south), (east, north), (west, north), (west, south)]
        return OSMClipRegion(rings: [corners.map { Point(Coordinate(latitude: $0.1, longitude: $0.0)) }], isBox: true)
    }

    private init(rings: [[Point]], isBox: Bool) {
        var edges: [Edge] = []
        var corners: [Point] = []
        var bounds = Bounds()
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst()) {
                edges.append(Edge(a: a, b: b))
                corners.append(a)
                bounds.add(a)
            }
        }
        self.edges = edges
        self.corners = corners
        self.bounds = bounds
        self.isBox = isBox
        let count = max(1, min(edges.count, 4096))
        let height = (bounds.maxY - bounds.minY) / Double(count)
        bandHeight = height > 0 ? height : 1
        var bands = [[Int32]](repeating: [], count: count)
        for (index, edge) in edges.enumerated() {
            let (low, high) = (min(edge.a.y, edge.b.y), max(edge.a.y, edge.b.y))
            for band in Self.band(low, bounds.minY, bandHeight, count)...Self.band(high, bounds.minY, bandHeight, count) {
                bands[band].append(Int32(index))
            }
        }
        self.bands = bands
    }

    private static func band(_ y: Double, _ minY: Double, _ height: Double, _ count: Int) -> Int {
        let band = ((y - minY) / height).rounded(.down)
        guard band.isFinite, band > 0 else { return 0 }
        return min(Int(band), count - 1)
    }

    private func band(_ y: Double) -> Int {
        Self.band(y, bounds.minY, bandHeight, bands.count)
    }

    /// Whether the position lies in the region (on a box's edge counts as inside).
    func contains(_ coordinate: Coordinate) -> Bool {
        contains(Point(coordinate))
    }

    private func contains(_ point: Point) -> Bool {
        guard bounds.contains(point) else { return false }
        if isBox { return true }
        var inside = false
        for index in bands[band(point.y)] {
            let edge = edges[Int(index)]
            guard (edge.a.y > point.y) != (edge.b.y > point.y) else { continue }
            let crossing = edge.a.x + (point.y - edge.a.y) * (edge.b.x - edge.a.x) / (edge.b.y - edge.a.y)
            if point.x < crossing { inside.toggle() }
        }
        return inside
    }

    /// Whether closed rings (a closed way, a multipolygon's rings, even-odd) cover part of the
    /// region although none of their corners lies in it: they enclose one of the region's
    /// corners (a building around the whole area), or their edges cross the region's.
    func isCovered(by rings: [[Coordinate]]) -> Bool {
        let rings = rings.map { $0.map(Point.init) }
        var ringBounds = Bounds()
        for ring in rings { for point in ring { ringBounds.add(point) } }
        guard ringBounds.overlaps(bounds) else { return false }
        for corner in corners where ringBounds.contains(corner) {
            if Self.evenOdd(rings, contains: corner) { return true }
        }
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst()) where crossesEdge(a, b) { return true }
        }
        return false
    }

    private static func evenOdd(_ rings: [[Point]], contains point: Point) -> Bool {
        var inside = false
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst()) where (a.y > point.y) != (b.y > point.y) {
                let crossing = a.x + (point.y - a.y) * (b.x - a.x) / (b.y - a.y)
                if point.x < crossing { inside.toggle() }
            }
        }
        return inside
    }

    /// Whether segment a–b meets one of the region's edges.
    private func crossesEdge(_ a: Point, _ b: Point) -> Bool {
        var segment = Bounds()
        segment.add(a)
        segment.add(b)
        guard segment.overlaps(bounds) else { return false }
        for band in band(segment.minY)...band(segment.maxY) {
            for index in bands[band] {
                let edge = edges[Int(index)]
                if Self.intersect(a, b, edge.a, edge.b) { return true }
            }
        }
        return false
    }

    /// Whether two closed segments share a point (touching counts).
    private static func intersect(_ p1: Point, _ p2: Point, _ q1: Point, _ q2: Point) -> Bool {
        func orientation(_ a: Point, _ b: Point, _ c: Point) -> Int {
            let value = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
            return value > 0 ? 1 : (value < 0 ? -1 : 0)
        }
        func onSegment(_ a: Point, _ b: Point, _ c: Point) -> Bool {
            min(a.x, b.x) <= c.x && c.x <= max(a.x, b.x) && min(a.y, b.y) <= c.y && c.y <= max(a.y, b.y)
        }
        let d1 = orientation(q1, q2, p1)
        let d2 = orientation(q1, q2, p2)
        let d3 = orientation(p1, p2, q1)
        let d4 = orientation(p1, p2, q2)
        if d1 != d2 && d3 != d4 && d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0 { return true }
        if d1 == 0 && onSegment(q1, q2, p1) { return true }
        if d2 == 0 && onSegment(q1, q2, p2) { return true }
        if d3 == 0 && onSegment(p1, p2, q1) { return true }
        if d4 == 0 && onSegment(p1, p2, q2) { return true }
        return false
    }
}
