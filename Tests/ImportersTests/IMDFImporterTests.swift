import Foundation
import Testing
@testable import Importers
import VenueModel

@Suite struct IMDFImporterTests {

    @Test func readsEveryFeatureType() throws {
        let (venue, issues) = try IMDFFixture.standard().venue()
        let building = try #require(venue.buildings.first)
        #expect(building.id == "bld" && building.name == "Main building")
        #expect(building.address == "Polytechnicheskaya 29, 195251 St. Petersburg, RU" && building.footprint != nil)
        #expect(venue.levels.map(\.id) == ["bld@0", "bld@1"] && venue.levels.map(\.name) == ["1", "2"])

        let kinds = Dictionary(uniqueKeysWithValues: venue.spaces.map { ($0.id, $0.kind) })
        #expect(kinds["c:walk1"] == .corridor && kinds["c:room1"] == .room && kinds["c:stairs1"] == .stairs && kinds["c:lift1"] == .elevator)
        let room = try #require(venue.spaces.first { $0.id == "c:room1" })
        #expect(room.name == "Classroom 101" && room.localizedNames == ["en": "Classroom 101", "ru": "Кабинет 101"])
        #expect(room.category == "classroom" && room.accessibility.wheelchair == .yes && room.levelIDs == ["bld@0"])
        #expect(venue.spaces.first { $0.id == "c:stairs1" }?.access == .private)
        #expect(venue.spaces.first { $0.id == "c:room2" }?.ref == "201", "the occupant's short name becomes the unit's ref")

        let door = try #require(venue.openings.first { $0.id == "c:door1" })
        #expect(door.doorType == .sliding && door.isAutomatic == true && !door.isEntrance && door.line?.count == 2)
        #expect(venue.openings.first { $0.id == "c:main" }.map { $0.isEntrance && $0.isMainEntrance } == true)
        #expect(venue.openings.first { $0.id == "c:door1" }?.isMainEntrance == false)

        #expect(venue.pointsOfInterest.map(\.name) == ["Cash machine", "Dean's office"])
        #expect(venue.pointsOfInterest[0].levelID == "bld@0" && venue.pointsOfInterest[0].openingHours == "24/7")
        #expect(venue.pointsOfInterest[1].levelID == "bld@1" && venue.pointsOfInterest[1].contact.phone == "+7 812 000")

        // No relationships: the overlapping stairwells and lift shafts become connectors.
        #expect(venue.connectors.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.elevator, .stairs])
        #expect(venue.connectors.allSatisfy { $0.levelIDs == ["bld@0", "bld@1"] })
        #expect(issues.filter { $0.code == .connectorInferred }.count == 2)
        #expect(issues.filter { $0.code == .unknownProperty }.map(\.message)
            == ["1 occupant features carry 'shortName', which IMDF does not define (the first is occ)"])
        #expect(issues.first { $0.code == .unknownProperty }?.location?.feature == "occ")
    }

    @Test func aTopFloorLandingDrawnAroundTheFlightContinuesTheStairwell() throws {
        var fixture = IMDFFixture.standard()
        // Level 2's stairwell is a U around the opening the flight from level 1 rises through: it
        // holds neither the lower unit's area nor its display point, but all four of its corners.
        let u = [(30.0, 4.0), (29, 4), (29, 11), (35, 11), (35, 4), (34, 4), (34, 10), (30, 10), (30, 4)]
            .map { IMDFFixture.position($0.0, $0.1) }.joined(separator: ", ")
        func upperStairs(_ geometry: String) -> String {
            IMDFFixture.feature("stairs2", "unit", #""category": "stairs", "level_id": "L2", "restriction": "restricted""#, geometry)
        }
        let drawn = upperStairs(IMDFFixture.rectangle(30, 4, 34, 10))
        let units = try #require(fixture.files["unit.geojson"])
        #expect(units.contains(drawn))
        fixture.files["unit.geojson"] = units.replacingOccurrences(of: drawn, with: upperStairs(#"{"type": "Polygon", "coordinates": [[\#(u)]]}"#))
        let (venue, issues) = try fixture.venue()
        #expect(venue.spaces.first { $0.id == "c:stairs2" }?.geometry.polygons.first?.exterior.count == 9, "the U replaced the rectangle")
        let stairs = try #require(venue.connectors.first { $0.kind == .stairs })
        #expect(stairs.levelIDs == ["bld@0", "bld@1"])
        #expect(issues.filter { $0.code == .connectorInferred }.count == 2)

        // Two stairwells that merely share a wall are not one staircase.
        fixture.files["unit.geojson"] = units.replacingOccurrences(of: drawn, with: upperStairs(IMDFFixture.rectangle(34, 4, 36, 10)))
        #expect(try fixture.venue().venue.connectors.filter { $0.kind == .stairs }.isEmpty)

        // Not even when the lower one has a third corner along that wall (a T-junction).
        let lower = IMDFFixture.feature("stairs1", "unit", #""category": "stairs", "level_id": "L1", "restriction": "restricted""#,
                                        IMDFFixture.rectangle(30, 4, 34, 10))
        #expect(units.contains(lower))
        let tee = [(30.0, 4.0), (34, 4), (34, 7), (34, 10), (30, 10), (30, 4)].map { IMDFFixture.position($0.0, $0.1) }
            .joined(separator: ", ")
        fixture.files["unit.geojson"] = units
            .replacingOccurrences(of: drawn, with: upperStairs(IMDFFixture.rectangle(34, 4, 36, 10)))
            .replacingOccurrences(of: lower, with: IMDFFixture.feature("stairs1", "unit", #""category": "stairs", "level_id": "L1", "restriction": "restricted""#,
                                                                   #"{"type": "Polygon", "coordinates": [[\#(tee)]]}"#))
        #expect(try fixture.venue().venue.connectors.filter { $0.kind == .stairs }.isEmpty)
    }

    @Test func aZipArchiveReadsLikeTheFolder() throws {
        let fixture = IMDFFixture.standard()
        let fromFolder = try VenueAssembler(venueID: "v", venueName: "V").assemble([fixture.readFolder()]).venue
        let fromArchive = try VenueAssembler(venueID: "v", venueName: "V").assemble([fixture.readArchive()]).venue
        #expect(fromFolder.spaces.map(\.id) == fromArchive.spaces.map(\.id))
        #expect(fromFolder.openings.map(\.location) == fromArchive.openings.map(\.location))
    }

    @Test func realWorldQuirksAreWarnings() throws {
        var fixture = IMDFFixture.standard()
        fixture.files["opening.geojson"] = IMDFFixture.collection([
            IMDFFixture.feature("d", "opening", #""category": "automobile", "unit_categoty": "classroom", "level_id": "L1""#,
                                #"{"type": "LineString", "coordinates": [\#(IMDFFixture.position(4, 4)), \#(IMDFFixture.position(6, 4))]}"#),
        ])
        fixture.files["unit.geojson"] = fixture.files["unit.geojson"]?.replacingOccurrences(of: #""category": "classroom""#,
                                                                                             with: #""category": "wardrobe""#)
        fixture.files["navPath.geojson"] = IMDFFixture.collection([])
        let data = try fixture.readFolder()
        let codes = data.issues.filter { $0.severity == .warning }.map(\.code)
        #expect(codes.contains(.openingCategory) && codes.contains(.unknownProperty) && codes.contains(.unknownFile))
        #expect(data.issues.contains { $0.message.contains("'unit_categoty'") && $0.location?.file == "campus/opening.geojson"
            && $0.location?.feature == "d" })
        #expect(data.issues.contains { $0.code == .openingCategory && $0.location?.feature == "d" && $0.message.hasPrefix("1 openings") })
        #expect(data.issues.filter { $0.code == .unknownCategory }.count == 2)
        #expect(data.issues.contains { $0.code == .unknownFile && $0.message.hasPrefix("navPath.geojson") })
        #expect(data.openings.count == 1)
    }

    @Test func aFeatureOnAMissingLevelIsAnError() {
        var fixture = IMDFFixture.standard()
        fixture.files["amenity.geojson"] = nil
        fixture.files["unit.geojson"] = IMDFFixture.collection([
            IMDFFixture.feature("lost", "unit", #""category": "classroom", "level_id": "L9""#, IMDFFixture.rectangle(0, 0, 5, 5)),
        ])
        let found = fixture.errors()
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("campus/unit.geojson:2:1 (feature lost):") == true)
        #expect(found.first?.contains("level L9, which level.geojson does not have") == true)
    }

    @Test func invalidJSONNamesFileLineAndColumn() {
        var fixture = IMDFFixture.standard()
        fixture.files["level.geojson"] = "{\"type\": \"FeatureCollection\",\n \"features\": [}"
        // One error: features on the unreadable levels are not each reported again.
        #expect(fixture.errors() == ["campus/level.geojson:2:15: expected a value, found '}'"])
    }

    @Test func aDeliveryWithoutManifestOrIDsIsRefused() {
        var noManifest = IMDFFixture.standard()
        noManifest.files["manifest.json"] = nil
        #expect(noManifest.errors().contains { $0.contains("manifest.json is missing") })
        var noID = IMDFFixture.standard()
        noID.files["amenity.geojson"] = #"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": null}]}"#
        #expect(noID.errors().contains { $0.contains("an IMDF feature needs a string id") })
    }

    @Test func hostileArchivesAreRefused() throws {
        // Valid IMDF contents, so only the path itself can be the reason for refusing.
        for (name, reason) in [("../unit.geojson", "climbs out"), ("/etc/unit.geojson", "absolute path")] {
            var writer = ZipTestWriter()
            writer.add("manifest.json", #"{"version": "1.0.0"}"#)
            writer.add(name, IMDFFixture.collection([]))
            let url = try writer.write()
            defer { try? FileManager.default.removeItem(at: url) }
            do {
                _ = try IMDFImporter.read(url, displayName: "campus.zip", inputID: "c", options: IMDFImportOptions())
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.problems.first?.message.contains(reason) == true, "\(error.problems)")
                #expect(error.problems.first?.location?.file == "campus.zip")
            }
        }
        var link = ZipTestWriter()
        link.entries.append(.init(name: "unit.geojson", contents: Data("/etc/passwd".utf8), isSymlink: true))
        let linked = try link.write()
        defer { try? FileManager.default.removeItem(at: linked) }
        do {
            _ = try IMDFImporter.read(linked, displayName: "campus.zip", inputID: "c", options: IMDFImportOptions())
            Issue.record("expected an error")
        } catch let failure {
            #expect(failure.problems.first?.message.contains("symbolic link") == true)
        }
    }

    @Test func relationshipsSayWhichUnitsConnect() throws {
        var fixture = IMDFFixture.standard()
        fixture.files["relationship.geojson"] = IMDFFixture.collection([
            IMDFFixture.feature("rel", "relationship", #""category": "escalator", "direction": "directed", "origin": {"id": "stairs1", "feature_type": "unit"}, "destination": {"id": "stairs2", "feature_type": "unit"}"#),
        ])
        let venue = try fixture.venue().venue
        #expect(venue.connectors.map(\.kind) == [.escalator])
        #expect(venue.connectors.first?.direction == .up && venue.connectors.first?.levelIDs == ["bld@0", "bld@1"])
    }
}
