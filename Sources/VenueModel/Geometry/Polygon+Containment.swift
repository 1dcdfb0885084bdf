extension Polygon {
    /// Whether the point lies inside the exterior ring and outside every hole.
    ///
    /// Ray casting in degrees: exact enough to tell which building or unit a point is in;
    /// metric questions (distances, validity) belong to the Geometry module.
    public func contains(_ point: Coordinate) -> Bool {
        Self.ring(exterior, contains: point) && !holes.contains { Self.ring($0, contains: point) }
    }

    /// Whether the point lies inside the closed ring (even-odd rule).
    public static func ring(_ ring: [Coordinate], contains point: Coordinate) -> Bool {
        var inside = false
        var previous = ring.count - 1
        for current in ring.indices {
            let a = ring[current]
            let b = ring[previous]
            if (a.latitude > point.latitude) != (b.latitude > point.latitude),
               point.longitude < (b.longitude - a.longitude) * (point.latitude - a.latitude) / (b.latitude - a.latitude)
                + a.longitude {
                inside.toggle()
            }
            previous = current
        }
        return inside
    }

    /// The average of the exterior's corners: a point inside any convex outline.
    public var averageCorner: Coordinate {
        let corners = exterior.count > 1 && exterior.first == exterior.last ? Array(exterior.dropLast()) : exterior
        guard !corners.isEmpty else { return Coordinate(latitude: 0, longitude: 0) }
        return Coordinate(latitude: corners.map(\.latitude).reduce(0, +) / Double(corners.count),
                          longitude: corners.map(\.longitude).reduce(0, +) / Double(corners.count))
    }
}
