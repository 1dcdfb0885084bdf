extension Array where Element == Coordinate {
    /// The point halfway along the line by length, for placing a door or a flight's connector;
    /// the first point of a line of one point. Short lines only: degrees are treated as planar.
    public var midpoint: Coordinate? {
        guard count > 1 else { return first }
        let lengths = zip(self, dropFirst()).map { a, b in
            ((a.latitude - b.latitude) * (a.latitude - b.latitude)
                + (a.longitude - b.longitude) * (a.longitude - b.longitude)).squareRoot()
        }
        var remaining = lengths.reduce(0, +) / 2
        for (index, length) in lengths.enumerated() {
            if remaining <= length, length > 0 {
                let t = remaining / length
                let a = self[index], b = self[index + 1]
                return Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * t,
                                  longitude: a.longitude + (b.longitude - a.longitude) * t)
            }
            remaining -= length
        }
        return self[count / 2]
    }

    /// The distance in metres from `point` to the nearest point of this line (or closed ring).
    public func distance(from point: Coordinate) -> Double {
        let projection = LocalProjection(origin: point)
        var best = Double.infinity
        for (start, end) in zip(self, dropFirst()) {
            let a = projection.project(start), b = projection.project(end)
            let dx = b.x - a.x, dy = b.y - a.y
            let lengthSquared = dx * dx + dy * dy
            // The point is the projection's origin, so the closest point of the segment is at t.
            let t = lengthSquared > 0 ? Swift.max(0, Swift.min(1, -(a.x * dx + a.y * dy) / lengthSquared)) : 0
            let x = a.x + t * dx, y = a.y + t * dy
            best = Swift.min(best, (x * x + y * y).squareRoot())
        }
        return best
    }
}
