import Testing
@testable import Validation
import VenueModel

/// The catalogue's rules beyond the first few: one small fixture each, built on the clean venue of
/// ``ValidationRuleTests``, asserting that exactly the rule's code fires, where.
@Suite struct CatalogueRuleTests {
    typealias Location = VenueModel.SourceLocation

    static func at(_ x: Double, _ y: Double) -> Coordinate { ValidationRuleTests.at(x, y) }

    func findings(_ venue: Venue, surveyPoints: [SurveyPoint] = []) -> [VenueModel.Issue] {
        Validator(venue: venue, surveyPoints: surveyPoints).run()
    }

    func near(_ coordinate: Coordinate?, _ x: Double, _ y: Double, within metres: Double = 0.01) -> Bool {
        guard let coordinate else { return false }
        return ValidationRuleTests.projection.distance(coordinate, Self.at(x, y)) <= metres
    }

    @Test func isolatedCorridorsAreCutOff() {
        var venue = ValidationRuleTests.base()
        venue.spaces.append(Space(id: "annex", kind: .corridor, buildingID: "H", levelIDs: ["H@0"],
                                  geometry: ValidationRuleTests.rectangle(40, 0, 50, 3),
                                  source: Location(file: "plan.geojson", line: 20)))
        // A corridor touching the first one needs no door of its own.
        venue.spaces.append(Space(id: "spur", kind: .corridor, buildingID: "H", levelIDs: ["H@0"],
                                  geometry: ValidationRuleTests.rectangle(20, 0, 30, 3),
                                  source: Location(file: "plan.geojson", line: 21)))
        let issues = findings(venue)
        #expect(issues.map(\.code) == [.spaceWithoutDoor])
        #expect(issues[0].location?.line == 20 && issues[0].levelID == "H@0")
        #expect(near(issues[0].coordinate, 45, 1.5))
    }

    @Test func overlappingRoomsOnALevel() {
        var venue = ValidationRuleTests.base()
        venue.spaces.append(Space(id: "room-2", kind: .room, buildingID: "H", levelIDs: ["H@0"],
                                  geometry: ValidationRuleTests.rectangle(6, 3, 16, 9), ref: "H.0.2",
                                  source: Location(file: "plan.geojson", line: 22)))
        venue.openings.append(Opening(id: "door-2", levelIDs: ["H@0"], location: Self.at(14, 3), isEntrance: false,
                                      source: Location(file: "plan.geojson", line: 23)))
        // A room sharing only a wall with the first does not overlap it.
        venue.spaces.append(Space(id: "room-3", kind: .room, buildingID: "H", levelIDs: ["H@0"],
                                  geometry: ValidationRuleTests.rectangle(16, 3, 20, 9), ref: "H.0.3",
                                  source: Location(file: "plan.geojson", line: 24)))
        venue.openings.append(Opening(id: "door-3", levelIDs: ["H@0"], location: Self.at(18, 3), isEntrance: false,
                                      source: Location(file: "plan.geojson", line: 25)))
        let issues = findings(venue)
        #expect(issues.map(\.code) == [.overlappingRooms])
        #expect(issues[0].location?.line == 22 && issues[0].levelID == "H@0")
        #expect(issues[0].message.contains("24.0 m²"))
        #expect(near(issues[0].coordinate, 8, 6))
    }

    /// Three storeys; stairs join the lower two, the top one is drawn but reached by nothing.
    @Test func levelsNeedAVerticalConnection() {
        var venue = ValidationRuleTests.base()
        venue.levels.append(Level(id: "H@2", buildingID: "H", ordinal: 2, name: "Attic",
                                  source: Location(file: "buildings.csv", line: 2)))
        venue.spaces.append(Space(id: "upper", kind: .corridor, buildingID: "H", levelIDs: ["H@1"],
                                  geometry: ValidationRuleTests.rectangle(0, 0, 20, 3),
                                  source: Location(file: "plan.geojson", line: 30)))
        venue.spaces.append(Space(id: "attic", kind: .room, buildingID: "H", levelIDs: ["H@2"],
                                  geometry: ValidationRuleTests.rectangle(0, 0, 10, 6),
                                  source: Location(file: "plan.geojson", line: 31)))
        venue.openings.append(Opening(id: "attic-door", levelIDs: ["H@2"], location: Self.at(5, 0), isEntrance: false,
                                      source: Location(file: "plan.geojson", line: 32)))
        venue.connectors = [Connector(id: "stairs", kind: .stairs, buildingID: "H", levelIDs: ["H@0", "H@1"],
                                      location: Self.at(18, 1.5), source: Location(file: "plan.geojson", line: 33))]
        let issues = findings(venue)
        #expect(issues.map(\.code) == [.levelWithoutVerticalConnection])
        #expect(issues[0].levelID == "H@2" && issues[0].location == Location(file: "buildings.csv", line: 2))
        #expect(issues[0].message.contains("H@2 (Attic)"))
        #expect(near(issues[0].coordinate, 5, 3))
    }

    @Test func buildingsNeedAnEntrance() {
        var venue = ValidationRuleTests.base()
        venue.openings.removeAll(where: \.isEntrance)
        let issues = findings(venue)
        #expect(issues.map(\.code) == [.buildingWithoutEntrance])
        #expect(issues[0].location == Location(file: "buildings.csv", line: 2) && issues[0].levelID == "H@0")
        #expect(near(issues[0].coordinate, 10, 4.5))

        // An emergency exit lets people out, not in: still no entrance.
        venue.openings.append(Opening(id: "exit", levelIDs: ["H@0"], location: Self.at(0, 1.5), isEntrance: true,
                                      access: .no, source: Location(file: "plan.geojson", line: 26)))
        #expect(findings(venue).map(\.code) == [.buildingWithoutEntrance])
    }

    @Test func widthsInCentimetresAreImplausible() {
        var venue = ValidationRuleTests.base()
        venue.openings[0].accessibility.width = 90
        // A plausible width and a steep flight of stairs pass.
        venue.openings[1].accessibility.width = 1.2
        venue.paths = [Path(id: "steps", kind: .steps, levelID: "H@0", coordinates: [Self.at(0, -5), Self.at(0, -10)],
                            accessibility: Accessibility(incline: 60), source: Location(file: "paths.geojson", line: 4))]
        let issues = findings(venue)
        #expect(issues.map(\.code) == [.implausibleWidth])
        #expect(issues[0].location?.line == 4 && issues[0].levelID == "H@0" && issues[0].coordinate == Self.at(5, 3))
        #expect(issues[0].message.contains("width=90 m") && issues[0].message.contains("centimetres"))
    }

    @Test func rampsSteeperThanAStreetAreImplausible() {
        var venue = ValidationRuleTests.base()
        venue.paths = [Path(id: "ramp", kind: .ramp, levelID: "H@0", coordinates: [Self.at(0, -5), Self.at(0, -8), Self.at(0, -10)],
                            accessibility: Accessibility(incline: -45), source: Location(file: "paths.geojson", line: 6))]
        let issues = findings(venue)
        #expect(issues.map(\.code) == [.implausibleIncline])
        #expect(issues[0].location?.line == 6 && issues[0].levelID == "H@0" && issues[0].coordinate == Self.at(0, -8))
        #expect(issues[0].message.contains("incline=-45 %"))
    }

    static func surveyPoint(_ x: Double, _ y: Double, level: String?, line: Int, label: String) -> SurveyPoint {
        SurveyPoint(position: at(x, y), levelID: level, surveyLevel: level == nil ? "7" : "0", building: "H",
                    label: label, scans: 3, source: Location(file: "survey.csv", line: line))
    }

    @Test func surveyPointsMustLieInASpace() {
        let points = [
            Self.surveyPoint(5, 6, level: "H@0", line: 2, label: "in-room"),
            Self.surveyPoint(20.5, 1, level: "H@0", line: 3, label: "on-the-wall"),
            Self.surveyPoint(5, 30, level: "H@0", line: 4, label: "in-the-yard"),
        ]
        let issues = findings(ValidationRuleTests.base(), surveyPoints: points)
        #expect(issues.map(\.code) == [.surveyPointOutsideSpace])
        #expect(issues[0].location == Location(file: "survey.csv", line: 4) && issues[0].levelID == "H@0")
        #expect(issues[0].coordinate == Self.at(5, 30) && issues[0].message.contains("'in-the-yard' (3 scans)"))
    }

    @Test func surveyFloorsMustNameAVenueLevel() {
        let points = [Self.surveyPoint(5, 6, level: nil, line: 8, label: "a"),
                      Self.surveyPoint(6, 6, level: nil, line: 9, label: "b")]
        let issues = findings(ValidationRuleTests.base(), surveyPoints: points)
        #expect(issues.map(\.code) == [.surveyUnknownFloor], "one finding per survey floor, not per point")
        #expect(issues[0].location == Location(file: "survey.csv", line: 8))
        #expect(issues[0].message.contains("survey floor '7' of building 'H'"))
    }
}
