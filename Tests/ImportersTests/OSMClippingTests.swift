import Foundation
import Testing
@testable import Importers
import VenueModel

/// `within:` keeps what lies in an area of a larger extract, and says what it left out.
@Suite struct OSMClippingTests {
    static let projection = OSMFixture.projection

    /// The box from (x0, y0) to (x1, y1) metres of the fixture grid, in degrees.
    static func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> OSMClipArea {
        let southWest = projection.unproject(PlanarPoint(x: x0, y: y0))
        let northEast = projection.unproject(PlanarPoint(x: x1, y: y1))
        return .box(south: southWest.latitude, west: southWest.longitude, north: northEast.latitude, east: northEast.longitude)
    }

    func dataset(_ fixture: OSMFixture) throws -> OSMDataset {
        let url = try CompressionTestWriter.write(Data(fixture.xml.utf8), extension: "osm")
        defer { try? FileManager.default.removeItem(at: url) }
        return try OSMImporter.readDataset(url, displayName: "city.osm", encoding: nil)
    }

    func clipped(_ fixture: OSMFixture, to area: OSMClipArea) throws -> OSMDataset {
        var dataset = try dataset(fixture)
        try dataset.clip(to: area, file: "city.osm")
        return dataset
    }

    func clipFailure(_ fixture: OSMFixture, to area: OSMClipArea) throws -> ImportError? {
        var dataset = try dataset(fixture)
        do {
            try dataset.clip(to: area, file: "city.osm")
            return nil
        } catch {
            return error
        }
    }

    /// Around the box 0..50 × 0..50 m: elements inside, outside, across and around it.
    static var city: OSMFixture {
        var fixture = OSMFixture()
        fixture.node(1, 10, 10, ["name": "Kiosk"])                    // inside
        fixture.node(2, 100, 100, ["name": "Far"])                    // outside
        fixture.node(3, 40, 40)                                       // inside
        fixture.node(4, 80, 40)                                       // outside, on way 10
        fixture.node(7, 90, 45, ["door": "yes"])                      // outside, on way 10
        fixture.way(10, [3, 4, 7], ["highway": "footway"])            // kept whole: node 3 is inside
        fixture.node(5, 100, 0)
        fixture.node(6, 120, 0)
        fixture.way(11, [5, 6], ["highway": "footway"])               // outside
        fixture.node(8, -10, 25)
        fixture.node(9, 60, 25)
        fixture.way(13, [8, 9], ["highway": "footway"])               // crosses without a node inside: left out
        fixture.rectangle(12, firstNode: 20, -100, -100, 200, 200, ["building": "train_station"])  // around the box
        fixture.rectangle(14, firstNode: 30, -10, 20, 60, 30, ["indoor": "corridor"])            // a band across it
        fixture.rectangle(15, firstNode: 40, 300, 300, 400, 400, ["building": "yes"])             // far away
        // A multipolygon around the whole box, and one far away.
        fixture.rectangle(31, firstNode: 50, -200, -200, 300, 300, [:])
        fixture.relation(30, [("way", 31, "outer")], ["type": "multipolygon", "landuse": "railway"])
        fixture.rectangle(33, firstNode: 60, 500, 500, 600, 600, [:])
        fixture.relation(32, [("way", 33, "outer")], ["type": "multipolygon", "building": "yes"])
        fixture.relation(40, [("node", 2, ""), ("way", 11, "")], ["type": "site"])   // all outside
        fixture.relation(41, [("node", 1, ""), ("node", 2, "")], ["type": "site"])   // a member inside
        fixture.relation(42, [("relation", 41, "")], ["type": "group"])               // parent of a kept relation
        return fixture
    }

    @Test func aBoxKeepsWhatLiesInIt() throws {
        let dataset = try clipped(Self.city, to: Self.box(0, 0, 50, 50))
        #expect(dataset.taggedNodes.map(\.id) == [1, 7], "the door is kept as a node of a kept way")
        #expect(dataset.ways.map(\.id) == [10, 12, 14, 31])
        #expect(dataset.relations.map(\.id) == [30, 41, 42])
        #expect(dataset.positions[4] != nil && dataset.positions[7] != nil, "a kept way keeps all its nodes")
        #expect(dataset.positions[2] == nil && dataset.positions[5] == nil && dataset.positions[8] == nil)
        #expect((20...23).allSatisfy { dataset.positions[Int64($0)] != nil } && (50...53).allSatisfy { dataset.positions[Int64($0)] != nil })
        let summary = try #require(dataset.clipping)
        #expect(summary.keptNodes == 16 && summary.keptWays == 4 && summary.keptRelations == 3)
        #expect(summary.leftOutNodes == 13 && summary.leftOutWays == 4 && summary.leftOutRelations == 2)
    }

    /// A right triangle (0,0) (100,0) (0,100): (20,20) is inside, (70,70) only in its bounding box.
    static var triangle: OSMFixture {
        var fixture = OSMFixture()
        fixture.node(1, 0, 0)
        fixture.node(2, 100, 0)
        fixture.node(3, 0, 100)
        fixture.way(100, [1, 2, 3, 1], ["area": "yes"])
        fixture.node(10, 20, 20, ["name": "In"])
        fixture.node(11, 70, 70, ["name": "Corner"])
        fixture.node(12, 200, 200, ["name": "Out"])
        return fixture
    }

    @Test func theFindingCountsWhatWasLeftOut() throws {
        let url = try CompressionTestWriter.write(Data(Self.triangle.xml.utf8), extension: "osm")
        defer { try? FileManager.default.removeItem(at: url) }
        let data = try OSMImporter.read(url, displayName: "city.osm", inputID: "c",
                                        options: OSMImportOptions(within: .way(100)))
        let finding = try #require(data.issues.first { $0.code == .outsideWithin })
        #expect(finding.severity == .info)
        #expect(finding.location == SourceLocation(file: "city.osm", feature: "way/100"))
        #expect(finding.message == "within way/100 keeps 4 nodes, 1 way and 0 relations; left out 2 nodes, 0 ways and 0 relations outside it")
        let unclipped = try OSMImporter.read(url, displayName: "city.osm", inputID: "c", options: OSMImportOptions())
        #expect(!unclipped.issues.contains { $0.code == .outsideWithin })

        let box = try #require(try OSMImporter.read(url, displayName: "city.osm", inputID: "c",
                                                    options: OSMImportOptions(within: Self.box(-1, -1, 30, 30)))
            .issues.first { $0.code == .outsideWithin })
        #expect(box.location == SourceLocation(file: "city.osm"))
        #expect(box.message.hasPrefix("within box 51.02499"))
        #expect(box.message.hasSuffix("keeps 4 nodes, 1 way and 0 relations; left out 2 nodes, 0 ways and 0 relations outside it"))
    }

    @Test func aClosedWayClipsToItsShapeNotItsBox() throws {
        let dataset = try clipped(Self.triangle, to: .way(100))
        #expect(dataset.taggedNodes.map(\.id) == [10])
        #expect(dataset.ways.map(\.id) == [100], "the area itself is kept")
        #expect(dataset.clipping?.leftOutNodes == 2)
    }

    @Test func aMultipolygonLeavesItsHolesOut() throws {
        var fixture = OSMFixture()
        fixture.rectangle(201, firstNode: 1, 0, 0, 100, 100, [:])
        fixture.rectangle(202, firstNode: 5, 30, 30, 70, 70, [:])
        fixture.relation(200, [("way", 201, "outer"), ("way", 202, "inner")], ["type": "multipolygon", "area": "yes"])
        fixture.node(10, 10, 10, ["name": "In the ring"])
        fixture.node(11, 50, 50, ["name": "In the hole"])
        fixture.rectangle(203, firstNode: 20, 40, 40, 60, 60, ["indoor": "room"])    // inside the hole
        fixture.rectangle(204, firstNode: 30, 20, 20, 25, 25, ["indoor": "room"])    // in the ring
        fixture.node(12, 150, 50, ["name": "Outside"])
        let dataset = try clipped(fixture, to: .relation(200))
        #expect(dataset.taggedNodes.map(\.id) == [10])
        #expect(dataset.ways.map(\.id) == [201, 202, 204], "the area's own rings are kept")
        #expect(dataset.relations.map(\.id) == [200])
        #expect(dataset.clipping?.leftOutWays == 1 && dataset.clipping?.leftOutNodes == 6)
    }

    @Test func aBoundaryRelationIsAnAreaToo() throws {
        var fixture = OSMFixture()
        // Two halves of the outer ring, joined end to end.
        fixture.node(1, 0, 0)
        fixture.node(2, 100, 0)
        fixture.node(3, 100, 100)
        fixture.node(4, 0, 100)
        fixture.way(301, [1, 2, 3], [:])
        fixture.way(302, [3, 4, 1], [:])
        fixture.relation(300, [("way", 301, "outer"), ("way", 302, "outer")], ["type": "boundary", "boundary": "administrative"])
        fixture.node(10, 50, 50, ["name": "In"])
        fixture.node(11, 150, 50, ["name": "Out"])
        let dataset = try clipped(fixture, to: .relation(300))
        #expect(dataset.taggedNodes.map(\.id) == [10])
    }

    @Test func areasThatAreNotThereAreRefused() throws {
        var fixture = Self.city
        fixture.relation(50, [("way", 11, "")], ["type": "route", "route": "foot"])
        fixture.relation(51, [("way", 11, "outer")], ["type": "multipolygon"])
        fixture.relation(52, [("way", 999, "outer")], ["type": "multipolygon"])
        fixture.relation(53, [("way", 11, "outer")], [:])
        let cases: [(OSMClipArea, String)] = [
            (.way(999), "within way/999: the file has no way/999"),
            (.relation(999), "within relation/999: the file has no relation/999"),
            (.way(10), "within way/10: way/10 is not closed, so it encloses no area"),
            (.relation(50), "within relation/50: relation/50 is a type=route relation; only multipolygon and boundary relations enclose an area"),
            (.relation(53), "within relation/53: relation/53 is an untyped relation; only multipolygon and boundary relations enclose an area"),
            (.relation(51), "within relation/51: its member ways do not join into closed rings"),
            (.relation(52), "within relation/52: its member way/999 is not in the file"),
            (.box(south: 51.03, west: 13.72, north: 51.02, east: 13.73), "within box 51.03,13.72,51.02,13.73: south (51.03) must be less than north (51.02)"),
        ]
        for (area, message) in cases {
            let error = try clipFailure(fixture, to: area)
            #expect(error?.message == message)
            #expect(error?.location?.file == "city.osm")
        }
        #expect(try clipFailure(fixture, to: .way(999))?.location?.feature == "way/999")
    }

    @Test func anAreaWithAMissingNodeIsRefused() throws {
        var fixture = OSMFixture()
        fixture.node(1, 0, 0)
        fixture.node(2, 100, 0)
        fixture.way(100, [1, 2, 3, 1], [:])
        #expect(try clipFailure(fixture, to: .way(100))?.message == "within way/100: its node/3 is not in the file, so the area is unknown")
    }

    @Test func clippingImportsOnlyTheArea() throws {
        // Two buildings; the box holds one. The other's rooms never reach the venue.
        var fixture = OSMFixture.building()
        fixture.rectangle(10, firstNode: 10, 2, 2, 10, 8, ["indoor": "room", "level": "0", "ref": "A.01"])
        fixture.rectangle(20, firstNode: 20, 500, 0, 540, 20, ["building": "yes", "ref": "C", "min_level": "0", "max_level": "1"])
        fixture.rectangle(21, firstNode: 30, 502, 2, 510, 8, ["indoor": "room", "level": "0", "ref": "C.01"])
        let url = try CompressionTestWriter.write(Data(fixture.xml.utf8), extension: "osm")
        defer { try? FileManager.default.removeItem(at: url) }
        let whole = try OSMImporter.read(url, displayName: "city.osm", inputID: "c", options: OSMImportOptions())
        let clipped = try OSMImporter.read(url, displayName: "city.osm", inputID: "c",
                                           options: OSMImportOptions(within: Self.box(-5, -5, 45, 25)))
        #expect(whole.spaces.compactMap(\.feature.ref).sorted() == ["A.01", "C.01"])
        #expect(clipped.spaces.compactMap(\.feature.ref) == ["A.01"])
        #expect(clipped.buildings.count == 1)
        #expect(throws: ImportError.self) {
            _ = try OSMImporter.read(url, displayName: "city.osm", inputID: "c", options: OSMImportOptions(within: .way(77)))
        }
    }

    @Test(.enabled(if: SharedData.has("osm/tu-dresden-apb.osm.pbf") && SharedData.has("osm/tu-dresden-apb.osm"),
                   Comment(rawValue: SharedData.missingMessage)))
    func xmlAndPBFClipAlike() throws {
        var xml = try OSMImporter.readDataset(SharedData.file("osm/tu-dresden-apb.osm"), displayName: "apb", encoding: nil)
        var pbf = try OSMImporter.readDataset(SharedData.file("osm/tu-dresden-apb.osm.pbf"), displayName: "apb", encoding: nil)
        xml.finish()
        // A box over the western half of the data.
        let latitudes = xml.positions.coordinates.map(\.latitude)
        let longitudes = xml.positions.coordinates.map(\.longitude)
        let area = OSMClipArea.box(south: latitudes.min()!, west: longitudes.min()!, north: latitudes.max()!,
                                   east: (longitudes.min()! + longitudes.max()!) / 2)
        try xml.clip(to: area, file: "apb")
        try pbf.clip(to: area, file: "apb")
        #expect(xml.positions == pbf.positions && xml.taggedNodes == pbf.taggedNodes)
        #expect(xml.ways == pbf.ways && xml.relations == pbf.relations && xml.clipping == pbf.clipping)
        let summary = try #require(xml.clipping)
        #expect(summary.keptNodes > 0 && summary.leftOutNodes > 0 && summary.keptNodes + summary.leftOutNodes == 1956)
    }

    @Test(.enabled(if: SharedData.has("osm/heidelberg.osm.pbf"), Comment(rawValue: SharedData.missingMessage)))
    func aStationOutOfTheHeidelbergExtract() throws {
        var dataset = try OSMImporter.readDataset(SharedData.file("osm/heidelberg.osm.pbf"), displayName: "heidelberg", encoding: nil)
        let total = (nodes: dataset.nodeCount, ways: dataset.ways.count, relations: dataset.relations.count)
        try dataset.clip(to: .box(south: 49.400, west: 8.670, north: 49.407, east: 8.682), file: "heidelberg")
        let summary = try #require(dataset.clipping)
        #expect(summary.keptNodes + summary.leftOutNodes == total.nodes)
        #expect(summary.keptWays + summary.leftOutWays == total.ways)
        #expect(summary.keptRelations + summary.leftOutRelations == total.relations)
        #expect(summary.keptNodes > 1000 && summary.leftOutNodes > summary.keptNodes)
        #expect(dataset.nodeCount == summary.keptNodes && dataset.ways.count == summary.keptWays)
        // Every kept way has every node it had.
        #expect(dataset.ways.allSatisfy { way in way.nodeIDs.allSatisfy { dataset.positions[$0] != nil } })
    }
}
