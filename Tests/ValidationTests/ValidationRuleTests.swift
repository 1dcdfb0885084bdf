import Testing
@testable import Validation
import VenueModel

/// One small venue per rule; each test checks that exactly the expected code fires, where.
@Suite struct ValidationRuleTests {
    typealias Location = VenueModel.SourceLocation
    static let projection = LocalProjection(origin: Coordinate(latitude: 48.15, longitude: 11.58))

    static func at(_ x: Double, _ y: Double) -> Coordinate {
        projection.unproject(PlanarPoint(x: x, y: y))
    }

    static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> SpaceGeometry {
        .polygon(Polygon(exterior: [at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1), at(x0, y0)]))
    }

    /// A corridor and a room sharing the wall y = 3, with a door on it, on level 0 of building H,
    /// entered through the corridor's west wall.
    static func base() -> Venue {
        var venue = Venue(id: "v", name: "V")
        venue.buildings = [Building(id: "H", name: "Hall", address: nil, footprint: nil,
                                    source: Location(file: "buildings.csv", line: 2))]
        venue.levels = [Level(id: "H@0", buildingID: "H", ordinal: 0, name: nil, source: nil),
                        Level(id: "H@1", buildingID: "H", ordinal: 1, name: nil, source: nil)]
        venue.spaces = [
            Space(id: "corridor", kind: .corridor, buildingID: "H", levelIDs: ["H@0"], geometry: rectangle(0, 0, 20, 3),
                  source: Location(file: "plan.geojson", line: 2)),
            Space(id: "room", kind: .room, buildingID: "H", levelIDs: ["H@0"], geometry: rectangle(0, 3, 10, 9),
                  ref: "H.0.1", source: Location(file: "plan.geojson", line: 3)),
        ]
        venue.openings = [Opening(id: "door", levelIDs: ["H@0"], location: at(5, 3), isEntrance: false,
                                  source: Location(file: "plan.geojson", line: 4)),
                          Opening(id: "entrance", levelIDs: ["H@0"], location: at(0, 1.5), isEntrance: true,
                                  source: Location(file: "plan.geojson", line: 5))]
        return venue
    }

    func findings(_ venue: Venue) -> [VenueModel.Issue] {
        Validator(venue: venue).run()
    }

    @Test func aCleanVenueHasNoFindings() {
        #expect(findings(Self.base()).isEmpty)
    }

    @Test func selfIntersectingOutlinesAreRepairedAndWarned() throws {
        var venue = Self.base()
        // Crossing itself at (25, 5); its west edge lies on the corridor's east end, so it is entered.
        let bowtie = Polygon(exterior: [Self.at(20, 0), Self.at(30, 10), Self.at(30, 0), Self.at(20, 10), Self.at(20, 0)])
        venue.spaces.append(Space(id: "bowtie", kind: .area, buildingID: "H", levelIDs: ["H@0"], geometry: .polygon(bowtie),
                                  source: Location(file: "plan.geojson", line: 9)))
        let issues = findings(venue)
        #expect(issues.map(\.code) == [.invalidGeometry])
        #expect(issues[0].location?.line == 9 && issues[0].severity == .warning && issues[0].levelID == "H@0")
        #expect(issues[0].message.contains("Self-intersection") && issues[0].message.contains("repaired"))
        // Marked where the outline crosses itself, and routed on the repaired shape: two triangles.
        let crossing = try #require(issues[0].coordinate)
        #expect(Self.projection.distance(crossing, Self.at(25, 5)) < 0.01)
        let context = ValidationContext(venue: venue, parameters: ValidationParameters())
        let repaired = try #require(context.locator.area(ofSpace: 2))
        #expect(abs(repaired.area - 50) < 1e-3 && repaired.validityProblem == nil)
        #expect(context.locator.spaces(covering: Self.at(21, 5), levelID: "H@0") == [2])
        #expect(context.locator.spaces(covering: Self.at(29, 5), levelID: "H@0") == [2])
        #expect(context.locator.spaces(covering: Self.at(25, 2), levelID: "H@0").isEmpty)
    }

    @Test func doorsOffEveryOutlineAreReported() {
        var venue = Self.base()
        venue.openings.append(Opening(id: "stray", levelIDs: ["H@0"], location: Self.at(5, 20), isEntrance: false,
                                      source: Location(file: "plan.geojson", line: 7)))
        let issues = findings(venue)
        #expect(issues.map(\.code) == [.doorNotOnOutline])
        #expect(issues[0].location?.line == 7 && issues[0].levelID == "H@0")
        #expect(issues[0].coordinate == Self.at(5, 20))
    }

    @Test func roomsWithoutDoorsAreReportedPerLevel() {
        var venue = Self.base()
        venue.openings.removeAll { !$0.isEntrance }
        let issues = findings(venue)
        #expect(issues.map(\.code) == [.roomWithoutDoor])
        #expect(issues[0].location?.line == 3 && issues[0].levelID == "H@0")
    }

    @Test func pointRoomsAreNotedAsNotRoutable() {
        var venue = Self.base()
        venue.spaces.append(Space(id: "p", kind: .room, buildingID: "H", levelIDs: ["H@1"], geometry: .point(Self.at(1, 1)),
                                  ref: "H.1.1", source: Location(file: "rooms.csv", line: 2)))
        let issues = findings(venue)
        #expect(issues.map(\.code) == [.roomWithoutOutline])
        #expect(issues[0].severity == .info)
    }

    @Test func connectorsMustLinkLevelsAndStandInSpaces() {
        var venue = Self.base()
        venue.connectors = [
            Connector(id: "lift", kind: .elevator, buildingID: "H", levelIDs: ["H@0"], location: Self.at(15, 1.5),
                      source: Location(file: "plan.geojson", line: 11)),
            Connector(id: "stairs", kind: .stairs, buildingID: "H", levelIDs: ["H@0", "H@1"], location: Self.at(18, 1.5),
                      source: Location(file: "plan.geojson", line: 12)),
        ]
        let issues = findings(venue)
        #expect(issues.map(\.code) == [.connectorSingleLevel, .connectorOutsideSpace])
        #expect(issues[0].location?.line == 11)
        #expect(issues[1].location?.line == 12 && issues[1].levelID == "H@1")
    }

    /// A top-floor stairwell drawn around the opening the stairs rise through leaves the landing
    /// in a void; within 5 m of the stairwell's outline the graph links it, so it is no finding.
    @Test func landingsInAStairwellVoidAreLinkedNotReported() {
        var venue = Self.base()
        // On H@1, a stairwell ring from x 14 to 22 around a void from x 16 to 20, and the corridor
        // beside it; the stairs' point (18, 1.5) lies 2 m inside the void.
        let ring = Polygon(exterior: [Self.at(14, -2), Self.at(22, -2), Self.at(22, 5), Self.at(14, 5), Self.at(14, -2)],
                           holes: [[Self.at(16, 0), Self.at(20, 0), Self.at(20, 3), Self.at(16, 3), Self.at(16, 0)]])
        venue.spaces.append(Space(id: "well", kind: .stairs, buildingID: "H", levelIDs: ["H@1"], geometry: .polygon(ring),
                                  source: Location(file: "plan.geojson", line: 13)))
        venue.spaces.append(Space(id: "upper", kind: .corridor, buildingID: "H", levelIDs: ["H@1"],
                                  geometry: Self.rectangle(0, 0, 14, 3), source: Location(file: "plan.geojson", line: 14)))
        venue.connectors = [Connector(id: "stairs", kind: .stairs, buildingID: "H", levelIDs: ["H@0", "H@1"],
                                      location: Self.at(18, 1.5), source: Location(file: "plan.geojson", line: 12))]
        #expect(findings(venue).isEmpty)
        // A lift at the same point has no shaft near it to land on.
        venue.connectors[0].kind = .elevator
        #expect(findings(venue).map(\.code) == [.connectorOutsideSpace])
    }

    @Test func duplicateRefsAndUnknownEventPlaces() {
        var venue = Self.base()
        venue.pointsOfInterest = [PointOfInterest(id: "poi", name: "Copy", ref: "h.0.1", category: "printer",
                                                  location: Self.at(2, 1), buildingID: "H", levelID: "H@0",
                                                  source: Location(file: "pois.csv", line: 5))]
        venue.events = [Event(id: "e", title: "Talk", placeRef: "H.9.9", start: 0, end: 1,
                              source: Location(file: "events.csv", line: 2))]
        let issues = findings(venue)
        #expect(issues.map(\.code) == [.eventUnknownPlace, .duplicateRef])
        #expect(issues[0].severity == .error && issues[0].location?.file == "events.csv")
        #expect(issues[1].location?.line == 5 && issues[1].levelID == "H@0" && issues[1].coordinate == Self.at(2, 1))
    }

    @Test func refsRepeatedOnOtherLevelsAreOnlyNoted() {
        var venue = Self.base()
        venue.pointsOfInterest = [PointOfInterest(id: "poi", name: "Copy", ref: "h.0.1", category: "printer",
                                                  location: Self.at(2, 1), buildingID: "H", levelID: "H@1",
                                                  source: Location(file: "pois.csv", line: 5))]
        let issues = findings(venue)
        #expect(issues.map(\.code) == [.refOnSeveralLevels])
        #expect(issues[0].severity == .info && issues[0].location?.line == 3 && issues[0].levelID == "H@0")
        #expect(issues[0].message.contains("2 levels (H@0, H@1)"))
    }

    @Test func pointsOfInterestMustNameAnExistingRoom() {
        var venue = Self.base()
        let source = Location(file: "pois.csv", line: 7)
        venue.pointsOfInterest = [
            PointOfInterest(id: "in-known", name: "Printer", category: "printer", location: nil, buildingID: "H",
                            levelID: "H@0", roomRef: "h.0.1", source: Location(file: "pois.csv", line: 6)),
            PointOfInterest(id: "in-unknown", name: "ATM", category: "atm", location: nil, buildingID: "H",
                            levelID: "H@0", roomRef: "H.0.NOPE", source: source),
        ]
        let issues = findings(venue)
        #expect(issues.map(\.code) == [.poiUnknownRoom])
        #expect(issues.first?.severity == .error && issues.first?.location == source)
        #expect(issues.first?.message.contains("'H.0.NOPE'") == true)
    }

    @Test func reportsCountFindingsByCode() {
        var venue = Self.base()
        venue.openings.removeAll { !$0.isEntrance }
        let report = ValidationReport(venue: "v", generator: "test", issues: findings(venue))
        #expect(report.summary.warnings == 1 && report.summary.errors == 0)
        #expect(report.summary.byCode == ["room-without-door": 1])
    }
}
