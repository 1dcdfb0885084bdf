public import NavFormat
public import VenueModel

/// The pedestrian navigation graph of a venue: nodes on levels and directed arcs with the
/// attributes routing profiles need.
///
/// Walkways usable both ways are two arcs, so direction-dependent facts (stairs up cost more than
/// down, escalators run one way, boarding a lift means waiting) live on the arc itself.
public struct NavigationGraph: Hashable, Sendable {
    /// Level ids; ``GraphNode/level`` indexes this array.
    public var levelIDs: [String] = []
    public var nodes: [GraphNode] = []
    public var arcs: [GraphArc] = []
    /// The node a route to a place ends at, keyed by ``PlaceKey``.
    public var placeNodes: [PlaceKey: Int] = [:]

    public init() {}

    /// Whether `node` lies on the outdoor level (``Level/outdoorID``), outside every building.
    public func isOutdoors(_ node: Int) -> Bool {
        levelIDs.indices.contains(nodes[node].level) && levelIDs[nodes[node].level] == Level.outdoorID
    }
}

/// A node: a door, a room's representative point, a lift landing, a path vertex.
public struct GraphNode: Hashable, Sendable {
    public var coordinate: Coordinate
    public var level: Int
    public var kind: NodeKind
    public var label: String?

    public init(coordinate: Coordinate, level: Int, kind: NodeKind, label: String?) {
        self.coordinate = coordinate
        self.level = level
        self.kind = kind
        self.label = label
    }
}

/// A directed arc between two nodes.
public struct GraphArc: Hashable, Sendable {
    public var tail: Int
    public var head: Int
    /// Metres along the ground (for stairs, the estimated walking length of the flight).
    public var length: Double
    public var kind: ArcKind
    /// The space, path or connector the arc belongs to.
    public var label: String?
    public var attributes: ArcAttributes
    /// The corners the arc bends around between its tail and head, in walking order; empty for a
    /// straight arc.
    public var via: [Coordinate]

    public init(tail: Int, head: Int, length: Double, kind: ArcKind, label: String?, attributes: ArcAttributes,
                via: [Coordinate] = []) {
        self.tail = tail
        self.head = head
        self.length = length
        self.kind = kind
        self.label = label
        self.attributes = attributes
        self.via = via
    }
}

/// What profiles look at to decide whether and at what cost an arc may be used.
public struct ArcAttributes: Hashable, Sendable {
    public enum ConnectorPhase: UInt8, Hashable, Sendable, CaseIterable {
        case none = 0
        /// Stepping into a lift car: the wait happens here.
        case board = 1
        /// Riding between adjacent floors.
        case ride = 2
        case alight = 3
    }

    public var isIndoor = false
    /// Change of level ordinal from tail to head (positive is up).
    public var rise = 0.0
    public var stepCount: Int?
    /// The step count is navforge's estimate from the length or slope, not the data's.
    public var stepsEstimated = false
    public var connectorPhase = ConnectorPhase.none
    public var wheelchair: WheelchairAccess?
    public var access: AccessRestriction?
    /// Door kinds passed by the arc, when it starts or ends at a door.
    public var doorType: DoorType?
    /// Whether the doors passed open by themselves; `false` when any of them does not.
    public var automaticDoor: Bool?
    /// Passes an exit closed to everyday routes (`entrance=emergency`, IMDF `emergencyexit`):
    /// open only when leaving in an emergency.
    public var emergencyExit = false
    public var incline: Double?
    public var width: Double?
    public var kerbHeight: Double?
    public var lit: Bool?
    /// The kind of explicit walkway the arc follows; `nil` inside spaces and on connectors.
    public var pathKind: PathKind?
    /// Which way the arc climbs, when the source gives a direction without a slope (steps tagged
    /// `incline=up`); a numeric ``incline`` says it by its sign.
    public var inclineDirection: InclineDirection?
    /// The facts of the way the arc follows, held once for all its arcs (``WayFacts``).
    var way = SharedWayFacts.none

    /// OSM `surface`, `smoothness`, `tracktype` and `sac_scale` of the way followed, as written;
    /// each also read into ``ground`` when set, so that costing a city's arcs for every profile
    /// parses each value once rather than once per arc and profile.
    public var surface: String? {
        get { way.facts.surface }
        set { changeWay { $0.surface = newValue } }
    }
    public var smoothness: String? {
        get { way.facts.smoothness }
        set { changeWay { $0.smoothness = newValue } }
    }
    public var trackType: String? {
        get { way.facts.trackType }
        set { changeWay { $0.trackType = newValue } }
    }
    public var sacScale: String? {
        get { way.facts.sacScale }
        set { changeWay { $0.sacScale = newValue } }
    }
    /// The ground values the profiles rate, read from the strings above; `nil` where a value is
    /// absent or not rated.
    public var ground: GroundFacts { way.facts.ground }
    /// The barriers standing at the arc's ends (a gate at the vertex it leaves or reaches).
    public var barriers: [Barrier] {
        get { way.facts.barriers }
        set { changeWay { $0.barriers = newValue } }
    }
    /// The car park the arc's driveway runs through, when it is not mapped for pedestrians.
    public var carPark: String? {
        get { way.facts.carPark }
        set { changeWay { $0.carPark = newValue } }
    }

    public init() {}

    /// Gives this arc alone the way facts `facts`: the arcs sharing its present ones keep theirs.
    mutating func setWay(_ facts: WayFacts) {
        // Most ways have no car park, and setting `nil` again should not unshare their facts.
        if facts != way.facts { way = SharedWayFacts(facts) }
    }

    private mutating func changeWay(_ change: (inout WayFacts) -> Void) {
        var facts = way.facts
        change(&facts)
        setWay(facts)
    }
}

/// The facts an arc takes from the way it follows, which the arcs of one way share: its ground
/// as written and rated, the car park it crosses, and the barriers at the arc's ends.
///
/// They are most of an arc's attributes by size (five strings and an array, 96 bytes) and the
/// same along a way, so ``ArcAttributes`` holds them by one shared reference: an arc takes 144
/// bytes instead of 232, Heidelberg's grown arc array 76 MB instead of 122 MB, and copying an
/// arc retains one object rather than up to six.
struct WayFacts: Hashable, Sendable {
    var surface: String? { didSet { ground.surface = surface.flatMap(SurfaceClass.init(osm:)) } }
    var smoothness: String? { didSet { ground.smoothness = smoothness.flatMap(Smoothness.init(osm:)) } }
    var trackType: String? { didSet { ground.trackType = trackType.flatMap(TrackType.init(osm:)) } }
    var sacScale: String? { didSet { ground.hikingScale = sacScale.flatMap(HikingScale.init(osm:)) } }
    private(set) var ground = GroundFacts()
    var barriers: [Barrier] = []
    var carPark: String?
}

/// ``WayFacts`` held once and shared by reference; equal and hashed by its facts, so arcs compare
/// as before however their facts are shared.
final class SharedWayFacts: Hashable, Sendable {
    /// No facts: arcs inside spaces and on connectors, and every arc until one is set.
    static let none = SharedWayFacts(WayFacts())

    let facts: WayFacts

    init(_ facts: WayFacts) {
        self.facts = facts
    }

    static func == (a: SharedWayFacts, b: SharedWayFacts) -> Bool {
        a === b || a.facts == b.facts
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(facts)
    }
}

/// The rated ground values of an arc (``ArcAttributes/ground``).
public struct GroundFacts: Hashable, Sendable {
    public var surface: SurfaceClass?
    public var smoothness: Smoothness?
    public var trackType: TrackType?
    public var hikingScale: HikingScale?

    public init() {}
}

/// Identifies a searchable place in ``NavigationGraph/placeNodes``.
public enum PlaceKey: Hashable, Sendable {
    case space(String)
    case pointOfInterest(String)
}
