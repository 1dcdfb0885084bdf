import Foundation
import Testing
@testable import Importers
import VenueModel

/// One fixture per IMDF feature type and property rule of docs/imdf.md that the standard
/// delivery of `IMDFImporterTests` does not exercise.
@Suite struct IMDFFeatureTypeTests {
    typealias F = IMDFFixture

    static func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> String {
        #"{"type": "LineString", "coordinates": [\#(F.position(x0, y0)), \#(F.position(x1, y1))]}"#
    }

    static func point(_ x: Double, _ y: Double) -> String {
        #"{"type": "Point", "coordinates": \#(F.position(x, y))}"#
    }


    @Test func everyLanguageOfEveryNameIsKept() throws {
        var fixture = F.standard()
        fixture.files["level.geojson"] = F.collection([
            F.feature("L1", "level", #""ordinal": 0, "name": {"en": "Level 1", "ru": "Этаж 1"}, "short_name": {"en": "1", "ru": "1-й"}, "building_ids": ["bld"]"#),
            F.feature("L2", "level", #""ordinal": 1, "name": {"en": "Level 2", "ru": "Этаж 2"}, "building_ids": ["bld"]"#),
        ])
        fixture.files["unit.geojson"] = fixture.files["unit.geojson"]?.replacingOccurrences(
            of: #""name": {"en": "Classroom 101", "ru": "Кабинет 101"}"#,
            with: #""name": {"en": "Classroom 101", "ru": "Кабинет 101"}, "alt_name": {"en": "101", "ru": "101"}"#)
        fixture.files["opening.geojson"] = fixture.files["opening.geojson"]?.replacingOccurrences(
            of: #""category": "pedestrian.principal", "level_id": "L1""#,
            with: #""category": "pedestrian.principal", "level_id": "L1", "name": {"en": "Main entrance", "ru": "Главный вход"}"#)
        let (venue, _) = try fixture.venue()
        #expect(venue.buildings.first?.localizedNames == ["en": "Main building", "ru": "Главный корпус"])
        #expect(venue.levels.map(\.name) == ["1", "Level 2"], "the short name, else the name")
        #expect(venue.levels.map(\.localizedNames) == [["en": "1", "ru": "1-й"], ["en": "Level 2", "ru": "Этаж 2"]])
        #expect(venue.levels.first?.source?.feature == "L1", "a level keeps its own provenance")
        #expect(venue.spaces.first { $0.id == "c:room1" }?.alternativeNames == ["en": "101", "ru": "101"])
        let entrance = try #require(venue.openings.first { $0.id == "c:main" })
        #expect(entrance.name == "Main entrance" && entrance.localizedNames["ru"] == "Главный вход")
    }

    @Test func buildingsWithoutGeometryTakeTheirGroundFootprint() throws {
        var fixture = F.standard()
        fixture.files["building.geojson"] = F.collection([F.feature("bld", "building", #""name": {"en": "Main"}"#)])
        fixture.files["footprint.geojson"] = F.collection([
            F.feature("roof", "footprint", #""category": "roof", "building_ids": ["bld"]"#, F.rectangle(-1, -1, 41, 21)),
            F.feature("ground", "footprint", #""category": "ground", "building_ids": ["bld"]"#, F.rectangle(0, 0, 40, 20)),
        ])
        let (venue, _) = try fixture.venue()
        let footprint = try #require(venue.buildings.first?.footprint)
        #expect(footprint.exterior.count == 5)
        let corner = F.projection.project(footprint.exterior[0])
        #expect(abs(corner.x) < 0.01 && abs(corner.y) < 0.01, "the ground footprint, not the roof")
    }

    @Test func fixturesSectionsKiosksAndGeofences() throws {
        var fixture = F.standard()
        fixture.files["fixture.geojson"] = F.collection([
            F.feature("desk", "fixture", #""category": "desk", "level_id": "L1""#, F.rectangle(12, 6, 14, 8)),
        ])
        fixture.files["section.geojson"] = F.collection([
            F.feature("reading", "section", #""category": "seating", "level_id": "L1", "name": {"en": "Reading area"}"#,
                      F.rectangle(16, 6, 20, 10)),
        ])
        fixture.files["kiosk.geojson"] = F.collection([
            F.feature("info", "kiosk", #""level_id": "L1", "name": {"en": "Information"}"#, F.rectangle(22, 6, 24, 8)),
        ])
        fixture.files["geofence.geojson"] = F.collection([
            F.feature("zone", "geofence", #""category": "geofence", "level_ids": ["L1"], "name": {"en": "Library zone"}, "display_point": \#(Self.point(5, 5))"#,
                      F.rectangle(0, 0, 10, 10)),
        ])
        fixture.files["venue.geojson"] = F.collection([F.feature("v", "venue", #""category": "universitycampus", "name": {"en": "Campus"}"#)])
        fixture.files["detail.geojson"] = F.collection([F.feature("mark", "detail", #""level_id": "L1""#, Self.line(1, 1, 2, 2))])
        let (venue, issues) = try fixture.venue()
        let kinds = Dictionary(uniqueKeysWithValues: venue.spaces.map { ($0.id, $0.kind) })
        #expect(kinds["c:desk"] == .obstacle && kinds["c:reading"] == .area && kinds["c:info"] == .room)
        #expect(venue.spaces.first { $0.id == "c:reading" }?.name == "Reading area")
        let zone = try #require(venue.pointsOfInterest.first { $0.id == "c:zone" })
        #expect(zone.name == "Library zone" && zone.levelID == "bld@0")
        // From (5, 5) the farthest corner of the 10 m square is 7.07 m away.
        #expect(abs((zone.geofenceRadius ?? 0) - 7.1) < 0.05)
        #expect(issues.contains { $0.code == .notModelled && $0.message.hasPrefix("1 detail features") })
        #expect(!issues.contains { $0.message.contains("venue") }, "the venue feature is read without complaint")
    }

    @Test func restrictionsAccessControlAndEmergencyExits() throws {
        var fixture = F.standard()
        fixture.files["unit.geojson"] = fixture.files["unit.geojson"]?.replacingOccurrences(
            of: #""category": "classroom", "level_id": "L1""#, with: #""category": "classroom", "level_id": "L1", "restriction": "employeesonly""#)
        fixture.files["opening.geojson"] = F.collection([
            F.feature("badge", "opening", #""category": "pedestrian", "level_id": "L1", "access_control": ["badgereader"]"#, Self.line(4, 4, 6, 4)),
            F.feature("exit", "opening", #""category": "emergencyexit", "level_id": "L1""#, Self.line(0, 1, 0, 3)),
        ])
        let (venue, _) = try fixture.venue()
        #expect(venue.spaces.first { $0.id == "c:room1" }?.access == .employees)
        let doors = Dictionary(uniqueKeysWithValues: venue.openings.map { ($0.id, $0) })
        #expect(doors["c:badge"]?.access == .private && doors["c:badge"]?.isEntrance == false)
        #expect(doors["c:exit"]?.isEntrance == true && doors["c:exit"]?.access == AccessRestriction.no)
    }

    @Test(arguments: [("open", DoorType.opening), ("swinging", .swinging), ("sliding", .sliding), ("revolving", .revolving),
                      ("movablepartition", .folding), ("shutter", .sliding)])
    func doorTypes(imdf: String, model: DoorType) throws {
        var fixture = F.standard()
        fixture.files["opening.geojson"] = F.collection([
            F.feature("d", "opening", #""category": "pedestrian", "level_id": "L1", "door": {"type": "\#(imdf)", "automatic": false}"#,
                      Self.line(4, 4, 6, 4)),
        ])
        let (venue, _) = try fixture.venue()
        #expect(venue.openings.first?.doorType == model && venue.openings.first?.isAutomatic == false)
    }

    @Test func outdoorLevelsAndLevelsWithoutABuilding() throws {
        var fixture = F.standard()
        fixture.files["level.geojson"] = F.collection([
            F.feature("L1", "level", #""ordinal": 0, "short_name": {"en": "1"}, "building_ids": ["bld"]"#),
            F.feature("L2", "level", #""ordinal": 1, "short_name": {"en": "2"}, "building_ids": ["bld", "ghost"]"#),
            F.feature("OUT", "level", #""ordinal": 0, "outdoor": true, "short_name": {"en": "Grounds"}, "building_ids": ["bld"]"#),
            F.feature("LOST", "level", #""ordinal": 0, "outdoor": false"#),
        ])
        fixture.files["amenity.geojson"] = F.collection([
            F.feature("bench", "amenity", #""category": "seating", "unit_ids": ["yard"]"#, Self.point(60, 60)),
        ])
        fixture.files["unit.geojson"] = fixture.files["unit.geojson"].map { text in
            text.replacingOccurrences(of: "\n]}", with: ",\n" + F.feature("yard", "unit", #""category": "unenclosedarea", "level_id": "OUT""#,
                                                                          F.rectangle(50, 50, 70, 70)) + "\n]}")
        }
        let (venue, issues) = try fixture.venue()
        #expect(venue.spaces.first { $0.id == "c:yard" }?.levelIDs == [Level.outdoorID])
        #expect(venue.levels.map(\.id) == ["bld@0", "bld@1", Level.outdoorID], "an outdoor level of a building is no storey of it")
        #expect(venue.pointsOfInterest.first { $0.id == "c:bench" }?.levelID == Level.outdoorID)
        #expect(issues.contains { $0.code == .unknownReference && $0.location?.feature == "L2" && $0.message.contains("ghost") })
        #expect(issues.contains { $0.code == .levelWithoutBuilding && $0.location?.feature == "LOST" })
    }

    @Test func levelsThatCannotBeUsedAreErrorsReportedOnce() {
        var duplicate = F.standard()
        duplicate.files["level.geojson"] = duplicate.files["level.geojson"]?.replacingOccurrences(of: #""ordinal": 1"#, with: #""ordinal": 0"#)
        #expect(duplicate.errors().contains { $0.contains("(feature L2): building bld has two levels with ordinal 0") })

        var noOrdinal = F.standard()
        noOrdinal.files["level.geojson"] = noOrdinal.files["level.geojson"]?.replacingOccurrences(of: #""ordinal": 1, "#, with: "")
        // The level is reported; the four units and the anchor on it are not reported again.
        #expect(noOrdinal.errors() == ["campus/level.geojson:3:1 (feature L2): a level needs a numeric ordinal"])
    }

    @Test func aManifestOfAnotherVersionIsReadWithAWarning() throws {
        var fixture = F.standard()
        fixture.files["manifest.json"] = #"{"version": "2.0.0", "language": "ru"}"#
        let data = try fixture.readFolder()
        #expect(data.issues.contains { $0.code == .imdfVersion && $0.location?.file == "campus/manifest.json" })
        #expect(data.spaces.first { $0.feature.id == "c:room1" }?.feature.name == "Кабинет 101", "names in the manifest's language")
    }

    @Test func referencesToMissingUnitsAreReported() throws {
        var fixture = F.standard()
        fixture.files["amenity.geojson"] = F.collection([
            F.feature("atm", "amenity", #""category": "atm", "unit_ids": ["nope"]"#, Self.point(20, 2)),
        ])
        fixture.files["anchor.geojson"] = F.collection([F.feature("anc", "anchor", #""unit_id": "gone""#, Self.point(5, 8))])
        let (venue, issues) = try fixture.venue()
        let references = issues.filter { $0.code == .unknownReference }
        #expect(references.map { $0.location?.feature } == ["atm", "anc"])
        #expect(references[0].message.contains("unit nope") && references[1].message.contains("unit gone"))
        #expect(venue.pointsOfInterest.count == 2, "both are still searchable, placed outdoors")
    }
}

/// IMDF relationships: every category, ends that are units or openings, direction and hours.
@Suite struct IMDFRelationshipTests {
    typealias F = IMDFFixture

    static func fixture(_ relationships: [String]) -> IMDFFixture {
        var fixture = F.standard()
        fixture.files["opening.geojson"] = F.collection([
            F.feature("liftdoor1", "opening", #""category": "pedestrian", "level_id": "L1""#, IMDFFeatureTypeTests.line(36, 4, 38, 4)),
            F.feature("liftdoor2", "opening", #""category": "pedestrian", "level_id": "L2""#, IMDFFeatureTypeTests.line(36, 4, 38, 4)),
        ])
        fixture.files["relationship.geojson"] = F.collection(relationships)
        return fixture
    }

    static func relationship(_ id: String, _ properties: String, _ geometry: String = "null") -> String {
        F.feature(id, "relationship", properties, geometry)
    }

    @Test func everyVerticalCategoryBecomesAConnector() throws {
        let ends = #""origin": {"id": "stairs1", "feature_type": "unit"}, "destination": {"id": "stairs2", "feature_type": "unit"}"#
        let fixture = Self.fixture([
            Self.relationship("e", #""category": "elevator", "origin": {"id": "liftdoor1", "feature_type": "opening"}, "destination": {"id": "liftdoor2", "feature_type": "opening"}, "hours": "Mo-Fr 07:00-22:00", "name": {"en": "Lift A", "ru": "Лифт А"}"#),
            Self.relationship("s", #""category": "stairs", \#(ends)"#),
            Self.relationship("r", #""category": "ramp", \#(ends)"#),
            Self.relationship("m", #""category": "movingwalkway", "direction": "directed", "origin": {"id": "stairs2", "feature_type": "unit"}, "destination": {"id": "stairs1", "feature_type": "unit"}"#),
        ])
        let (venue, issues) = try fixture.venue()
        #expect(venue.connectors.map(\.kind) == [.elevator, .stairs, .ramp, .ramp])
        #expect(venue.connectors.allSatisfy { $0.levelIDs == ["bld@0", "bld@1"] })
        let lift = venue.connectors[0]
        #expect(lift.openingHours == "Mo-Fr 07:00-22:00" && lift.name == "Lift A" && lift.localizedNames["ru"] == "Лифт А")
        #expect(lift.direction == .both)
        #expect(venue.connectors[3].direction == .down, "directed from level 2 to level 1")
        #expect(!issues.contains { $0.code == .connectorInferred }, "relationships given: nothing is inferred")
    }

    @Test func intermediaryEndsAddTheirLevels() throws {
        var fixture = Self.fixture([
            Self.relationship("e", #""category": "elevator", "origin": {"id": "lift1", "feature_type": "unit"}, "intermediary": [{"id": "lift2", "feature_type": "unit"}], "destination": {"id": "lift3", "feature_type": "unit"}"#),
        ])
        fixture.files["level.geojson"] = fixture.files["level.geojson"].map { text in
            text.replacingOccurrences(of: "\n]}", with: ",\n" + F.feature("L3", "level", #""ordinal": 2, "short_name": {"en": "3"}, "building_ids": ["bld"]"#) + "\n]}")
        }
        fixture.files["unit.geojson"] = fixture.files["unit.geojson"].map { text in
            text.replacingOccurrences(of: "\n]}", with: ",\n" + F.feature("lift3", "unit", #""category": "elevator", "level_id": "L3""#, F.rectangle(36, 4, 38, 6)) + "\n]}")
        }
        let (venue, _) = try fixture.venue()
        #expect(venue.connectors.map(\.levelIDs) == [["bld@0", "bld@1", "bld@2"]])
    }

    @Test func traversalsArePaths() throws {
        let fixture = Self.fixture([
            Self.relationship("t", #""category": "traversal", "direction": "directed", "hours": "24/7", "origin": {"id": "walk1", "feature_type": "unit"}, "destination": {"id": "room1", "feature_type": "unit"}"#,
                              IMDFFeatureTypeTests.line(5, 2, 5, 8)),
            Self.relationship("tp", #""category": "traversal.path", "origin": {"id": "liftdoor2", "feature_type": "opening"}"#,
                              IMDFFeatureTypeTests.line(37, 4, 20, 2)),
        ])
        let (venue, _) = try fixture.venue()
        #expect(venue.paths.map(\.id) == ["c:t", "c:tp"])
        #expect(venue.paths.map(\.levelID) == ["bld@0", "bld@1"])
        #expect(venue.paths[0].isOneWay && venue.paths[0].openingHours == "24/7" && venue.paths[0].kind == .corridor)
        #expect(!venue.paths[1].isOneWay)
    }

    @Test func brokenRelationshipsAreReportedAndLeftOut() throws {
        let fixture = Self.fixture([
            Self.relationship("ghost", #""category": "stairs", "origin": {"id": "nowhere", "feature_type": "unit"}, "destination": {"id": "stairs2", "feature_type": "unit"}"#),
            Self.relationship("flat", #""category": "stairs", "origin": {"id": "walk1", "feature_type": "unit"}, "destination": {"id": "room1", "feature_type": "unit"}"#),
            Self.relationship("odd", #""category": "teleporter""#),
            Self.relationship("noline", #""category": "traversal", "origin": {"id": "walk1", "feature_type": "unit"}"#),
        ])
        let (venue, issues) = try fixture.venue()
        #expect(venue.connectors.isEmpty && venue.paths.isEmpty)
        let found = issues.filter { [.unknownReference, .connectorSingleLevel, .unknownCategory, .badGeometry].contains($0.code) }
        #expect(found.map(\.code) == [.unknownReference, .connectorSingleLevel, .connectorSingleLevel, .unknownCategory, .badGeometry])
        #expect(found.map { $0.location?.feature } == ["ghost", "ghost", "flat", "odd", "noline"])
        #expect(found[0].message.contains("unit nowhere"))
    }
}
