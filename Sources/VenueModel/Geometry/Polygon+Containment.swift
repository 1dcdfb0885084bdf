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

    /// A point inside the polygon (outside its holes), also for concave outlines: the middle of
    /// the widest stretch inside along the line of latitude halfway up the outline. Falls back
    /// to ``averageCorner`` for degenerate outlines.
    public var interiorPoint: Coordinate {
        let latitudes = exterior.map(\.latitude)
        guard let low = latitudes.min(), let high = latitudes.max(), high > low else { return averageCorner }
        let latitude = (low + high) / 2
        var crossings: [Double] = []
        for open in rings where !open.isEmpty {
            let ring = open.first == open.last ? open : open + [open[0]]
            for (a, b) in zip(ring, ring.dropFirst()) where (a.latitude > latitude) != (b.latitude > latitude) {
                let t = (latitude - a.latitude) / (b.latitude - a.latitude)
                crossings.append(a.longitude + (b.longitude - a.longitude) * t)
            }
        }
        crossings.sort()
        var best: (width: Double, middle: Double)?
        var index = 0
        // Even-odd: crossings pair up into stretches inside.
        while index + 1 < crossings.count {
            let width = crossings[index + 1] - crossings[index]
            if width > best?.width ?? 0 { best = (width, (crossings[index] + crossings[index + 1]) / 2) }
            index += 2
        }
        guard let best else { return averageCorner }
        return Coordinate(latitude: latitude, longitude: best.middle)
    }
}
