/// The area an OSM input is clipped to before interpretation (`options: within:`), so that a
/// station or a campus can be built out of a city extract.
public enum OSMClipArea: Hashable, Sendable, CustomStringConvertible {
    /// A closed way's area.
    case way(Int64)
    /// A multipolygon or boundary relation's area, inner rings excluded.
    case relation(Int64)
    /// A box in WGS 84 degrees.
    case box(south: Double, west: Double, north: Double, east: Double)

    /// `way/123`, `relation/456`, `box 49.4,8.67,49.407,8.682` (south, west, north, east).
    public var description: String {
        switch self {
        case .way(let id): return "way/\(id)"
        case .relation(let id): return "relation/\(id)"
        case .box(let south, let west, let north, let east): return "box \(south),\(west),\(north),\(east)"
        }
    }

    /// Why the box cannot be used, or `nil` when it can: latitudes within ±90, longitudes within
    /// ±180, south below north and west of east (a box across the antimeridian is not supported).
    public static func boxProblem(south: Double, west: Double, north: Double, east: Double) -> String? {
        for (name, value, limit) in [("south", south, 90.0), ("north", north, 90.0), ("west", west, 180.0), ("east", east, 180.0)]
        where !value.isFinite || abs(value) > limit {
            return "\(name) must be between -\(Int(limit)) and \(Int(limit)) degrees, not \(value)"
        }
        guard south < north else { return "south (\(south)) must be less than north (\(north))" }
        guard west < east else {
            return "west (\(west)) must be less than east (\(east)); a box across the antimeridian is not supported"
        }
        return nil
    }
}

/// What clipping to an area kept and left out, for the `outside-within` finding.
public struct OSMClipSummary: Hashable, Sendable {
    public var area: OSMClipArea
    public var keptNodes = 0
    public var keptWays = 0
    public var keptRelations = 0
    public var leftOutNodes = 0
    public var leftOutWays = 0
    public var leftOutRelations = 0

    public init(area: OSMClipArea) {
        self.area = area
    }
}
