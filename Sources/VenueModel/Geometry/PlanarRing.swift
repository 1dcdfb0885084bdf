/// Measures of a ring of corners in the local plane (metres), its last corner joined to its first.
public enum PlanarRing {
    /// The signed area in square metres (shoelace), positive when the ring runs counter-clockwise.
    public static func signedArea(_ ring: [PlanarPoint]) -> Double {
        var sum = 0.0
        for index in ring.indices {
            let a = ring[index], b = ring[(index + 1) % ring.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    /// The area centroid, or the first corner when the ring has no area.
    public static func centroid(_ ring: [PlanarPoint]) -> PlanarPoint {
        let area = signedArea(ring)
        guard abs(area) > 1e-9 else { return ring[0] }
        var x = 0.0, y = 0.0
        for index in ring.indices {
            let a = ring[index], b = ring[(index + 1) % ring.count]
            let cross = a.x * b.y - b.x * a.y
            x += (a.x + b.x) * cross
            y += (a.y + b.y) * cross
        }
        return PlanarPoint(x: x / (6 * area), y: y / (6 * area))
    }

    /// Metres from `point` to the nearest edge of `ring`.
    public static func distance(from point: PlanarPoint, to ring: [PlanarPoint]) -> Double {
        ring.indices.map { index in
            point.distance(to: point.closestPoint(onSegmentFrom: ring[index], to: ring[(index + 1) % ring.count]))
        }.min() ?? .infinity
    }
}
