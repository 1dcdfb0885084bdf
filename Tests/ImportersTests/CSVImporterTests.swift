import Foundation
import Testing
@testable import Importers
import VenueModel

@Suite struct CSVImporterTests {
    func read(_ text: String, _ table: CSVImportOptions.Table, building: String? = nil) throws(ImportError) -> ImportedData {
        try CSVImporter.read(Data(text.utf8), file: "t.csv", inputID: "t",
                             options: CSVImportOptions(table: table, building: building))
    }

    func errors(_ text: String, _ table: CSVImportOptions.Table) -> [String] {
        do {
            _ = try read(text, table)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func readsBuildingsWithLevelsNamesAndFootprint() throws {
        let data = try read("""
            ref,name,levels,level_names,footprint
            A,Main,-1-2,"-1=Basement;0=Ground",\"POLYGON((11.58 48.15, 11.581 48.15, 11.581 48.151, 11.58 48.15))\"
            B,Library,0;0.5;1,,
            """, .buildings)
        #expect(data.buildings.count == 2)
        let main = data.buildings[0]
        #expect(main.building.id == "A" && main.building.name == "Main")
        #expect(main.levels.map(\.ordinal) == [-1, 0, 1, 2])
        #expect(main.levels.map(\.name) == ["Basement", "Ground", nil, nil])
        #expect(main.building.footprint?.exterior.count == 4)
        #expect(main.building.source.line == 2)
        #expect(data.buildings[1].levels.map(\.ordinal) == [0, 0.5, 1])
    }

    @Test func readsRoomsAsPolygonsOrPoints() throws {
        let data = try read("""
            building,level,ref,name,capacity,wheelchair,lat,lon,wkt
            A,0,A.0.01,Seminar,30,yes,,,"POLYGON((11.58 48.15, 11.581 48.15, 11.581 48.151, 11.58 48.15))"
            A,1,A.1.01,Office,,,48.15,11.58,
            """, .rooms)
        #expect(data.spaces.count == 2)
        let seminar = data.spaces[0].feature
        #expect(seminar.id == "t:A.0.01" && seminar.capacity == 30 && seminar.accessibility.wheelchair == .yes)
        #expect(seminar.geometry.polygons.count == 1)
        #expect(data.spaces[0].levels == LevelReference(building: "A", value: "0",
                                                        location: VenueModel.SourceLocation(file: "t.csv", line: 2, column: 3)))
        #expect(data.spaces[1].feature.geometry == .point(Coordinate(latitude: 48.15, longitude: 11.58)))
    }

    @Test func reportsEveryBadCellWithItsPosition() {
        let found = errors("""
            building,level,ref,capacity,wheelchair,lat,lon
            A,0,A.0.01,lots,yes,48.15,11.58
            A,0,A.0.02,12,perhaps,48.15,11.58
            A,0,A.0.03,12,yes,48.15,
            A,0,A.0.04,-6,yes,48.15,11.58
            """, .rooms)
        #expect(found == [
            "t.csv:2:12: capacity: 'lots' is not a whole number",
            "t.csv:3:15: wheelchair: 'perhaps' is not one of yes, limited, no, designated",
            "t.csv:4:19: lat is given without lon",
            "t.csv:5:12: capacity: '-6' is negative; a count must be 0 or more",
        ])
    }

    @Test func namesMissingColumns() {
        let found = errors("name,capacity\nx,1\n", .rooms)
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("t.csv:1"))
        #expect(found[0].contains("ref") && found[0].contains("building"))
    }

    @Test func refusesPolygonsWithTooFewPoints() {
        let found = errors("""
            building,ref,wkt
            A,A.1,"POLYGON((11.58 48.15, 11.581 48.15, 11.58 48.15))"
            """, .rooms)
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("t.csv:2:7 (feature A.1): "))
        #expect(found[0].contains("at least 4 positions"))
    }

    @Test func everyRefusedOutlineNamesFileLineAndFeature() {
        let found = errors("""
            building,ref,wkt
            A,A.1,"POLYGON((11.58 48.15, 11.581 48.15, 11.581 48.151, 11.58 48.151))"
            A,A.2,"POLYGON((11.58 48.15, 11.581 48.15 3, 11.581 48.151, 11.58 48.15))"
            A,A.3,"LINESTRING(11.58 48.15, 11.581 48.15)"
            A,A.4,"POLYGON((11.58 48.15, 181 48.15, 11.581 48.151, 11.58 48.15))"
            A,A.5,"GEOMETRYCOLLECTION(POINT(11.58 48.15))"
            A,A.6,POINT(11.58 91)
            """, .rooms)
        #expect(found == [
            "t.csv:2:7 (feature A.1): invalid WKT in column 'wkt': GEOS: points of LinearRing do not form a closed linestring",
            "t.csv:3:43 (feature A.2): invalid WKT in column 'wkt': found a third coordinate '3' at offset 35; "
                + "only 2D positions (x y) are supported",
            "t.csv:4:7 (feature A.3): a room cannot be a LINESTRING; give a POLYGON, MULTIPOLYGON or POINT",
            "t.csv:5:7 (feature A.4): position (181.0, 48.15) is outside WGS 84 bounds",
            "t.csv:6:8 (feature A.5): invalid WKT in column 'wkt': unsupported geometry type 'GEOMETRYCOLLECTION' at offset 0; "
                + "expected POINT, LINESTRING, POLYGON or MULTIPOLYGON",
            "t.csv:7:7 (feature A.6): position (11.58, 91.0) is outside WGS 84 bounds",
        ])
    }

    @Test func aRefusedFootprintNamesItsBuilding() {
        let found = errors("""
            ref,levels,footprint
            A,0,"POLYGON((11.58 48.15, 11.581 48.15, 11.581 48.151, 11.58 48.15)) x"
            B,0,"POINT(11.58 48.15)"
            """, .buildings)
        #expect(found == [
            "t.csv:2:71 (feature A): invalid WKT in column 'footprint': unexpected 'x' at offset 65 after the end of the geometry",
            "t.csv:3:5 (feature B): footprint must be a POLYGON, found POINT",
        ])
    }

    @Test func readsPointsOfInterestAndEvents() throws {
        let pois = try read("""
            ref,name,category,opening_hours,email,geofence_radius,building,level,room,lat,lon
            CAFE,Café,cafe,Mo-Fr 08:00-16:00,cafe@example.org,12 m,A,0,A.0.01,48.15,11.58
            BUS,Bus stop,bus_stop,,,,,,,48.149,11.579
            """, .pois)
        #expect(pois.pointsOfInterest.count == 2)
        let cafe = pois.pointsOfInterest[0].feature
        #expect(cafe.id == "t:CAFE" && cafe.geofenceRadius == 12 && cafe.contact.email == "cafe@example.org")
        #expect(cafe.roomRef == "A.0.01")
        #expect(pois.pointsOfInterest[1].levels.building == nil)

        let events = try read("""
            id,place,title,start,end
            E1,A.0.01,Lecture,2026-12-01T10:15:00+01:00,2026-12-01T11:45:00Z
            """, .events)
        #expect(events.events.first?.start == 1_796_116_500)
        #expect(events.events.first?.end == 1_796_125_500)
    }

    @Test func refusesEventTimesWithoutOffsetOrEndingEarly() {
        let found = errors("""
            place,title,start,end
            A.0.01,Lecture,2026-12-01T10:15:00,2026-12-01T11:45:00Z
            A.0.01,Lecture,2026-12-01T10:15:00Z,2026-12-01T09:00:00Z
            """, .events)
        #expect(found.count == 2)
        #expect(found[0].hasPrefix("t.csv:2:16:") && found[0].contains("offset"))
        #expect(found[1].hasPrefix("t.csv:3:37:") && found[1].contains("before it starts"))
    }

    @Test func notesColumnsItDoesNotRead() throws {
        let data = try read("ref,levels,colour\nA,0,red\n", .buildings)
        #expect(data.issues.map(\.code) == [.unusedColumn])
        #expect(data.issues[0].message.contains("'colour'"))
    }

    @Test func malformedCSVNamesThePlace() {
        let found = errors("ref,levels\nA,\"0\n", .buildings)
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("t.csv:2:3:"))
    }
}
