import Foundation
import Geometry
import VenueModel

/// A walkable space's outline in the local metric plane, oriented so that the walkable side lies
/// to the left of every edge (exteriors counter-clockwise, holes clockwise).
///
/// Answers the questions shortest paths inside the space need: is a point inside, can one point
/// see another without touching a wall, where are the corners a path must bend around.
struct SpaceOutline {
    /// Every ring edge as `(a, b)`, walkable side on the left.
    private(set) var edges: [(a: PlanarPoint, b: PlanarPoint)] = []
    /// Ring vertices with their neighbours, for finding reflex corners.
    private var corners: [(previous: PlanarPoint, vertex: PlanarPoint, next: PlanarPoint)] = []
    let box: PlanarBox

    /// Below this distance (metres) a segment counts as touching a wall or corner.
    static let touching = 1e-4

    init?(polygons: [Polygon], projection: LocalProjection) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            for (ringIndex, ring) in polygon.rings.enumerated() {
                var points = ring.map(projection.project)
                if points.count > 1, points.first == points.last { points.removeLast() }
                guard points.count >= 3 else { continue }
                // Exteriors run counter-clockwise (positive area), holes clockwise.
                let positive = PlanarRing.signedArea(points) > 0
                if positive != (ringIndex == 0) { points.reverse() }
                for (index, point) in points.enumerated() {
                    let next = points[(index + 1) % points.count]
                    let previous = points[(index + points.count - 1) % points.count]
                    edges.append((point, next))
                    corners.append((previous, point, next))
                    minX = min(minX, point.x); maxX = max(maxX, point.x)
                    minY = min(minY, point.y); maxY = max(maxY, point.y)
                }
            }
        }
        guard !edges.isEmpty else { return nil }
        box = PlanarBox(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    var vertexCount: Int { corners.count }

    /// Whether the point lies inside (even-odd over every ring, so holes are outside).
    func contains(_ point: PlanarPoint) -> Bool {
        guard box.contains(point) else { return false }
        var inside = false
        for (a, b) in edges where (a.y > point.y) != (b.y > point.y) {
            let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
            if x > point.x { inside.toggle() }
        }
        return inside
    }

    /// The nearest point on any ring, with the inward unit normal of the edge it lies on.
    func nearestOutlinePoint(to point: PlanarPoint) -> (point: PlanarPoint, normal: PlanarPoint, distance: Double) {
        var best = (point: point, normal: PlanarPoint(x: 0, y: 0), distance: Double.infinity)
        for (a, b) in edges {
            let foot = Self.closestPoint(on: a, b, to: point)
            let distance = foot.distance(to: point)
            if distance < best.distance {
                let length = a.distance(to: b)
                guard length > 0 else { continue }
                // Left of a → b is walkable.
                best = (foot, PlanarPoint(x: -(b.y - a.y) / length, y: (b.x - a.x) / length), distance)
            }
        }
        return best
    }

    func distanceToOutline(_ point: PlanarPoint) -> Double {
        nearestOutlinePoint(to: point).distance
    }

    /// Whether the straight segment stays inside without crossing or touching a wall, given that
    /// both ends are inside.
    func isVisible(_ p: PlanarPoint, _ q: PlanarPoint) -> Bool {
        let minX = min(p.x, q.x) - Self.touching, maxX = max(p.x, q.x) + Self.touching
        let minY = min(p.y, q.y) - Self.touching, maxY = max(p.y, q.y) + Self.touching
        let dx = q.x - p.x, dy = q.y - p.y
        let length = (dx * dx + dy * dy).squareRoot()
        for (a, b) in edges {
            if max(a.x, b.x) < minX || min(a.x, b.x) > maxX || max(a.y, b.y) < minY || min(a.y, b.y) > maxY { continue }
            // A wall corner on (or grazing) the segment blocks it: the segment may leave there.
            if Self.closestPoint(on: p, q, to: a).distance(to: a) < Self.touching { return false }
            guard length > 0 else { continue }
            let o1 = dx * (a.y - p.y) - dy * (a.x - p.x)
            let o2 = dx * (b.y - p.y) - dy * (b.x - p.x)
            guard (o1 > 0) != (o2 > 0), o1 != 0, o2 != 0 else { continue }
            let ex = b.x - a.x, ey = b.y - a.y
            let o3 = ex * (p.y - a.y) - ey * (p.x - a.x)
            let o4 = ex * (q.y - a.y) - ey * (q.x - a.x)
            if (o3 > 0) != (o4 > 0) || o3 == 0 || o4 == 0 { return false }
        }
        return true
    }

    /// The corners a shortest path bends around, moved `clearance` metres into the walkable side
    /// along the corner's bisector; corners whose inset point would not keep `clearance / 2` from
    /// every wall (narrow gaps) move less, or are left out.
    func insetReflexCorners(clearance: Double) -> [PlanarPoint] {
        var result: [PlanarPoint] = []
        for (previous, vertex, next) in corners {
            let inX = vertex.x - previous.x, inY = vertex.y - previous.y
            let outX = next.x - vertex.x, outY = next.y - vertex.y
            // Walkable side on the left: a right turn is a reflex corner of the walkable area.
            guard inX * outY - inY * outX < 0 else { continue }
            let inLength = (inX * inX + inY * inY).squareRoot(), outLength = (outX * outX + outY * outY).squareRoot()
            guard inLength > 0, outLength > 0 else { continue }
            let bisectorX = -inY / inLength - outY / outLength
            let bisectorY = inX / inLength + outX / outLength
            let bisectorLength = (bisectorX * bisectorX + bisectorY * bisectorY).squareRoot()
            guard bisectorLength > 1e-9 else { continue }
            for scale in [1.0, 0.5, 0.25] {
                let offset = clearance * scale
                let candidate = PlanarPoint(x: vertex.x + bisectorX / bisectorLength * offset,
                                            y: vertex.y + bisectorY / bisectorLength * offset)
                if contains(candidate), distanceToOutline(candidate) >= offset / 2 {
                    result.append(candidate)
                    break
                }
            }
        }
        return result
    }

    /// A point just inside the outline next to `point` (a door on the wall, a landing drawn a
    /// little outside), from which visibility is measured; `nil` when no such point is found.
    func entryPoint(for point: PlanarPoint, depth: Double) -> PlanarPoint? {
        if contains(point), distanceToOutline(point) >= depth / 2 { return point }
        let nearest = nearestOutlinePoint(to: point)
        for scale in [1.0, 0.5, 0.25, 0.1] {
            let candidate = PlanarPoint(x: nearest.point.x + nearest.normal.x * depth * scale,
                                        y: nearest.point.y + nearest.normal.y * depth * scale)
            if contains(candidate), distanceToOutline(candidate) >= depth * scale / 2 { return candidate }
        }
        // In a sharp corner or a sliver the wall's normal leads out again: look around the point.
        for reach in [1.0, 2.0, 4.0, 10.0] {
            for step in 0..<16 {
                let angle = Double(step) * .pi / 8
                let candidate = PlanarPoint(x: nearest.point.x + cos(angle) * depth * reach,
                                            y: nearest.point.y + sin(angle) * depth * reach)
                if contains(candidate), distanceToOutline(candidate) >= depth / 2 { return candidate }
            }
        }
        return nil
    }

    static func closestPoint(on a: PlanarPoint, _ b: PlanarPoint, to point: PlanarPoint) -> PlanarPoint {
        point.closestPoint(onSegmentFrom: a, to: b)
    }
}
