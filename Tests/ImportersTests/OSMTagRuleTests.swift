import Foundation
import Testing
@testable import Importers

/// The tag rules of docs/osm-tagging.md that `OSMInterpreterTests` leaves out, one fixture each.
@Suite struct OSMTagRuleTests {
    /// Two nodes 10 m apart outdoors (60, 61) for walkway fixtures.
    static func outdoorPair() -> OSMFixture {
        var osm = OSMFixture.building()
        osm.node(60, 50, 0)
        osm.node(61, 60, 0)
        return osm
    }

    @Test func levelOutlinesNameTheirLevels() throws {
        var osm = OSMFixture.building()
        osm.rectangle(10, firstNode: 10, 0, 0, 40, 20, ["indoor": "level", "level": "1", "level:ref": "1. OG"])
        osm.rectangle(11, firstNode: 20, 0, 0, 40, 20, ["indoor": "level", "level": "2", "level_name": "Second"])
        osm.rectangle(12, firstNode: 30, 1, 1, 9, 9, ["indoor": "room", "level": "1"])
        let (venue, issues) = try osm.venue()
        #expect(issues.isEmpty)
        let names = Dictionary(uniqueKeysWithValues: venue.levels.map { ($0.id, $0.name) })
        #expect(names["B@1"] == "1. OG" && names["B@2"] == "Second" && names["B@0"] == .some(nil))
        #expect(venue.spaces.count == 1, "a level outline is a name, not a space")
    }

    @Test func indoorPathwaysAndIndoorYesWaysOnOneLevelArePaths() throws {
        var osm = OSMFixture.building()
        osm.node(70, 1, 10)
        osm.node(71, 9, 10)
        osm.node(72, 1, 11)
        osm.node(73, 9, 11)
        osm.way(20, [70, 71], ["indoor": "pathway", "level": "1"])
        osm.way(21, [72, 73], ["indoor": "yes", "level": "0"])
        let (venue, issues) = try osm.venue()
        #expect(issues.isEmpty)
        #expect(venue.paths.map(\.kind) == [.corridor, .corridor])
        #expect(venue.paths.map(\.levelID) == ["B@1", "B@0"])
        #expect(venue.connectors.isEmpty, "one level: a path, not a flight")
    }

    @Test func closedIndoorYesWaysAreAreasNotWalkways() throws {
        var osm = OSMFixture.building()
        osm.rectangle(10, firstNode: 10, 1, 1, 3, 3, ["indoor": "yes", "level": "0", "tourism": "artwork", "name": "Bubbles"])
        osm.rectangle(11, firstNode: 20, 5, 1, 7, 3, ["indoor": "yes", "level": "0"])
        let (venue, issues) = try osm.venue()
        #expect(venue.paths.isEmpty)
        #expect(venue.pointsOfInterest.map(\.name) == ["Bubbles"])
        #expect(venue.pointsOfInterest.first?.category == "artwork" && venue.pointsOfInterest.first?.levelID == "B@0")
        #expect(issues.map(\.code) == [.notModelled] && issues.first?.location?.feature == "way/11")
    }

    @Test func walkwayKinds() throws {
        var osm = Self.outdoorPair()
        osm.way(20, [60, 61], ["highway": "path"])
        osm.way(21, [60, 61], ["highway": "pedestrian"])
        osm.way(22, [60, 61], ["highway": "cycleway"])
        osm.way(23, [60, 61], ["highway": "cycleway", "foot": "no"])
        osm.way(24, [60, 61], ["highway": "footway", "footway": "crossing"])
        osm.way(25, [60, 61], ["highway": "bridleway"])
        osm.way(26, [60, 61], ["highway": "construction"])
        let (venue, _) = try osm.venue()
        #expect(venue.paths.map(\.kind) == [.path, .pedestrian, .path, .crossing, .path])
        #expect(venue.paths.map(\.source.feature) == ["way/20", "way/21", "way/22", "way/24", "way/25"])
    }

    @Test func oneWayOnFoot() throws {
        var osm = Self.outdoorPair()
        osm.way(20, [60, 61], ["highway": "footway", "oneway:foot": "yes"])
        osm.way(21, [60, 61], ["highway": "service", "oneway": "yes", "oneway:foot": "yes"])
        osm.way(22, [60, 61], ["highway": "footway", "oneway": "yes", "oneway:foot": "no"])
        let (venue, _) = try osm.venue()
        #expect(venue.paths.map(\.isOneWay) == [true, true, false])
    }

    @Test func accessibilityTagsInAllTheirForms() throws {
        var osm = Self.outdoorPair()
        osm.way(20, [60, 61], ["highway": "footway", "wheelchair": "designated", "handrail:left": "yes",
                               "kerb:height": "4 cm", "access": "staff"])
        osm.way(21, [60, 61], ["highway": "footway", "handrail:right": "no", "kerb": "raised", "access": "students"])
        osm.way(22, [60, 61], ["highway": "footway", "access": "yes", "foot": "private", "kerb": "flush"])
        let (venue, issues) = try osm.venue()
        #expect(issues.isEmpty)
        let paths = venue.paths
        #expect(paths[0].accessibility.wheelchair == .designated && paths[0].accessibility.handrail == true)
        #expect(paths[0].accessibility.kerbHeight == 0.04 && paths[0].access == .employees)
        #expect(paths[1].accessibility.handrail == false && paths[1].accessibility.kerbHeight == 0.12)
        #expect(paths[1].access == .students)
        #expect(paths[2].access == .private && paths[2].accessibility.kerbHeight == 0)
    }

    @Test func pointsOfInterestFromToiletsOfficesAndNamedIndoorNodes() throws {
        var osm = OSMFixture.building()
        osm.node(50, 5, 5, ["toilets": "yes", "level": "0", "toilets:wheelchair": "yes"])
        osm.node(51, 6, 5, ["office": "university", "ref": "1.07", "name": "Dean", "level": "1"])
        osm.node(52, 7, 5, ["name": "Info point", "level": "0"])
        osm.node(53, 8, 5, ["name": "A tree"])
        let (venue, _) = try osm.venue()
        #expect(venue.pointsOfInterest.map(\.name) == ["Toilets", "Dean", "Info point"])
        #expect(venue.pointsOfInterest.map(\.category) == ["toilets", "university", "poi"])
        #expect(venue.pointsOfInterest[1].ref == "1.07" && venue.pointsOfInterest[1].levelID == "B@1")
    }

    @Test func localisedNamesOfBuildingsDoorsAndConnectors() throws {
        var osm = OSMFixture.building(["name": "Hauptgebäude", "name:en": "Main building"])
        osm.node(50, 0, 10, ["entrance": "main", "name": "Haupteingang", "name:en": "Main entrance"])
        osm.node(51, 30, 15, ["highway": "elevator", "level": "0;1", "name": "Aufzug", "name:en": "Lift"])
        let (venue, _) = try osm.venue()
        #expect(venue.buildings.first?.localizedNames == ["en": "Main building"])
        #expect(venue.openings.first?.localizedNames == ["en": "Main entrance"])
        #expect(venue.connectors.first?.localizedNames == ["en": "Lift"])
    }

    @Test func liftsDrawnAsAreasWithoutIndoorTag() throws {
        var osm = OSMFixture.building()
        osm.rectangle(10, firstNode: 10, 1, 1, 3, 3, ["highway": "elevator", "level": "0;2", "name": "Lift"])
        let (venue, issues) = try osm.venue()
        #expect(issues.isEmpty)
        #expect(venue.spaces.map(\.kind) == [.elevator])
        #expect(venue.connectors.map(\.kind) == [.elevator] && venue.connectors[0].levelIDs == ["B@0", "B@2"])
    }

    @Test func rampsBesideStepsAndRampWalkways() throws {
        var osm = Self.outdoorPair()
        osm.way(20, [60, 61], ["highway": "steps", "ramp": "yes"])
        osm.way(21, [60, 61], ["highway": "steps", "ramp:stroller": "yes", "wheelchair": "limited"])
        osm.way(22, [60, 61], ["highway": "steps", "ramp": "no"])
        osm.way(23, [60, 61], ["highway": "footway", "ramp": "yes", "incline": "5%"])
        let (venue, _) = try osm.venue()
        #expect(venue.paths.map(\.kind) == [.ramp, .ramp, .steps, .ramp])
        #expect(venue.paths[0].accessibility.wheelchair == .no, "a push ramp beside steps is no wheelchair ramp")
        #expect(venue.paths[1].accessibility.wheelchair == .limited)
        #expect(venue.paths[3].accessibility.incline == 5)
    }

    @Test func movingWalkwaysRunOneWay() throws {
        var osm = Self.outdoorPair()
        osm.way(20, [60, 61], ["highway": "footway", "conveying": "forward", "level": "0"])
        osm.way(21, [60, 61], ["highway": "footway", "conveying": "backward", "level": "0"])
        osm.way(22, [60, 61], ["highway": "footway", "conveying": "reversible", "level": "0"])
        osm.way(23, [60, 61], ["highway": "footway", "conveying": "sideways", "level": "0"])
        let (venue, issues) = try osm.venue()
        #expect(venue.paths.map(\.isOneWay) == [true, true, false, false])
        #expect(venue.paths[0].vertexRefs == ["node/60", "node/61"])
        #expect(venue.paths[1].vertexRefs == ["node/61", "node/60"], "backward runs against the drawing")
        #expect(venue.paths[1].coordinates.first == venue.paths[0].coordinates.last)
        #expect(issues.map(\.message) == ["way/23: conveying=sideways is not understood: expected yes, forward, backward, reversible or no"])
    }

    @Test func brokenStructureIsReported() throws {
        var osm = OSMFixture.building()
        osm.node(60, 50, 0)
        osm.node(60, 51, 0)
        osm.node(61, 60, 0)
        osm.way(20, [60], ["highway": "footway"])
        osm.way(21, [60, 61], ["highway": "footway"])
        osm.relation(1, [("way", 21, "outer"), ("way", 999, "outer")], ["type": "multipolygon", "indoor": "area", "level": "0"])
        let data = try osm.importData()
        // Walkways are read before areas, so the relation's findings come last.
        #expect(data.issues.map(\.code) == [.duplicateElement, .shortWay, .missingMember, .openOutline])
        #expect(data.issues.map { $0.location?.feature } == ["node/60", "way/20", "relation/1", "relation/1"])
        #expect(data.issues[2].message.contains("way/999"))
        #expect(data.paths.count == 1)
    }
}
