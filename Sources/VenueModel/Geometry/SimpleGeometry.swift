/// One geometry of the OGC Simple Features kinds navforge reads and writes.
///
/// The common currency of the formats that carry geometry as such (WKT in CSV, GeoJSON, the
/// GeoPackage blobs of the staging store), before it becomes a space, a path or a door.
public enum SimpleGeometry: Hashable, Sendable {
    case point(Coordinate)
    case lineString([Coordinate])
    case polygon(Polygon)
    case multiPolygon([Polygon])

    /// The OGC type name (`POINT`, `MULTIPOLYGON`, ...).
    public var typeName: String {
        switch self {
        case .point: return "POINT"
        case .lineString: return "LINESTRING"
        case .polygon: return "POLYGON"
        case .multiPolygon: return "MULTIPOLYGON"
        }
    }

    public var allCoordinates: [Coordinate] {
        switch self {
        case .point(let coordinate): return [coordinate]
        case .lineString(let coordinates): return coordinates
        case .polygon(let polygon): return polygon.rings.flatMap { $0 }
        case .multiPolygon(let polygons): return polygons.flatMap { $0.rings.flatMap { $0 } }
        }
    }
}

extension SpaceGeometry {
    /// The same geometry in the general form.
    public var simpleGeometry: SimpleGeometry {
        switch self {
        case .point(let coordinate): return .point(coordinate)
        case .polygon(let polygon): return .polygon(polygon)
        case .multiPolygon(let polygons): return .multiPolygon(polygons)
        }
    }

    /// A space geometry from a general one; `nil` for a line, which cannot outline a space.
    public init?(_ geometry: SimpleGeometry) {
        switch geometry {
        case .point(let coordinate): self = .point(coordinate)
        case .polygon(let polygon): self = .polygon(polygon)
        case .multiPolygon(let polygons): self = .multiPolygon(polygons)
        case .lineString: return nil
        }
    }
}
