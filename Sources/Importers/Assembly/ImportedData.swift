public import VenueModel

/// Which levels a feature is on, as its source states them: resolved against the buildings'
/// declared levels once every input has been read (see ``VenueAssembler``).
public struct LevelReference: Hashable, Sendable {
    /// The building's ref; `nil` for features outside any building.
    public var building: String?
    /// The level value as written (`0`, `0;1`, `-1-2`); `nil` when the source gives none.
    public var value: String?
    /// Where the value (or the feature) is, for errors.
    public var location: SourceLocation

    public init(building: String?, value: String?, location: SourceLocation) {
        self.building = building
        self.value = value
        self.location = location
    }
}

/// A feature read from a source, waiting for its levels to be resolved.
public struct PendingFeature<Feature: Sendable>: Sendable {
    public var feature: Feature
    public var levels: LevelReference

    public init(_ feature: Feature, levels: LevelReference) {
        self.feature = feature
        self.levels = levels
    }
}

/// A tour read from a source, with a level reference per vertex of its line (a relation's ways
/// may lie on different levels), resolved by the assembler.
public struct PendingTour: Sendable {
    public var tour: Tour
    /// One per vertex of ``Tour/coordinates``.
    public var levels: [LevelReference]

    public init(_ tour: Tour, levels: [LevelReference]) {
        precondition(tour.coordinates.count == levels.count, "a pending tour gives one level reference per vertex")
        self.tour = tour
        self.levels = levels
    }
}

/// A building as declared by a source, with the levels it has.
public struct BuildingDeclaration: Sendable {
    public struct DeclaredLevel: Hashable, Sendable {
        public var ordinal: Double
        public var name: String?
        public var localizedNames: [String: String]
        /// Where the level itself is described (an IMDF level feature); the building's place otherwise.
        public var source: SourceLocation?

        public init(ordinal: Double, name: String?, localizedNames: [String: String] = [:], source: SourceLocation? = nil) {
            self.ordinal = ordinal
            self.name = name
            self.localizedNames = localizedNames
            self.source = source
        }
    }

    public var building: Building
    public var levels: [DeclaredLevel]

    public init(building: Building, levels: [DeclaredLevel]) {
        self.building = building
        self.levels = levels
    }
}

/// A wall drawn as a line (OSM `indoor=wall`, `barrier=wall` with a level): not part of the
/// venue model, but what the assembler needs to know where a room's outline is solid, so that no
/// way in is inferred through it (``DoorlessOpenings``).
public struct WallLine: Hashable, Sendable {
    public var line: [Coordinate]
    /// Filled in by the assembler from the wall's level reference.
    public var levelIDs: [String] = []
    public var source: SourceLocation

    public init(line: [Coordinate], source: SourceLocation) {
        self.line = line
        self.source = source
    }
}

/// Everything one input contributed, before the inputs are assembled into one venue.
public struct ImportedData: Sendable {
    public var buildings: [BuildingDeclaration] = []
    public var spaces: [PendingFeature<Space>] = []
    public var openings: [PendingFeature<Opening>] = []
    public var connectors: [PendingFeature<Connector>] = []
    public var paths: [PendingFeature<Path>] = []
    public var pointsOfInterest: [PendingFeature<PointOfInterest>] = []
    public var walls: [PendingFeature<WallLine>] = []
    public var events: [Event] = []
    /// Tours, each with the level reference of every vertex of its line.
    public var tours: [PendingTour] = []
    /// Warnings and notes about the input; errors are thrown instead.
    public var issues: [Issue] = []

    public init() {}

    /// How many features of every kind this input gave, for progress and summaries.
    public var featureCount: Int {
        buildings.count + spaces.count + openings.count + connectors.count + paths.count + pointsOfInterest.count
            + events.count + tours.count
    }
}
