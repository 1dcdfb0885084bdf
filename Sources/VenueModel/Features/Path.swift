/// What an explicit walkway is.
public enum PathKind: String, Hashable, Sendable, Codable, CaseIterable {
    case footway
    case path
    case pedestrian
    /// An indoor walkway drawn as a line (OSM `highway=corridor`).
    case corridor
    /// Outdoor steps on one level (flights between levels are connectors).
    case steps
    case ramp
    case crossing
    /// A farm or forest track (OSM `highway=track`): a street for agricultural vehicles, mostly
    /// unpaved, walked like a street.
    case track
    /// A street shared with traffic (OSM residential, service, tertiary, ...), walked on its
    /// sidewalk or verge.
    case street
}

/// A walkway given explicitly by the data, used by the graph as it is.
public struct Path: Hashable, Sendable, Codable {
    public var id: String
    public var kind: PathKind
    /// The level the path lies on: a building level, or ``Level/outdoorID``.
    public var levelID: String
    public var coordinates: [Coordinate]
    /// The source's identity of each vertex (OSM `node/123`), when it has one: ways that share a
    /// vertex are joined there even when their level tags differ.
    public var vertexRefs: [String]?
    public var name: String?
    public var stepCount: Int?
    /// Walkable only in drawing direction.
    public var isOneWay: Bool
    public var access: AccessRestriction?
    /// When it can be used, in OSM `opening_hours` syntax (IMDF relationship `hours`); `nil` when always.
    public var openingHours: String?
    public var accessibility: Accessibility
    /// Gates, stiles, bollards and kerbs standing at its vertices, by vertex (an index into
    /// ``coordinates``).
    public var barriers: [Int: Barrier] = [:]
    /// The multi-storey or underground car park it runs through (its source feature), when it is
    /// a driveway there not mapped for pedestrians: such a way is closed to walking.
    public var carPark: String?
    public var source: SourceLocation

    public init(id: String, kind: PathKind, levelID: String, coordinates: [Coordinate], name: String? = nil,
                stepCount: Int? = nil, isOneWay: Bool = false, access: AccessRestriction? = nil,
                accessibility: Accessibility = .unknown, source: SourceLocation) {
        self.id = id
        self.kind = kind
        self.levelID = levelID
        self.coordinates = coordinates
        self.name = name
        self.stepCount = stepCount
        self.isOneWay = isOneWay
        self.access = access
        self.accessibility = accessibility
        self.source = source
    }
}
