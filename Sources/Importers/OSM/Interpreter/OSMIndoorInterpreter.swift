import VenueModel

/// Turns OSM elements tagged in Simple Indoor Tagging into the venue model.
///
/// `docs/osm-tagging.md` lists every tag it reads. Values it cannot understand (`level=GF`,
/// `width=wide`, an elevator without levels, a way missing one of its nodes) become warnings
/// that name the element and the tag; the rest of the element is used where it still makes sense.
struct OSMIndoorInterpreter {
    let dataset: OSMDataset
    let file: String
    let inputID: String
    /// The building for levelled features outside every mapped building outline.
    let defaultBuilding: String?

    var issues: [Issue] = []
    /// Buildings found in the data, in id order.
    var buildings: [OSMBuilding] = []
    /// Features waiting for their building to be known.
    var pending = PendingFeatures()
    /// Level names from `indoor=level` outlines, placed in a building later.
    var levelNames: [(anchor: Coordinate, ordinal: Double, name: String)] = []
    /// For door nodes only: the levelled indoor ways they are a vertex of, to inherit a level.
    let doorWays: [Int64: [Int64]]
    let waysByID: [Int64: OSMWay]
    /// What the walkways meeting at each node say about its level.
    let topology: OSMWalkwayTopology
    /// Flights between levels, laid out once every way has been read.
    var pendingFlights: [FlightDraft] = []
    /// Platforms, named once stop positions have been read.
    var platformDrafts: [PlatformDraft] = []
    /// Tours from route relations, given their level references once buildings are settled.
    var tourDrafts: [TourDraft] = []
    /// Lift nodes with the levels they serve: a lift shaft around one is its shaft, not a second lift.
    var liftNodes: [(position: Coordinate, ordinals: Set<Double>)] = []
    /// Entrances without a level that are neither station entrances nor on a levelled walkway or
    /// outline: outside every building outline, they belong to buildings the data does not draw.
    var unattachedEntrances = Set<String>()
    /// Nodes standing across the ways through them (``isBarrier(_:)``), by `node/ID`.
    let barrierNodes: [String: OSMTags]
    /// Barrier nodes whose tags were already checked (a node on two ways is read twice).
    var reportedBarriers = Set<String>()
    /// Walkways by the `surface`, `smoothness`, `tracktype` or `sac_scale` value they carry that
    /// the profiles do not rate (`surface=foo`), reported once per value.
    var unratedValues: [String: [String]] = [:]
    /// Car parks inside buildings, whose driveways are closed to walking (``carPark(containing:)``).
    var carParks: [(element: String, polygons: [Polygon], bounds: BoundingBox)] = []
    /// Elements that reached the model or a finding; levelled elements outside it are reported
    /// as not modelled, so nothing with a level disappears unnoticed.
    var usedElements = Set<String>()

    init(dataset: OSMDataset, file: String, inputID: String, defaultBuilding: String?) {
        var sorted = dataset
        sorted.finish()
        self.dataset = sorted
        self.file = file
        self.inputID = inputID
        self.defaultBuilding = defaultBuilding
        waysByID = Dictionary(sorted.ways.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let doors = Set(sorted.taggedNodes.filter { Self.isOpening($0.tags) }.map(\.id))
        var doorWays: [Int64: [Int64]] = [:]
        for way in sorted.ways where way.tags["indoor"] != nil {
            for node in Set(way.nodeIDs) where doors.contains(node) { doorWays[node, default: []].append(way.id) }
        }
        self.doorWays = doorWays
        var barrierNodes: [String: OSMTags] = [:]
        for node in sorted.taggedNodes where Self.isBarrier(node.tags) { barrierNodes[Self.nodeRef(node.id)] = node.tags }
        self.barrierNodes = barrierNodes
        topology = OSMWalkwayTopology(dataset: sorted)
    }

    mutating func interpret() -> ImportedData {
        for duplicate in dataset.duplicateNodes {
            report(.duplicateElement, "node/\(duplicate) appears twice; the first position is used", element: "node/\(duplicate)")
        }
        findBuildings()
        findCarParks()
        // Ways before spaces: a stairwell with drawn flights in it is not a second staircase.
        interpretWays()
        reportUnratedValues()
        interpretNodes()
        interpretSpaces()
        interpretOpenings()
        addPlatformPlaces()
        interpretTours()
        readLevelNames()
        reportLeftOut()
        return assemble()
    }

    // MARK: - Reporting

    func location(_ element: String) -> SourceLocation {
        SourceLocation(file: file, feature: element)
    }

    /// Records a finding about an element, with its code's severity.
    mutating func report(_ code: FindingCode, _ message: String, element: String, coordinate: Coordinate? = nil) {
        markUsed(element)
        issues.append(Issue(code: code, message: message, location: location(element),
                            coordinate: coordinate))
    }

    /// A tag whose value cannot be understood: the element keeps everything else.
    mutating func invalidTag(_ key: String, _ value: String, element: String, _ reason: String) {
        report(.invalidTag, "\(element): \(key)=\(value) is not understood: \(reason)", element: element)
    }

    func modelID(_ element: String) -> String {
        "\(inputID):\(element)"
    }

    /// Records that an element reached the model or a finding. Only elements with a level are
    /// ever reported as left out, so only theirs are remembered (most of a city's are not).
    mutating func markUsed(_ element: String, _ tags: OSMTags? = nil) {
        if let tags, tags["level"] == nil, tags["repeat_on"] == nil { return }
        usedElements.insert(element)
    }
}

/// Features read from the elements, each with its anchor position and level value, waiting for
/// buildings and levels to be settled.
struct PendingFeatures {
    struct Item<Feature> {
        var feature: Feature
        var anchor: Coordinate
        var levels: OSMLevels?
        var element: String
    }

    var spaces: [Item<Space>] = []
    var openings: [Item<Opening>] = []
    var connectors: [Item<Connector>] = []
    var paths: [Item<Path>] = []
    var pointsOfInterest: [Item<PointOfInterest>] = []
    var walls: [Item<WallLine>] = []
}
