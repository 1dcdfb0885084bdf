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

/// A vertical link between levels, standing at one position: a staircase, lift, escalator or ramp.
///
/// The graph places a landing on each served level at ``location`` and links the landings of
/// adjacent levels (a lift becomes a chain, never a clique).
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
