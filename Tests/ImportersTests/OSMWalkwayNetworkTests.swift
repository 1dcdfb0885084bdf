import Foundation
import Testing
@testable import Importers
import VenueModel

/// The interpreter's rules for walkway-network maps (docs/osm-tagging.md), one fixture each.
@Suite struct OSMWalkwayNetworkTests {
    @Test func inclineOrdersTheEndsOfAFlightNothingElseTouches() throws {
        var osm = OSMFixture.building()
        osm.node(10, 5, 5)
        osm.node(11, 5, 9)
        osm.way(20, [10, 11], ["highway": "steps", "level": "0;1", "incline": "down"])
        let (venue, issues) = try osm.venue()
        #expect(issues.isEmpty, "\(issues)")
        // Drawn downwards: the first node is on the upper level.
        #expect(venue.connectors.first?.landings.map(\.levelID) == ["B@1", "B@0"])
        #expect(venue.connectors.first?.line?.count == 2)
    }

    @Test func aFlightWithNothingToOrderItStandsAtItsMiddle() throws {
        var osm = OSMFixture.building()
        osm.node(10, 5, 5)
        osm.node(11, 5, 9)
        osm.way(20, [10, 11], ["indoor": "pathway", "level": "1-2"])
        let (venue, _) = try osm.venue()
        let flight = try #require(venue.connectors.first)
        #expect(flight.landings.isEmpty && flight.line == nil, "Simple Indoor Tagging's flights in stairwells keep their old place")
        let middle = OSMFixture.projection.unproject(PlanarPoint(x: 5, y: 7))
        #expect(abs(flight.location.latitude - middle.latitude) < 1e-9 && abs(flight.location.longitude - middle.longitude) < 1e-9)
    }

    @Test func bothEndsOnOneLevelIsReported() throws {
        var osm = OSMFixture.building()
        osm.node(10, 1, 5)
        osm.node(11, 5, 5)
        osm.node(12, 9, 5)
        osm.node(13, 13, 5)
        osm.way(20, [10, 11], ["highway": "footway", "level": "0"])
        osm.way(21, [11, 12], ["highway": "steps", "level": "0;1"])
        osm.way(22, [12, 13], ["highway": "footway", "level": "0"])
        let data = try osm.importData()
        #expect(data.issues.map(\.code) == [.flightEndsOnOneLevel])
        #expect(data.connectors.first?.feature.landings.isEmpty == true)
    }

    @Test func aHalfLandingThatLeadsNowhereIsUndone() throws {
        var osm = OSMFixture.building()
        osm.node(10, 1, 5)
        osm.node(11, 5, 5)
        osm.node(12, 9, 5)
        osm.node(13, 9, 9)
        osm.way(20, [10, 11], ["highway": "footway", "level": "0"])
        // Two flights up from level 0 that meet at node 12 and go no further.
        osm.way(21, [11, 12], ["highway": "steps", "level": "0;1"])
        osm.node(14, 1, 9)
        osm.way(22, [14, 13], ["highway": "footway", "level": "0"])
        osm.way(23, [13, 12], ["highway": "steps", "level": "0;1"])
        let (venue, _) = try osm.venue()
        #expect(venue.connectors.count == 2)
        #expect(venue.connectors.allSatisfy { $0.landings.isEmpty }, "a landing both flights reach from level 0 only joins nothing")
    }

    @Test func repeatOnDrawsAWalkwayOnEachLevel() throws {
        var osm = OSMFixture.building()
        osm.node(10, 1, 5)
        osm.node(11, 9, 5)
        osm.way(20, [10, 11], ["highway": "corridor", "level": "1", "repeat_on": "2-3"])
        let (venue, _) = try osm.venue()
        #expect(venue.paths.map(\.levelID) == ["B@1", "B@2", "B@3"])
        #expect(venue.paths.map(\.id) == ["f:way/20@1", "f:way/20@2", "f:way/20@3"])
        #expect(venue.connectors.isEmpty, "repeat_on repeats a walkway; it is no flight")
    }

    @Test func aLiftShaftAroundALiftNodeIsNoSecondLift() throws {
        var osm = OSMFixture.building()
        osm.rectangle(10, firstNode: 10, 5, 5, 8, 8, ["indoor": "yes", "building:part": "elevator", "level": "0;1"])
        osm.node(20, 6.5, 6.5, ["highway": "elevator", "level": "0;1"])
        osm.rectangle(11, firstNode: 30, 20, 5, 23, 8, ["indoor": "yes", "building:part": "elevator", "level": "0;1"])
        let (venue, _) = try osm.venue()
        #expect(venue.spaces.map(\.kind) == [.elevator, .elevator])
        // The lift node is the first shaft's lift; the second shaft, with none, is a lift itself.
        #expect(venue.connectors.map(\.id) == ["f:node/20", "f:way/11#connector"])
    }

    @Test func stairwellsWithDrawnFlightsAreNoSecondStaircase() throws {
        var osm = OSMFixture.building()
        osm.rectangle(10, firstNode: 10, 5, 5, 15, 15, ["indoor": "room", "stairs": "yes", "level": "0;1"])
        osm.node(20, 1, 6)
        osm.node(21, 6, 6)
        osm.node(22, 14, 14)
        osm.node(23, 19, 14)
        osm.way(30, [20, 21], ["highway": "footway", "level": "0"])
        osm.way(31, [21, 22], ["highway": "steps", "level": "0;1"])
        osm.way(32, [22, 23], ["highway": "footway", "level": "1"])
        let (venue, _) = try osm.venue()
        #expect(venue.connectors.map(\.id) == ["f:way/31"])
        // Without the flight, the stairwell itself links its levels.
        var bare = OSMFixture.building()
        bare.rectangle(10, firstNode: 10, 5, 5, 15, 15, ["indoor": "room", "stairs": "yes", "level": "0;1"])
        #expect(try bare.venue().venue.connectors.map(\.id) == ["f:way/10#connector"])
    }

    @Test func featuresInACourtyardBelongToTheBuildingWhenTheyCarryItsLevels() throws {
        var osm = OSMFixture()
        // A station hall around an open courtyard (the track hall), levels -2 to 2.
        osm.node(1, 0, 0)
        osm.node(2, 60, 0)
        osm.node(3, 60, 40)
        osm.node(4, 0, 40)
        osm.node(5, 20, 10)
        osm.node(6, 40, 10)
        osm.node(7, 40, 30)
        osm.node(8, 20, 30)
        osm.way(10, [1, 2, 3, 4, 1], [:])
        osm.way(11, [5, 6, 7, 8, 5], [:])
        osm.relation(100, [("way", 10, "outer"), ("way", 11, "inner")],
                     ["type": "multipolygon", "building": "train_station", "ref": "HBF", "min_level": "-2", "max_level": "2"])
        osm.node(20, 25, 20)
        osm.node(21, 35, 20)
        osm.way(30, [20, 21], ["highway": "footway", "level": "-1"])
        osm.node(22, 25, 22)
        osm.node(23, 35, 22)
        osm.way(31, [22, 23], ["highway": "footway"])
        let (venue, _) = try osm.venue()
        #expect(venue.buildings.map(\.id) == ["HBF"], "no second building for the courtyard")
        #expect(venue.paths.map(\.levelID) == ["HBF@-1", Level.outdoorID])
    }

    @Test func stopPositionsNameUnnamedPlatformsAndStandAloneOtherwise() throws {
        var osm = OSMFixture()
        osm.rectangle(10, firstNode: 10, 0, 0, 60, 6, ["railway": "platform"])
        osm.node(20, 30, -2, ["public_transport": "stop_position", "local_ref": "Voie 4"])
        osm.rectangle(11, firstNode: 30, 0, 30, 60, 36, ["public_transport": "platform", "ref": "7"])
        // A stop of another track beside platform 7 (and far from the unnamed one), and a stop far
        // from any platform.
        osm.node(40, 30, 28, ["public_transport": "stop_position", "ref": "8"])
        osm.node(41, 200, 0, ["railway": "tram_stop", "ref": "12", "name": "Market"])
        osm.node(42, 30, 38, ["public_transport": "stop_position", "ref": "7"])
        let (venue, _) = try osm.venue()
        let places = venue.pointsOfInterest.map { "\($0.name)|\($0.ref ?? "-")|\($0.keywords.joined(separator: ","))" }
        #expect(places == ["Platform 4|4|Voie 4", "Platform 7|7|", "Platform 8|8|", "Platform 12|12|Market"])
        #expect(venue.spaces.map(\.name) == ["Platform 4", "Platform 7"])
    }

    @Test func aPlatformCutByTheExtractKeepsItsPlaces() throws {
        var osm = OSMFixture()
        osm.node(10, 0, 0)
        osm.node(11, 60, 0)
        osm.way(20, [10, 11, 99, 10], ["railway": "platform", "ref": "2;4", "level": "-3"])
        let data = try osm.importData()
        #expect(data.issues.map(\.code).contains(.openOutline))
        #expect(data.pointsOfInterest.map(\.feature.ref) == ["2", "4"])
        #expect(data.spaces.isEmpty)
    }

    @Test func levelledElementsNoRuleReadsAreNoted() throws {
        var osm = OSMFixture.building()
        osm.node(10, 1, 1)
        osm.node(11, 30, 1)
        osm.way(20, [10, 11], ["railway": "rail", "level": "-1"])
        osm.way(21, [11, 10], ["railway": "rail", "level": "-1"])
        osm.node(30, 5, 5, ["amenity": "bench", "level": "0"])
        osm.node(31, 6, 5, ["level": "0"])
        let data = try osm.importData()
        #expect(data.issues.map(\.code) == [.notModelled, .notModelled])
        #expect(data.issues.map(\.message) == [
            "1 element tagged amenity=bench with a level are not modelled and were left out (node/30)",
            "2 elements tagged railway=rail with a level are not modelled and were left out (way/20, way/21)",
        ])
    }

    @Test func doorValuesOfTheWikiAreRead() throws {
        var osm = OSMFixture.building()
        osm.node(10, 0, 5, ["door": "automatic", "entrance": "main"])
        osm.node(11, 0, 8, ["door": "overhead", "entrance": "yes"])
        osm.node(12, 0, 11, ["door": "trapdoor", "level": "0"])
        osm.node(13, 0, 14, ["railway": "train_station_entrance"])
        let data = try osm.importData()
        #expect(data.issues.isEmpty, "\(data.issues)")
        #expect(data.openings.map(\.feature.doorType) == [nil, .overhead, .trapdoor, nil])
        #expect(data.openings.map(\.feature.isAutomatic) == [true, nil, nil, nil])
        #expect(data.openings.map(\.feature.isEntrance) == [true, true, false, true])
        #expect(data.openings.map(\.feature.isMainEntrance) == [true, false, false, false])
    }

    @Test func aSignedInclineOrdersAFlightToo() throws {
        var osm = OSMFixture.building()
        osm.node(10, 5, 5)
        osm.node(11, 5, 9)
        osm.way(20, [10, 11], ["highway": "steps", "level": "0;1", "incline": "-12%"])
        #expect(try osm.venue().venue.connectors.first?.landings.map(\.levelID) == ["B@1", "B@0"])
    }

    @Test func oneTrackWrittenTwoWaysIsOnePlace() throws {
        var osm = OSMFixture()
        osm.rectangle(10, firstNode: 10, 0, 0, 60, 6, ["railway": "platform", "ref": "8;Gleis 8"])
        osm.rectangle(11, firstNode: 20, 0, 20, 60, 26, ["railway": "platform"])
        osm.node(30, 10, 18, ["public_transport": "stop_position", "local_ref": "1"])
        osm.node(31, 50, 18, ["public_transport": "stop_position", "local_ref": "Gleis 1"])
        let (venue, _) = try osm.venue()
        let places = venue.pointsOfInterest.map { "\($0.name)|\($0.keywords.joined(separator: ","))" }
        #expect(places == ["Platform 8|Gleis 8", "Platform 1|Gleis 1"])
    }

    @Test func aStopServesTheNearestPlatformOfItsTrack() throws {
        var osm = OSMFixture()
        // Platform 1 is 3 m from the stop of track 2; the unnamed platform beside it, 6 m.
        osm.rectangle(10, firstNode: 10, 0, 0, 60, 6, ["railway": "platform", "ref": "1"])
        osm.rectangle(11, firstNode: 20, 0, 15, 60, 21, ["railway": "platform"])
        osm.node(30, 30, 9, ["public_transport": "stop_position", "local_ref": "2"])
        let (venue, _) = try osm.venue()
        #expect(venue.pointsOfInterest.map(\.name) == ["Platform 1", "Platform 2"])
        #expect(venue.spaces.map(\.name) == ["Platform 1", "Platform 2"], "the stop names the unnamed platform")
    }

    @Test func aStopWhoseLevelCannotBeReadIsReported() throws {
        var osm = OSMFixture()
        osm.rectangle(10, firstNode: 10, 0, 0, 60, 6, ["railway": "platform"])
        osm.node(30, 30, -2, ["public_transport": "stop_position", "local_ref": "3", "level": "GF"])
        let data = try osm.importData()
        #expect(data.issues.map(\.code) == [.unknownLevel])
        #expect(data.issues.first?.location?.feature == "node/30")
        #expect(data.pointsOfInterest.isEmpty, "not guessed onto the platform")
    }

    @Test func entrancesOfBuildingsTheDataDoesNotDrawAreLeftOutAndNoted() throws {
        var osm = OSMFixture()
        osm.node(10, 0, 0)
        osm.node(11, 30, 0, ["entrance": "yes"])
        osm.way(20, [10, 11], ["highway": "footway", "level": "0"])
        osm.node(30, 100, 100, ["entrance": "main"])
        osm.node(32, 200, 0, ["railway": "subway_entrance"])
        let data = try osm.importData()
        // The one on a levelled walkway and the station entrance stay; the lone one goes, noted.
        #expect(data.openings.map(\.feature.id) == ["f:node/11", "f:node/32"])
        #expect(data.issues.map(\.code) == [.notModelled])
        #expect(data.issues.first?.message.contains("node/30") == true)
    }

    @Test func aWalkwayFromOutsideABuildingEntersItsShopOnTheSameLevel() throws {
        var osm = OSMFixture.building()
        osm.rectangle(10, firstNode: 10, 10, 5, 20, 15, ["shop": "bakery", "level": "0", "name": "Bakery"])
        osm.node(30, -10, 10)
        osm.node(31, 15, 10)
        // Its first node lies outside building B: the footway belongs to the venue's own building.
        osm.way(20, [30, 31], ["highway": "footway", "level": "0"])
        let (venue, issues) = try osm.venue()
        #expect(venue.paths.first?.levelID == "f@0" && venue.spaces.first?.levelIDs == ["B@0"])
        #expect(venue.openings.filter(\.isInferred).count == 1, "level 0 of one building meets level 0 of another")
        #expect(issues.map(\.code).contains(.openingInferred))
    }
}
