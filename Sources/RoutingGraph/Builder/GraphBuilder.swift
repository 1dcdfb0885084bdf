public import Geometry
public import VenueModel
import NavFormat

/// Derives the navigation graph from a venue model.
///
/// Inside each walkable space, its doors, lift and stair landings, points of interest, path ends
/// and (for rooms) representative point are linked by shortest paths that stay inside the
/// outline: straight where they see each other, otherwise around the wall corners, inset by a
/// clearance. Explicit paths are used as drawn, connectors become per-floor chains, and entrances
/// join the nearest outdoor path.
public final class GraphBuilder {
    public let venue: Venue
    public let parameters: GraphParameters
    let locator: SpaceLocator
    var graph = NavigationGraph()
    var issues: [Issue] = []

    /// Level index by level id.
    var levelIndex: [String: Int] = [:]
    /// Doors, landings, points of interest and path ends inside each space, by space index and
    /// level id.
    var anchors: [Int: [String: [Int]]] = [:]
    /// Door facts that every arc through the door inherits, by node.
    var doorAttributes: [Int: ArcAttributes] = [:]
    /// Nodes by level and position (1e-7°), so paths and doors drawn at the same point meet.
    var nodesAtPosition: [PositionKey: Int] = [:]
    /// Entrance nodes, for joining outdoor paths.
    var entranceNodes: [Int] = []
    /// The opening (index into the venue's) each door or entrance node stands for.
    var openingOfNode: [Int: Int] = [:]
    /// Nodes of openings navforge inferred (shop fronts), joined to the walkway they face.
    var inferredOpeningNodes = Set<Int>()
    /// The space each arc crosses, by arc index, or -1 for paths and connectors: what the
    /// property tests check edges against.
    var arcSpaces: [Int] = []
    /// The representative node of each space on each level.
    var spaceNodes: [Int: [String: Int]] = [:]
    /// The nodes of each source vertex (OSM `node/123`) on the levels its walkways and landings
    /// put it on; joined where the levels agree (``joinSharedVertices()``).
    var nodesOfVertex: [String: [Int]] = [:]
    /// Half-landings between levels, by source vertex, and their heights in level ordinals.
    var halfLandingNodes: [String: Int] = [:]
    var halfLandingHeights: [Int: Double] = [:]
    /// Landings placed at walkway vertices, to report those no walkway meets.
    var pinnedLandings: [PinnedLanding] = []
    /// The levels of each level's floor (``sameFloor(as:)``), as they are asked for.
    var floors: [String: [String]] = [:]
    /// The pieces of the usable graph once every arc is in (``usablePieces()``).
    var usable: GraphPieces?

    public init(venue: Venue, parameters: GraphParameters, locator: SpaceLocator? = nil) {
        self.venue = venue
        self.parameters = parameters
        self.locator = locator ?? SpaceLocator(venue: venue)
    }

    /// Builds the graph; findings about data the graph could not use come back as issues.
    public func build() -> (graph: NavigationGraph, issues: [Issue]) {
        graph = NavigationGraph()
        usable = nil
        graph.levelIDs = venue.levels.map(\.id)
        for (index, level) in venue.levels.enumerated() { levelIndex[level.id] = index }

        graph.arcs.reserveCapacity(Self.expectedArcCount(of: venue))
        addOpenings()
        addConnectors()
        addPointsOfInterestInSpaces()
        addPaths()
        joinSharedVertices()
        addSpaces()
        reportUnjoinedLandings()
        attachPointsOfInterest()
        reportEntranceIslands()
        arcSpaces += Array(repeating: -1, count: graph.arcs.count - arcSpaces.count)
        return (graph, issues)
    }

    // MARK: - Shared helpers

    struct PositionKey: Hashable {
        var level: Int
        var latitude: Int64
        var longitude: Int64

        init(level: Int, coordinate: Coordinate) {
            self.level = level
            latitude = Int64((coordinate.latitude * 1e7).rounded())
            longitude = Int64((coordinate.longitude * 1e7).rounded())
        }
    }

    func addNode(_ coordinate: Coordinate, level: Int, kind: NodeKind, label: String?) -> Int {
        graph.nodes.append(GraphNode(coordinate: coordinate, level: level, kind: kind, label: label))
        return graph.nodes.count - 1
    }

    /// The node at this exact position on this level, creating a junction when there is none.
    func node(at coordinate: Coordinate, level: Int) -> Int {
        // One lookup: a position not seen yet takes the index the new node will have (every
        // node already added has a lower one), so finding that index means adding the node.
        let next = graph.nodes.count
        let found = Self.value(of: &nodesAtPosition[PositionKey(level: level, coordinate: coordinate), default: next])
        if found == next { _ = addNode(coordinate, level: level, kind: .junction, label: nil) }
        return found
    }

    private static func value(of entry: inout Int) -> Int { entry }

    /// Records that a node stands for a source vertex, so walkways sharing it meet there.
    func shareVertex(_ ref: String, node: Int) {
        // One lookup of the ref, whose hashing is most of the call's cost.
        Self.addOnce(node, to: &nodesOfVertex[ref, default: []])
    }

    private static func addOnce(_ node: Int, to nodes: inout [Int]) {
        if !nodes.contains(node) { nodes.append(node) }
    }

    /// Registers a node so that paths drawn through its position connect to it.
    func register(_ node: Int) {
        let record = graph.nodes[node]
        let key = PositionKey(level: record.level, coordinate: record.coordinate)
        if nodesAtPosition[key] == nil { nodesAtPosition[key] = node }
    }

    func distance(_ a: Int, _ b: Int) -> Double {
        locator.distance(graph.nodes[a].coordinate, graph.nodes[b].coordinate)
    }

    /// Adds the arcs of an edge: `a → b`, and `b → a` unless one-way. Door facts at either end are
    /// merged in; `reverse` adjusts the backward arc (rise flips sign automatically).
    func addEdge(_ a: Int, _ b: Int, kind: ArcKind, label: String?, attributes: ArcAttributes,
                 length: Double? = nil, via: [Coordinate] = [], oneWay: Bool = false,
                 reverse: ((inout ArcAttributes) -> Void)? = nil) {
        guard a != b else { return }
        var forward = attributes
        for end in [a, b] {
            if let door = doorAttributes[end] { forward.merge(door) }
        }
        let metres = length ?? distance(a, b)
        reserveArcs(2)
        graph.arcs.append(GraphArc(tail: a, head: b, length: metres, kind: kind, label: label, attributes: forward,
                                   via: via))
        guard !oneWay else { return }
        var backward = forward
        backward.rise = -forward.rise
        if let incline = forward.incline { backward.incline = -incline }
        backward.inclineDirection = forward.inclineDirection?.reversed
        reverse?(&backward)
        graph.arcs.append(GraphArc(tail: b, head: a, length: metres, kind: kind, label: label, attributes: backward,
                                   via: via.reversed()))
    }

    /// About how many arcs the venue's graph has, so that the arc array is made once at its
    /// size: two per segment of a walkway, the bulk of a city's, and a few for each door,
    /// connector, point of interest and space. Growing by doubling left a third of Heidelberg's
    /// array unused (524,288 arcs' room for 375,847, 22 MB), and the graph is kept through
    /// validation and the graph stage.
    static func expectedArcCount(of venue: Venue) -> Int {
        let segments = venue.paths.reduce(0) { $0 + max($1.coordinates.count - 1, 0) }
        return 2 * segments + 8 * (venue.openings.count + venue.connectors.count + venue.pointsOfInterest.count)
            + 16 * venue.spaces.count
    }

    /// Room for `count` more arcs. Past the expected count the array grows by an eighth rather
    /// than doubling, so that an estimate a little short costs a little room.
    private func reserveArcs(_ count: Int) {
        let needed = graph.arcs.count + count
        guard needed > graph.arcs.capacity else { return }
        graph.arcs.reserveCapacity(max(needed, graph.arcs.count + max(graph.arcs.count / 8, 1024)))
    }

    /// Records a finding of the derivation, with its code's severity.
    func report(_ code: FindingCode, _ message: String, at location: SourceLocation?,
                level: String? = nil, coordinate: Coordinate? = nil) {
        issues.append(Issue(code: code, message: message, location: location, levelID: level,
                            coordinate: coordinate))
    }
}

extension ArcAttributes {
    /// Combines the facts of a door passed with those of the way: the stricter value wins.
    mutating func merge(_ other: ArcAttributes) {
        if let value = other.wheelchair { wheelchair = Self.stricter(wheelchair, value) }
        if let value = other.width { width = min(width ?? value, value) }
        if let value = other.access, access == nil || access == .yes { access = value }
        if let value = other.doorType, doorType == nil || value == .revolving { doorType = value }
        emergencyExit = emergencyExit || other.emergencyExit
        if let value = other.automaticDoor { automaticDoor = (automaticDoor ?? true) && value }
        if let value = other.kerbHeight { kerbHeight = max(kerbHeight ?? value, value) }
    }

    static func stricter(_ a: WheelchairAccess?, _ b: WheelchairAccess) -> WheelchairAccess {
        let rank: [WheelchairAccess: Int] = [.designated: 0, .yes: 1, .limited: 2, .no: 3]
        guard let a else { return b }
        return (rank[a] ?? 0) >= (rank[b] ?? 0) ? a : b
    }

    /// The facts a feature's accessibility tags give an arc.
    init(_ accessibility: Accessibility, indoor: Bool) {
        // Set on a value of its own: a struct's initializer does not run its property observers,
        // and the ground values are read when the strings are set.
        var facts = ArcAttributes()
        facts.isIndoor = indoor
        facts.wheelchair = accessibility.wheelchair
        facts.incline = accessibility.incline
        facts.width = accessibility.width
        facts.kerbHeight = accessibility.kerbHeight
        facts.lit = accessibility.lit
        var way = WayFacts()
        way.surface = accessibility.surface
        way.smoothness = accessibility.smoothness
        way.trackType = accessibility.trackType
        way.sacScale = accessibility.sacScale
        facts.setWay(way)
        facts.inclineDirection = accessibility.inclineDirection
        self = facts
    }
}
