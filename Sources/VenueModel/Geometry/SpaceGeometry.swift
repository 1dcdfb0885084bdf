/// Where a space lies: an outline, several outlines, or only a point when the source has no plan.
///
/// A room known only by a point (a CSV line from a booking system, say) is searchable but has no
/// outline to attach doors to.
public enum SpaceGeometry: Hashable, Sendable, Codable {
    case point(Coordinate)
    case polygon(Polygon)
    case multiPolygon([Polygon])

    /// The polygons of this geometry; empty for a point.
    public var polygons: [Polygon] {
        switch self {
        case .point: return []
        case .polygon(let polygon): return [polygon]
        case .multiPolygon(let polygons): return polygons
        }
    }

    /// Every position of the geometry, for bounding boxes and projections.
    public var allCoordinates: [Coordinate] {
        switch self {
        case .point(let coordinate): return [coordinate]
        case .polygon, .multiPolygon: return polygons.flatMap { $0.rings.flatMap { $0 } }
        }
    }
}
