/// How a vertical connector moves people between levels.
public enum ConnectorKind: String, Hashable, Sendable, Codable, CaseIterable {
    case stairs
    case elevator
    case escalator
    case ramp
}

/// Which way an escalator (or a one-way connector) runs, by level ordinal.
public enum ConnectorDirection: String, Hashable, Sendable, Codable, CaseIterable {
    case up
    case down
    case both
}

/// Where a connector meets a level: a lift's door on one floor, one end of a flight of stairs.
///
/// Sources that draw connectors as part of a walkway network (an OSM lift node shared by the
/// footways of every floor it serves, a flight of steps whose end nodes are shared with the
/// footways of two levels) give each landing its own position and source vertex; the graph joins
/// the walkways of that level there, and only there.
public struct ConnectorLanding: Hashable, Sendable, Codable {
    /// The level of the landing; `nil` for an intermediate landing between two levels (a
    /// half-landing where flights meet), which joins only the flights that share it.
    public var levelID: String?
    /// Height in level ordinals: the level's ordinal, or a value between two levels for an
    /// intermediate landing.
    public var ordinal: Double
    public var location: Coordinate
    /// The source's identity of the vertex (OSM `node/123`): walkways on this landing's level
    /// that share the vertex meet the connector here.
    public var vertexRef: String?

    public init(levelID: String? = nil, ordinal: Double, location: Coordinate, vertexRef: String? = nil) {
        self.levelID = levelID
        self.ordinal = ordinal
        self.location = location
        self.vertexRef = vertexRef
    }
}

/// A vertical link between levels: a staircase, lift, escalator or ramp.
///
/// Without ``landings`` the graph places a landing on each served level at ``location`` and
/// links the landings of adjacent levels (a lift becomes a chain, never a clique). With them, the
/// landings stand where the source puts them: a lift's on every level it serves, a drawn flight's
/// at its two ends.
public struct Connector: Hashable, Sendable, Codable {
    public var id: String
    public var kind: ConnectorKind
    public var buildingID: String?
    /// Served levels, lowest ordinal first.
    public var levelIDs: [String]
    public var location: Coordinate
    public var name: String?
    /// Names in other languages, by language code, as OSM `name:*` or IMDF labels give them.
    public var localizedNames: [String: String] = [:]
    public var ref: String?
    /// Steps per floor-to-floor flight, for stairs.
    public var stepCount: Int?
    public var direction: ConnectorDirection
    /// When it can be used, in OSM `opening_hours` syntax (IMDF relationship `hours`); `nil` when always.
    public var openingHours: String?
    public var accessibility: Accessibility
    /// Where the connector meets each level, when the source says; see ``ConnectorLanding``.
    public var landings: [ConnectorLanding] = []
    /// The flight as drawn, from the first landing to the second (a stair or escalator way);
    /// `nil` for lifts and for connectors known only by a point.
    public var line: [Coordinate]?
    public var source: SourceLocation

    public init(id: String, kind: ConnectorKind, buildingID: String?, levelIDs: [String], location: Coordinate,
                name: String? = nil, ref: String? = nil, stepCount: Int? = nil, direction: ConnectorDirection = .both,
                accessibility: Accessibility = .unknown, source: SourceLocation) {
        self.id = id
        self.kind = kind
        self.buildingID = buildingID
        self.levelIDs = levelIDs
        self.location = location
        self.name = name
        self.ref = ref
        self.stepCount = stepCount
        self.direction = direction
        self.accessibility = accessibility
        self.source = source
    }

    public var label: String { name ?? ref ?? kind.rawValue }
}
