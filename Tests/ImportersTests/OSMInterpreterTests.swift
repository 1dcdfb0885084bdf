import Foundation
import Testing
@testable import Importers
import VenueModel

/// One fixture per tag rule of docs/osm-tagging.md.
@Suite struct OSMInterpreterTests {
    func codes(_ issues: [VenueModel.Issue]) -> [FindingCode] {
        issues.map(\.code)
    }

    @Test func roomsCorridorsAreasAndWalls() throws {
        var osm = OSMFixture.building()
        osm.rectangle(10, firstNode: 10, 1, 1, 9, 9, ["indoor": "room", "level": "1", "ref": "1.01", "name": "Labor",
                                                      "name:en": "Lab", "capacity": "24", "wheelchair": "limited"])
        osm.rectangle(11, firstNode: 20, 10, 1, 30, 4, ["indoor": "corridor", "level": "1", "ref": "F1"])
        osm.rectangle(12, firstNode: 30, 10, 5, 20, 9, ["indoor": "area", "level": "0"])
        osm.rectangle(13, firstNode: 40, 21, 5, 22, 6, ["indoor": "wall", "level": "0"])
        let (venue, issues) = try osm.venue()
        #expect(issues.isEmpty)
        #expect(venue.spaces.map(\.kind) == [.room, .corridor, .area, .obstacle])
        let lab = venue.spaces[0]
        #expect(lab.id == "f:way/10" && lab.ref == "1.01" && lab.name == "Labor" && lab.localizedNames == ["en": "Lab"])
        #expect(lab.capacity == 24 && lab.accessibility.wheelchair == .limited && lab.levelIDs == ["B@1"])
        #expect(lab.buildingID == "B" && lab.source.feature == "way/10" && lab.source.file == "fixture.osm")
    }

    @Test func levelListsRangesDecimalsAndRepeatOn() throws {
        var osm = OSMFixture.building(["non_existent_levels": "2"])
        osm.rectangle(10, firstNode: 10, 1, 1, 9, 9, ["indoor": "room", "level": "0;1"])
        osm.rectangle(11, firstNode: 20, 10, 1, 19, 9, ["indoor": "room", "level": "0.5"])
        osm.rectangle(12, firstNode: 30, 20, 1, 29, 9, ["indoor": "corridor", "level": "-1", "repeat_on": "1"])
        osm.rectangle(13, firstNode: 40, 30, 1, 39, 9, ["indoor": "area", "level": "-1-3"])
        let (venue, _) = try osm.venue()
        #expect(venue.levels.map(\.id) == ["B@-1", "B@0", "B@0.5", "B@1", "B@3"])
        #expect(venue.spaces.map(\.levelIDs) == [["B@0", "B@1"], ["B@0.5"], ["B@-1", "B@1"],
                                                   ["B@-1", "B@0", "B@0.5", "B@1", "B@3"]])
    }

    @Test func featuresOnALevelSaidNotToExistKeepItWithAWarning() throws {
        var osm = OSMFixture.building(["non_existent_levels": "2"])
        osm.rectangle(10, firstNode: 10, 1, 1, 9, 9, ["indoor": "room", "level": "2"])
        let (venue, issues) = try osm.venue()
        #expect(codes(issues) == [.levelNotExistent])
        #expect(venue.spaces.first?.levelIDs == ["B@2"])
    }

    @Test func buildingLevelsCountStoreysAboveGround() throws {
        var osm = OSMFixture()
        osm.rectangle(1, firstNode: 1, 0, 0, 40, 20, ["building": "yes", "building:levels": "3", "name": "Annex"])
        let (venue, _) = try osm.venue()
        #expect(venue.buildings.map(\.id) == ["way-1"] && venue.buildings[0].name == "Annex")
        #expect(venue.levels.map(\.ordinal) == [0, 1, 2])
    }

    @Test func valuesThatAreNotUnderstoodAreReported() throws {
        var osm = OSMFixture.building()
        osm.rectangle(10, firstNode: 10, 1, 1, 9, 9, ["indoor": "room", "level": "GF"])
        osm.rectangle(11, firstNode: 20, 10, 1, 19, 9, ["indoor": "room", "level": "1", "width": "wide"])
        osm.node(50, 30, 1, ["highway": "elevator"])
        osm.node(51, 31, 1, ["highway": "elevator", "level": "2"])
        osm.node(52, 1, 5, ["door": "hinged", "level": "EG"])
        osm.rectangle(12, firstNode: 60, 20, 1, 29, 9, ["indoor": "room", "level": "-1000000-1000000"])
        let data = try osm.importData()
        // A level that cannot be read leaves the element out of the map: an error. Other values
        // lose only themselves: a warning.
        // Nodes are read before areas.
        #expect(codes(data.issues) == [.elevatorWithoutLevels, .elevatorWithoutLevels, .unknownLevel,
                                       .invalidTag, .unknownLevel, .unknownLevel])
        #expect(data.issues.filter { $0.code == .unknownLevel }.allSatisfy { $0.severity == .error })
        #expect(data.issues.filter { $0.code != .unknownLevel }.allSatisfy { $0.severity == .warning })
        #expect(data.issues[2].message == "way/10: level=GF is not a level value: 'GF' is neither a number nor a range like -1-3; the element cannot be placed")
        #expect(data.issues.contains { $0.message == "way/12: level=-1000000-1000000 is not a level value: levels lie between -200 and 200; the element cannot be placed" })
        #expect(data.issues.contains { $0.location?.feature == "node/52" && $0.message.contains("level=EG") })
        #expect(data.openings.isEmpty, "a door whose level is not understood is not guessed")
        #expect(data.issues[2].location?.feature == "way/10")
        #expect(data.issues[3].message.contains("width=wide"))
        #expect(data.issues[0].location?.feature == "node/50")
        // The room with a bad level cannot be placed; the one with a bad width keeps everything else.
        #expect(data.spaces.map(\.feature.id) == ["f:way/11"])
        #expect(data.spaces[0].feature.accessibility.width == nil)
    }

    @Test func unclosedAreasAndMissingLevelsAreReported() throws {
        var osm = OSMFixture.building()
        osm.node(10, 1, 1)
        osm.node(11, 5, 1)
        osm.node(12, 5, 5)
        osm.way(10, [10, 11, 12], ["indoor": "room", "level": "0"])
        osm.rectangle(11, firstNode: 20, 10, 1, 19, 9, ["indoor": "room"])
        let data = try osm.importData()
        #expect(codes(data.issues) == [.openOutline, .missingLevel])
        #expect(data.spaces.isEmpty)
    }

    @Test func multipolygonsJoinTheirWaysAndKeepHoles() throws {
        var osm = OSMFixture.building()
        osm.node(10, 1, 1)
        osm.node(11, 19, 1)
        osm.node(12, 19, 19)
        osm.node(13, 1, 19)
        osm.way(10, [10, 11, 12], [:])
        osm.way(11, [10, 13, 12], [:])
        osm.rectangle(12, firstNode: 20, 5, 5, 8, 8, [:])
        osm.relation(1, [("way", 10, "outer"), ("way", 11, "outer"), ("way", 12, "inner")],
                     ["type": "multipolygon", "indoor": "area", "level": "0", "name": "Foyer", "ref": "E100"])
        let (venue, issues) = try osm.venue()
        #expect(issues.isEmpty)
        let foyer = try #require(venue.spaces.first)
        #expect(foyer.ref == "E100" && foyer.kind == .area && foyer.source.feature == "relation/1")
        guard case .polygon(let polygon) = foyer.geometry else {
            Issue.record("expected one polygon")
            return
        }
        #expect(polygon.exterior.count == 5 && polygon.holes.count == 1)
    }

    @Test func doorsAndEntrances() throws {
        var osm = OSMFixture.building()
        osm.rectangle(10, firstNode: 10, 1, 1, 9, 9, ["indoor": "room", "level": "1"])
        osm.node(50, 5, 1, ["door": "sliding", "level": "1", "width": "0.9", "automatic_door": "button", "wheelchair": "yes"])
        osm.node(51, 0, 10, ["entrance": "main", "door": "revolving", "level": "0", "access": "private"])
        osm.node(52, 0, 12, ["entrance": "emergency", "door": "hinged", "level": "0"])
        osm.node(53, 20, 10, ["door": "no", "level": "-1", "repeat_on": "1-3"])
        osm.node(54, 0, 14, ["entrance": "yes"])
        osm.node(55, 9, 5, ["door": "banana", "level": "1"])
        let (venue, issues) = try osm.venue()
        #expect(codes(issues) == [.invalidTag])
        #expect(issues[0].message.contains("door=banana"))
        let doors = Dictionary(uniqueKeysWithValues: venue.openings.map { ($0.source.feature ?? "", $0) })
        let sliding = try #require(doors["node/50"])
        #expect(sliding.doorType == .sliding && sliding.isAutomatic == true && sliding.accessibility.width == 0.9)
        #expect(sliding.accessibility.wheelchair == .yes && !sliding.isEntrance && sliding.levelIDs == ["B@1"])
        let main = try #require(doors["node/51"])
        #expect(main.isEntrance && main.doorType == .revolving && main.access == .private && main.isMainEntrance)
        #expect(doors["node/54"]?.isMainEntrance == false && doors["node/52"]?.isMainEntrance == false)
        #expect(doors["node/52"]?.access == AccessRestriction.no)
        #expect(doors["node/53"]?.doorType == .opening)
        #expect(doors["node/53"]?.levelIDs == ["B@-1", "B@1", "B@2", "B@3"])
        #expect(doors["node/54"]?.levelIDs == ["B@0"], "an entrance without a level opens onto the ground floor")
        #expect(doors["node/55"]?.doorType == nil)
    }

    @Test func doorsWithoutLevelsTakeTheLevelOfTheirOutline() throws {
        var osm = OSMFixture.building()
        osm.node(10, 1, 1)
        osm.node(11, 9, 1, ["door": "hinged"])
        osm.node(12, 9, 9)
        osm.node(13, 1, 9)
        osm.way(10, [10, 11, 12, 13, 10], ["indoor": "room", "level": "2"])
        osm.node(20, 30, 5, ["door": "hinged"])
        let data = try osm.importData()
        #expect(data.openings.map(\.levels.value) == ["2"])
        #expect(codes(data.issues) == [.missingLevel])
        #expect(data.issues[0].location?.feature == "node/20")
    }

    @Test func flightsBetweenLevelsBecomeConnectors() throws {
        var osm = OSMFixture.building()
        osm.node(10, 1, 1)
        osm.node(11, 1, 5)
        osm.way(10, [10, 11], ["highway": "steps", "level": "0;1", "step_count": "18", "handrail": "yes"])
        osm.node(12, 2, 1)
        osm.node(13, 2, 5)
        osm.way(11, [12, 13], ["indoor": "pathway", "level": "1-2"])
        osm.node(14, 3, 1)
        osm.node(15, 3, 5)
        osm.way(12, [14, 15], ["highway": "steps", "conveying": "forward", "level": "0;1"])
        let data = try osm.importData()
        #expect(data.connectors.map(\.feature.kind) == [.stairs, .stairs, .escalator])
        #expect(data.connectors[0].feature.stepCount == 18 && data.connectors[0].feature.accessibility.handrail == true)
        #expect(data.connectors[0].levels.value == "0;1" && data.connectors[1].levels.value == "1-2")
        #expect(data.paths.isEmpty)
    }

    @Test func liftsAsNodesAndAsRoomsAndStairwells() throws {
        var osm = OSMFixture.building()
        osm.node(50, 30, 15, ["highway": "elevator", "level": "0-3", "wheelchair": "yes"])
        osm.rectangle(10, firstNode: 10, 1, 1, 4, 4, ["indoor": "room", "highway": "elevator", "level": "0-3", "ref": "Aufzug1"])
        osm.rectangle(11, firstNode: 20, 5, 1, 9, 4, ["indoor": "area", "stairs": "yes", "level": "-1-3", "ref": "TR01"])
        let (venue, _) = try osm.venue()
        #expect(venue.spaces.map(\.kind) == [.elevator, .stairs])
        // Nodes are read before areas: the lift node first, then the lift room and the stairwell.
        #expect(venue.connectors.map(\.kind) == [.elevator, .elevator, .stairs])
        #expect(venue.connectors[0].accessibility.wheelchair == .yes)
        #expect(venue.connectors[0].landings.map(\.ordinal) == [0, 1, 2, 3])
        #expect(venue.connectors[0].landings.allSatisfy { $0.vertexRef == "node/50" })
        #expect(venue.connectors[1].levelIDs == ["B@0", "B@1", "B@2", "B@3"])
        #expect(venue.connectors[1].landings.isEmpty, "a lift room's landings are found in the room")
        #expect(venue.connectors[2].levelIDs == ["B@-1", "B@0", "B@1", "B@2", "B@3"])
    }

    @Test func pathsOutdoorsAndIndoorsWithAccessibility() throws {
        var osm = OSMFixture.building()
        osm.node(60, 50, 0)
        osm.node(61, 60, 0, ["kerb": "lowered"])
        osm.way(20, [60, 61], ["highway": "footway", "surface": "paving_stones", "smoothness": "good", "lit": "yes",
                               "tactile_paving": "yes", "width": "2.5", "incline": "-6%", "kerb": "lowered"])
        osm.node(62, 60, 10)
        osm.way(21, [61, 62], ["highway": "steps", "step_count": "7", "ramp:wheelchair": "yes", "incline": "up"])
        osm.node(63, 70, 10)
        osm.way(22, [62, 63], ["highway": "residential", "oneway": "yes", "name": "Main Street"])
        osm.way(23, [60, 63], ["highway": "motorway"])
        osm.node(64, 5, 5)
        osm.node(65, 15, 5)
        osm.way(24, [64, 65], ["highway": "corridor", "level": "1", "oneway": "yes"])
        let (venue, issues) = try osm.venue()
        #expect(issues.isEmpty)
        #expect(venue.paths.map(\.kind) == [.footway, .ramp, .street, .corridor])
        let footway = venue.paths[0]
        #expect(footway.levelID == Level.outdoorID && footway.vertexRefs == ["node/60", "node/61"])
        #expect(footway.accessibility == Accessibility(lit: true, surface: "paving_stones", smoothness: "good", width: 2.5,
                                                       incline: -6, kerbHeight: 0.02, tactilePaving: true))
        // The ramp beside the steps is what is walked: the steps' count is not climbed on it.
        #expect(venue.paths[1].stepCount == nil && venue.paths[1].accessibility.wheelchair == .yes)
        #expect(venue.paths[1].accessibility.inclineDirection == .up)
        #expect(!venue.paths[2].isOneWay, "a street's oneway binds vehicles, not pedestrians")
        #expect(venue.paths[3].isOneWay && venue.paths[3].levelID == "B@1")
    }

    @Test func litSaysWhenAndAccessForWhom() throws {
        var osm = OSMFixture.building()
        osm.node(60, 50, 0)
        osm.node(61, 60, 0)
        osm.way(20, [60, 61], ["highway": "footway", "lit": "24/7"])
        osm.way(21, [60, 61], ["highway": "path", "lit": "sunset-sunrise", "access": "agricultural"])
        osm.way(22, [60, 61], ["highway": "track", "access": "forestry", "foot": "yes", "lit": "disused"])
        osm.way(23, [60, 61], ["highway": "footway", "lit": "sometimes"])
        let (venue, issues) = try osm.venue()
        #expect(venue.paths.map(\.accessibility.lit) == [true, true, false, nil])
        #expect(venue.paths.map(\.access) == [nil, .no, .yes, nil], "foot wins over access")
        #expect(issues.map(\.message) == ["way/23: lit=sometimes is not understood: expected yes or no"])
    }

    @Test func pointsOfInterest() throws {
        var osm = OSMFixture.building()
        osm.node(50, 5, 5, ["amenity": "vending_machine", "name": "Snacks", "name:en": "Snacks", "level": "0",
                            "opening_hours": "Mo-Fr 07:00-20:00", "contact:phone": "+49 351 1", "website": "https://example.org"])
        osm.node(51, 6, 5, ["amenity": "waste_basket", "level": "0"])
        osm.node(52, 7, 5, ["shop": "kiosk", "level": "0;1"])
        osm.node(53, 100, 100, ["amenity": "bicycle_parking", "capacity": "20"])
        let (venue, _) = try osm.venue()
        #expect(venue.pointsOfInterest.map(\.name) == ["Snacks", "Kiosk", "Bicycle parking"])
        let snacks = venue.pointsOfInterest[0]
        #expect(snacks.category == "vending_machine" && snacks.openingHours == "Mo-Fr 07:00-20:00")
        #expect(snacks.contact == Contact(phone: "+49 351 1", website: "https://example.org"))
        #expect(snacks.localizedNames == ["en": "Snacks"] && snacks.levelID == "B@0")
        #expect(venue.pointsOfInterest[1].levelID == "B@0", "a point of interest lies on the first level it names")
        #expect(venue.pointsOfInterest[2].levelID == Level.outdoorID)
    }

    @Test func aPointOfInterestTakesItsGeofenceRadiusFromItsTag() throws {
        var osm = OSMFixture.building()
        osm.node(50, 5, 5, ["amenity": "cafe", "name": "Café", "level": "0", "geofence_radius": "25 m"])
        osm.node(51, 6, 5, ["amenity": "atm", "level": "0", "geofence_radius": "near"])
        osm.node(52, 7, 5, ["amenity": "atm", "level": "0"])
        let (venue, issues) = try osm.venue()
        #expect(venue.pointsOfInterest.map(\.geofenceRadius) == [25, nil, nil])
        // A radius that is not a length is named, and the point is kept with the default.
        #expect(codes(issues) == [.invalidTag] && issues[0].message.contains("node/51"), "\(issues)")
    }

    @Test func waysMissingANodeAreUsedWithoutIt() throws {
        var osm = OSMFixture()
        osm.node(1, 0, 0)
        osm.node(2, 10, 0)
        osm.way(1, [1, 99, 2], ["highway": "footway"])
        let data = try osm.importData()
        #expect(codes(data.issues) == [.missingNode])
        #expect(data.issues[0].message.contains("node/99"))
        #expect(data.paths.first?.feature.coordinates.count == 2)
    }

    @Test func levelledFeaturesOutsideEveryBuildingFormOneNamedAfterTheInput() throws {
        var osm = OSMFixture()
        osm.node(1, 0, 0)
        osm.node(2, 10, 0)
        osm.way(1, [1, 2], ["highway": "footway", "level": "-1"])
        let (venue, _) = try osm.venue()
        #expect(venue.buildings.map(\.id) == ["f"])
        #expect(venue.paths.first?.levelID == "f@-1")
    }
}
