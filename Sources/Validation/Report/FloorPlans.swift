public import VenueModel

/// What the HTML report draws: each level's outlines, doors, connectors and graph edges.
///
/// The pipeline fills it from the venue and the graph it derives; the report page projects it
/// and marks findings on it. Everything is in WGS 84, in venue order, so equal inputs give an
/// equal page.
public struct FloorPlans: Hashable, Sendable {
    /// One level's drawing.
    public struct Plan: Hashable, Sendable {
        public var levelID: String
        /// `Building A · level 1 (EG)`.
        public var title: String
        public var buildingID: String?
        public var ordinal: Double
        public var outlines: [Outline] = []
        public var doors: [Door] = []
        public var connectors: [ConnectorMark] = []
        public var edges: [Edge] = []

        public init(levelID: String, title: String, buildingID: String?, ordinal: Double) {
            self.levelID = levelID
            self.title = title
            self.buildingID = buildingID
            self.ordinal = ordinal
        }
    }

    /// A space's outline.
    public struct Outline: Hashable, Sendable {
        public var kind: SpaceKind
        /// The ref, name or id, shown on hover.
        public var label: String
        public var polygons: [Polygon]

        public init(kind: SpaceKind, label: String, polygons: [Polygon]) {
            self.kind = kind
            self.label = label
            self.polygons = polygons
        }
    }

    /// A door or entrance.
    public struct Door: Hashable, Sendable {
        public var location: Coordinate
        public var isEntrance: Bool
        public var label: String

        public init(location: Coordinate, isEntrance: Bool, label: String) {
            self.location = location
            self.isEntrance = isEntrance
            self.label = label
        }
    }

    /// Stairs, a lift, a ramp or an escalator landing on this level.
    public struct ConnectorMark: Hashable, Sendable {
        public var location: Coordinate
        public var kind: ConnectorKind
        public var label: String

        public init(location: Coordinate, kind: ConnectorKind, label: String) {
            self.location = location
            self.kind = kind
            self.label = label
        }
    }

    /// A graph edge on the level, either direction, with the profiles that may use it.
    public struct Edge: Hashable, Sendable {
        public var from: Coordinate
        public var to: Coordinate
        /// Indexes into ``FloorPlans/profiles``, ascending; empty when no profile may pass.
        public var profiles: [Int]

        public init(from: Coordinate, to: Coordinate, profiles: [Int]) {
            self.from = from
            self.to = to
            self.profiles = profiles
        }
    }

    /// Profile names, in the order the graph stage costs them.
    public var profiles: [String]
    /// Building levels by building then ordinal, the outdoor level last.
    public var plans: [Plan]

    public init(profiles: [String], plans: [Plan]) {
        self.profiles = profiles
        self.plans = plans
    }
}
