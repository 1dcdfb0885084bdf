/// The stable code of a finding: every code navforge reports, from every importer, rule and the graph.
///
/// Codes are what CI scripts match and what `docs/validation-rules.md` explains, so they live in one
/// closed list rather than as text at each place that reports: a misspelt code does not compile,
/// and a test holds the list and the documentation's tables to each other. The raw value is the
/// code as the report writes it; it never changes meaning, and a new check gets a new case.
public enum FindingCode: String, Hashable, Sendable, Codable, CaseIterable {
    // MARK: The validate stage's rules

    /// An outline that is invalid: repaired (warning) or unusable (error).
    case invalidGeometry = "invalid-geometry"
    /// A door on no walkable outline and no walkway of its level.
    case doorNotOnOutline = "door-not-on-outline"
    /// A room with an outline but no door on it, on some level.
    case roomWithoutDoor = "room-without-door"
    /// A corridor or hall that nothing enters.
    case spaceWithoutDoor = "space-without-door"
    /// A room known only by a point.
    case roomWithoutOutline = "room-without-outline"
    /// Two rooms on one level that share floor, not only a wall.
    case overlappingRooms = "overlapping-rooms"
    /// Stairs, a lift or an IMDF relationship serving fewer than two levels.
    case connectorSingleLevel = "connector-single-level"
    /// A connector landing in no walkable space on one of its levels.
    case connectorOutsideSpace = "connector-outside-space"
    /// A level of a building that no connector joins to another level.
    case levelWithoutVerticalConnection = "level-without-vertical-connection"
    /// A building with walkable spaces that tags no entrance.
    case buildingWithoutEntrance = "building-without-entrance"
    /// Two places on one level with the same ref.
    case duplicateRef = "duplicate-ref"
    /// One ref used on several levels, noted once per ref.
    case refOnSeveralLevels = "ref-on-several-levels"
    /// An event at a place no room or point of interest has as its ref.
    case eventUnknownPlace = "event-unknown-place"
    /// A point of interest in a room whose ref no room has.
    case poiUnknownRoom = "poi-unknown-room"
    /// A width no doorway or way plausibly has.
    case implausibleWidth = "implausible-width"
    /// A slope steeper than anything walkable but stairs.
    case implausibleIncline = "implausible-incline"
    /// A Wi-Fi reference point in no walkable space of its level.
    case surveyPointOutsideSpace = "survey-point-outside-space"
    /// A survey floor that joins no level of the venue.
    case surveyUnknownFloor = "survey-unknown-floor"
    /// A level value an importer cannot place: the feature is left out.
    case unknownLevel = "unknown-level"

    // MARK: Findings of the fingerprints stage

    /// A survey floor whose held-out scans land on it too rarely, or too far off.
    case surveyFloorThin = "survey-floor-thin"
    /// An area of a survey floor with its held-out figures: a warning where it is thin.
    case surveyArea = "survey-area"

    // MARK: Findings from the graph

    /// A place no route reaches from an entrance, for some or all profiles.
    case placeUnreachable = "place-unreachable"
    /// A place tagged for wheelchairs that only walkers reach.
    case wheelchairRoomNotStepFree = "wheelchair-room-not-step-free"
    /// A graph without any entrance.
    case noEntrance = "no-entrance"
    /// A building's entrances taken from its ground-floor doors on the footprint.
    case entranceInferred = "entrance-inferred"
    /// A point of interest with no graph node near enough to join.
    case placeNotConnected = "place-not-connected"
    /// An outline too detailed for the visibility graph.
    case spaceTooComplex = "space-too-complex"
    /// A lift or flight landing at a walkway vertex that nothing on its level meets.
    case landingNotJoined = "landing-not-joined"
    /// A graph stage with nothing to link.
    case emptyGraph = "empty-graph"
    /// A graph whose places all stand alone, for every profile.
    case noPlaceReachable = "no-place-reachable"
    /// An entrance whose piece of the graph holds nothing else worth routing to: an island.
    case entranceIsland = "entrance-island"

    // MARK: Findings of the importers

    /// An OSM tag value that cannot be understood; only that attribute is dropped.
    case invalidTag = "invalid-tag"
    /// An OSM area or multipolygon that does not close into rings.
    case openOutline = "open-outline"
    /// An OSM space or door that cannot be placed on a level.
    case missingLevel = "missing-level"
    /// An OSM way naming nodes the file lacks.
    case missingNode = "missing-node"
    /// An OSM multipolygon whose member ways the file lacks.
    case missingMember = "missing-member"
    /// An OSM node id that appears twice.
    case duplicateElement = "duplicate-element"
    /// An OSM walkable way with fewer than two known nodes.
    case shortWay = "short-way"
    /// An OSM lift node naming fewer than two levels.
    case elevatorWithoutLevels = "elevator-without-levels"
    /// Levels in `non_existent_levels` that features still use.
    case levelNotExistent = "level-not-existent"
    /// Something read but not used, from OSM or IMDF.
    case notModelled = "not-modelled"
    /// OSM walkways of two levels sharing a node that joins no levels.
    case levelMismatchAtNode = "level-mismatch-at-node"
    /// An OSM flight between levels whose two ends are on one level.
    case flightEndsOnOneLevel = "flight-ends-on-one-level"
    /// A one-way OSM flight whose ends cannot be placed, so it is used both ways.
    case flightDirectionUnknown = "flight-direction-unknown"
    /// A way into a doorless room inferred by the assembler.
    case openingInferred = "opening-inferred"
    /// A `surface`, `smoothness`, `tracktype` or `sac_scale` value the profiles do not rate.
    case unratedValue = "unrated-value"
    /// OSM elements the file marks as deleted, skipped.
    case deletedElements = "deleted-elements"
    /// A remark in an Overpass API answer.
    case overpassRemark = "overpass-remark"
    /// An Overpass API remark reporting that the query failed part-way.
    case overpassError = "overpass-error"
    /// What clipping an OSM input to `within:` left out.
    case outsideWithin = "outside-within"
    /// An IMDF manifest version other than 1.x.
    case imdfVersion = "imdf-version"
    /// A property IMDF does not define for the feature type.
    case unknownProperty = "unknown-property"
    /// A file in an IMDF delivery that IMDF does not define.
    case unknownFile = "unknown-file"
    /// A unit, opening or relationship category IMDF does not define.
    case unknownCategory = "unknown-category"
    /// IMDF openings categorised for vehicles, read as doors.
    case openingCategory = "opening-category"
    /// An IMDF reference to a feature the delivery lacks.
    case unknownReference = "unknown-reference"
    /// An IMDF indoor level naming no known building.
    case levelWithoutBuilding = "level-without-building"
    /// An IMDF feature without the geometry type IMDF requires.
    case badGeometry = "bad-geometry"
    /// An IMDF connector chained from overlapping units.
    case connectorInferred = "connector-inferred"
    /// A GeoJSON feature whose kind means nothing for its geometry.
    case unknownKind = "unknown-kind"
    /// A GeoJSON feature without geometry.
    case noGeometry = "no-geometry"
    /// A CSV column the table does not read.
    case unusedColumn = "unused-column"

    /// A tour whose line has a gap: its relation's member ways are missing from the file, or do
    /// not meet end to end. The walkways between the pieces join them.
    case tourIncomplete = "tour-incomplete"
    /// A vertex of a tour's line with no walkway node near it on its level: the tour is left out.
    case tourOffNetwork = "tour-off-network"
    /// Two consecutive vertices of a tour's line that no walkway joins: the tour is left out.
    case tourUnconnected = "tour-unconnected"
    /// Between two vertices of a tour's line, the walkways joining them are much longer than the
    /// line drawn: the tour follows them, but the line may be wrong.
    case tourDetour = "tour-detour"

    /// The severity findings of this code are reported with.
    ///
    /// One code has two: `invalid-geometry` is a warning for an outline the geometry layer
    /// repaired and an error for one it cannot build at all, so the rule passes the error itself.
    /// ``severities`` lists both.
    public var severity: Issue.Severity {
        switch self {
        case .eventUnknownPlace, .poiUnknownRoom, .unknownLevel, .emptyGraph, .noPlaceReachable, .overpassError:
            return .error
        case .roomWithoutOutline, .refOnSeveralLevels, .entranceInferred, .notModelled, .openingInferred,
             .unratedValue, .deletedElements, .outsideWithin, .connectorInferred, .unusedColumn, .surveyArea:
            return .info
        case .invalidGeometry, .doorNotOnOutline, .roomWithoutDoor, .spaceWithoutDoor, .overlappingRooms,
             .connectorSingleLevel, .connectorOutsideSpace, .levelWithoutVerticalConnection, .buildingWithoutEntrance,
             .duplicateRef, .implausibleWidth, .implausibleIncline, .surveyPointOutsideSpace, .surveyUnknownFloor,
             .surveyFloorThin, .placeUnreachable, .wheelchairRoomNotStepFree, .noEntrance, .placeNotConnected, .spaceTooComplex,
             .landingNotJoined, .entranceIsland, .invalidTag, .openOutline, .missingLevel, .missingNode, .missingMember,
             .duplicateElement, .shortWay, .elevatorWithoutLevels, .levelNotExistent, .levelMismatchAtNode,
             .flightEndsOnOneLevel, .flightDirectionUnknown, .overpassRemark, .imdfVersion, .unknownProperty,
             .unknownFile, .unknownCategory, .openingCategory, .unknownReference, .levelWithoutBuilding,
             .badGeometry, .unknownKind, .noGeometry, .tourIncomplete, .tourOffNetwork, .tourUnconnected, .tourDetour:
            return .warning
        }
    }

    /// Every severity a finding of this code can have, ``severity`` first, as the documentation's
    /// severity column lists them (`warning / error`).
    public var severities: [Issue.Severity] {
        switch self {
        case .invalidGeometry: return [.warning, .error]
        case .surveyArea: return [.info, .warning]
        default: return [severity]
        }
    }

    /// Where the code is explained: a page in `docs/` and the anchor of the section whose table
    /// lists it, such as `validation-rules.md#findings-from-the-graph`.
    ///
    /// Every code is in the rule catalogue's page, with its fix; the OSM and IMDF pages repeat
    /// some of them in their own words, but the catalogue is the one place to link.
    public var documentationAnchor: String {
        switch self {
        case .invalidGeometry, .doorNotOnOutline, .roomWithoutDoor, .spaceWithoutDoor, .roomWithoutOutline,
             .overlappingRooms, .connectorSingleLevel, .connectorOutsideSpace, .levelWithoutVerticalConnection,
             .buildingWithoutEntrance, .duplicateRef, .refOnSeveralLevels, .eventUnknownPlace, .poiUnknownRoom,
             .implausibleWidth, .implausibleIncline, .surveyPointOutsideSpace, .surveyUnknownFloor, .unknownLevel:
            return "validation-rules.md#rules-of-the-validate-stage"
        case .surveyFloorThin, .surveyArea:
            return "validation-rules.md#findings-of-the-fingerprints-stage"
        case .placeUnreachable, .wheelchairRoomNotStepFree, .noEntrance, .entranceInferred, .placeNotConnected,
             .spaceTooComplex, .landingNotJoined, .emptyGraph, .noPlaceReachable, .entranceIsland, .tourOffNetwork,
             .tourUnconnected, .tourDetour:
            return "validation-rules.md#findings-from-the-graph"
        case .invalidTag, .openOutline, .missingLevel, .missingNode, .missingMember, .duplicateElement, .shortWay,
             .elevatorWithoutLevels, .levelNotExistent, .notModelled, .levelMismatchAtNode, .flightEndsOnOneLevel,
             .flightDirectionUnknown, .openingInferred, .unratedValue, .deletedElements, .overpassRemark, .overpassError,
             .outsideWithin, .imdfVersion, .unknownProperty, .unknownFile, .unknownCategory, .openingCategory,
             .unknownReference, .levelWithoutBuilding, .badGeometry, .connectorInferred, .unknownKind, .noGeometry,
             .unusedColumn, .tourIncomplete:
            return "validation-rules.md#findings-of-the-importers"
        }
    }
}

extension FindingCode: Comparable {
    /// Codes sort by their text, the order the report has always listed them in.
    public static func < (lhs: FindingCode, rhs: FindingCode) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension FindingCode: CustomStringConvertible {
    /// The code as reports write it, so interpolating a code prints `door-not-on-outline`, not the case name.
    public var description: String { rawValue }
}
