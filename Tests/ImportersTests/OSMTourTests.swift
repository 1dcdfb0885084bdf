import Foundation
import Testing
@testable import Importers
import VenueModel

/// Route relations read as tours (docs/osm-tagging.md#tours).
@Suite struct OSMTourTests {
    /// The position of a fixture node at (x, y) metres.
    func at(_ x: Double, _ y: Double) -> Coordinate {
        OSMFixture.projection.unproject(PlanarPoint(x: x, y: y))
    }

    /// Nodes 100...105 along y = 0 every 10 m, and three footways over them: way 10 from 100 to
    /// 102, way 11 drawn backwards from 104 to 102, way 12 from 104 to 105.
    func threeWays() -> OSMFixture {
        var osm = OSMFixture()
        for index in 0...5 { osm.node(100 + index, Double(index) * 10, 0) }
        osm.way(10, [100, 101, 102], ["highway": "footway"])
        osm.way(11, [104, 103, 102], ["highway": "footway"])
        osm.way(12, [104, 105], ["highway": "footway"])
        return osm
    }

    /// Whether two lines agree to within the precision OSM files write positions in.
    func same(_ line: [Coordinate], _ expected: [Coordinate]) -> Bool {
        line.count == expected.count && zip(line, expected).allSatisfy {
            abs($0.latitude - $1.latitude) < 1e-7 && abs($0.longitude - $1.longitude) < 1e-7
        }
    }

    func tourIssues(_ data: ImportedData) -> [VenueModel.Issue] {
        data.issues.filter { $0.code == .tourIncomplete }
    }

    @Test func chainsMemberWaysEndToEndTurningTheReversedOne() throws {
        var osm = threeWays()
        osm.node(106, 0, 10)
        osm.way(13, [102, 106], ["highway": "footway"])
        osm.relation(50, [("way", 10, ""), ("node", 106, "start"), ("way", 11, ""), ("way", 13, "alternative"),
                          ("way", 12, "")],
                     ["type": "route", "route": "running", "name": "Campus Run", "ref": "CR"])
        let data = try osm.importData()
        #expect(tourIssues(data).isEmpty)
        let pending = try #require(data.tours.first)
        #expect(data.tours.count == 1)
        let tour = pending.tour
        #expect(tour.id == "f:relation/50" && tour.name == "Campus Run" && tour.kind == .running)
        #expect(tour.source.feature == "relation/50" && tour.source.file == "fixture.osm")
        // Six vertices: the shared ends 102 and 104 once each; the alternative way is not walked.
        #expect(same(tour.coordinates, (0...5).map { at(Double($0) * 10, 0) }))
        #expect(pending.levels.allSatisfy { $0.building == nil && $0.value == nil })
        #expect(pending.levels.map(\.location.feature) == ["way/10", "way/10", "way/10", "way/11", "way/11", "way/12"])
        // The ways stay paths as drawn.
        #expect(data.paths.count == 4)
    }

    @Test func turnsAFirstWayDrawnAgainstTheRoute() throws {
        var osm = threeWays()
        osm.way(20, [102, 101, 100], ["highway": "footway"])
        osm.relation(50, [("way", 20, ""), ("way", 11, "forward"), ("way", 12, "main")],
                     ["type": "route", "route": "foot", "ref": "R1"])
        let data = try osm.importData()
        let tour = try #require(data.tours.first?.tour)
        #expect(tour.name == "R1" && tour.kind == .foot)
        #expect(same(tour.coordinates, (0...5).map { at(Double($0) * 10, 0) }))
    }

    @Test func missingMembersAndGapsAreReportedOncePerTour() throws {
        var osm = threeWays()
        osm.relation(51, [("way", 10, ""), ("way", 998, ""), ("way", 999, ""), ("way", 12, "")],
                     ["type": "route", "route": "hiking"])
        let data = try osm.importData()
        let tour = try #require(data.tours.first?.tour)
        // Named by its id without name or ref; the pieces kept in member order.
        #expect(tour.name == "relation/51" && tour.kind == .hiking)
        #expect(same(tour.coordinates, [at(0, 0), at(10, 0), at(20, 0), at(40, 0), at(50, 0)]))
        let issues = tourIssues(data)
        #expect(issues.count == 2)
        #expect(issues.allSatisfy { $0.location?.feature == "relation/51" && $0.severity == .warning })
        #expect(issues[0].message.contains("2 member ways are not in the file (way/998, way/999)"))
        #expect(issues[1].message.contains("between way/10 and way/12"))
        // Where the gap opens: the end of way/10.
        #expect(issues[1].coordinate.map { same([$0], [at(20, 0)]) } == true)
    }

    @Test func aRelationWithoutUsableWaysIsLeftOut() throws {
        var osm = threeWays()
        osm.relation(52, [("way", 997, ""), ("node", 100, "")], ["type": "route", "route": "fitness_trail", "name": "Trim"])
        let data = try osm.importData()
        #expect(data.tours.isEmpty)
        let issues = tourIssues(data)
        #expect(issues.count == 1)
        #expect(issues.first?.message.contains("relation/52 (tour 'Trim') has no member way") == true)
        #expect(issues.first?.message.contains("way/997") == true && issues.first?.message.hasSuffix("it is left out") == true)
    }

    @Test func routesNotWalkedAreNoTours() throws {
        var osm = threeWays()
        osm.relation(53, [("way", 10, ""), ("way", 11, "")], ["type": "route", "route": "bicycle", "name": "Cycle"])
        osm.relation(54, [("way", 10, "")], ["type": "route", "route": "bus"])
        osm.relation(55, [("way", 10, "")], ["type": "route_master", "route": "hiking"])
        let data = try osm.importData()
        #expect(data.tours.isEmpty && tourIssues(data).isEmpty)
    }

    @Test func verticesTakeTheLevelsOfTheirWaysAndALevelledRouteIsRead() throws {
        var osm = OSMFixture.building()
        osm.node(100, 5, 5)
        osm.node(101, 10, 5)
        osm.node(102, 15, 5)
        osm.node(103, 50, 5)
        osm.way(10, [100, 101], ["highway": "corridor", "level": "1"])
        osm.way(11, [101, 102], ["indoor": "pathway", "level": "1"])
        // Outside the building and without a level: outdoors, though not a walkway.
        osm.way(12, [102, 103], ["barrier": "fence"])
        osm.relation(56, [("way", 10, ""), ("way", 11, ""), ("way", 12, "")],
                     ["type": "route", "route": "foot", "name": "Indoors and out", "level": "1"])
        let data = try osm.importData()
        #expect(!data.issues.contains { $0.code == .notModelled })
        let pending = try #require(data.tours.first)
        #expect(pending.levels.map(\.building) == ["B", "B", "B", nil])
        #expect(pending.levels.map(\.value) == ["1", "1", "1", nil])

        let (venue, issues) = try osm.venue()
        #expect(!issues.contains { $0.code == .unknownLevel })
        #expect(venue.tours.first?.levelIDs == ["B@1", "B@1", "B@1", Level.outdoorID])
    }
}
