import Foundation

/// An axis-aligned box in WGS 84 degrees.
public struct BoundingBox: Hashable, Sendable, Codable {
    public var minLatitude: Double
    public var minLongitude: Double
    public var maxLatitude: Double
    public var maxLongitude: Double

    public init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }

    /// The smallest box holding every coordinate, or `nil` when there are none.
    public init?<S: Sequence>(covering coordinates: S) where S.Element == Coordinate {
        var iterator = coordinates.makeIterator()
        guard let first = iterator.next() else { return nil }
        var box = BoundingBox(minLatitude: first.latitude, minLongitude: first.longitude,
                              maxLatitude: first.latitude, maxLongitude: first.longitude)
        while let next = iterator.next() { box.include(next) }
        self = box
    }

    public mutating func include(_ coordinate: Coordinate) {
        minLatitude = min(minLatitude, coordinate.latitude)
        maxLatitude = max(maxLatitude, coordinate.latitude)
        minLongitude = min(minLongitude, coordinate.longitude)
        maxLongitude = max(maxLongitude, coordinate.longitude)
    }

    /// Whether the coordinate lies in the box grown by `margin` metres on every side.
    public func contains(_ coordinate: Coordinate, margin: Double = 0) -> Bool {
        let latitudeMargin = margin / (LocalProjection.earthRadius * .pi / 180)
        let longitudeMargin = latitudeMargin / max(cos(coordinate.latitude * .pi / 180), 0.01)
        return coordinate.latitude >= minLatitude - latitudeMargin && coordinate.latitude <= maxLatitude + latitudeMargin
            && coordinate.longitude >= minLongitude - longitudeMargin && coordinate.longitude <= maxLongitude + longitudeMargin
    }

    /// Whether the two boxes share any point.
    public func intersects(_ other: BoundingBox) -> Bool {
        minLatitude <= other.maxLatitude && other.minLatitude <= maxLatitude
            && minLongitude <= other.maxLongitude && other.minLongitude <= maxLongitude
    }

    public var center: Coordinate {
        Coordinate(latitude: (minLatitude + maxLatitude) / 2, longitude: (minLongitude + maxLongitude) / 2)
    }
}
