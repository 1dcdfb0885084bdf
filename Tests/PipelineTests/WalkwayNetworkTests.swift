import Foundation
import Testing
@testable import RoutingGraph

/// One fixture per tagging pattern of walkway-network maps (`Fixtures/walkway-networks`), each
/// with the graph it must give. Every expectation here fails without the rule it names.
@Suite struct WalkwayNetworkTests {
    /// Wait, ride of one storey and alighting, as the default profiles cost a lift.
    static let liftSeconds = 30.0 + 4 + 3

    @Test func liftNodeOnTwoLevelsIsARideNotAMerge() throws {
        let fixture = try WalkwayFixture("lift-two-levels.osm")
        #expect(fixture.issues.isEmpty, "\(fixture.issues)")
        let connector = try #require(fixture.venue.connectors.first)
        #expect(connector.kind == .elevator && connector.landings.map(\.levelID) == ["f@-1", "f@0"])
        #expect(connector.landings.allSatisfy { $0.vertexRef == "node/2" })
        let upper = try fixture.node(2, level: 0), lower = try fixture.node(2, level: -1)
        // The levels meet only through the lift: no walk arc joins the node of one level to the other's.
        #expect(fixture.arcs(from: upper, to: lower).isEmpty && fixture.arcs(from: lower, to: upper).isEmpty)
        let start = try fixture.node(1, level: 0), end = try fixture.node(3, level: -1)
        let walking = (fixture.metres(1, 2) + fixture.metres(2, 3)) / 1.3
        let seconds = try #require(fixture.seconds(from: start, to: end))
        #expect(abs(seconds - (walking + Self.liftSeconds)) < 0.01, "\(seconds) s")
        #expect(fixture.seconds(from: start, to: end, profile: "wheelchair") != nil)
    }

    @Test func liftNodeOnFiveLevelsIsAChain() throws {
        let fixture = try WalkwayFixture("lift-five-levels.osm")
        #expect(fixture.issues.isEmpty, "\(fixture.issues)")
        let levels: [Double] = [-2, -1, 0, 1, 2]
        let landings = try levels.map { try fixture.node(1, level: $0) }
        #expect(Set(landings).count == 5)
        // Rides join cars of adjacent levels only: four pairs, both ways.
        let rides = fixture.graph.arcs.filter { $0.kind == .elevator && fixture.ordinal(of: $0.tail) != fixture.ordinal(of: $0.head) }
        #expect(rides.count == 8)
        #expect(rides.allSatisfy { abs(fixture.ordinal(of: $0.tail) - fixture.ordinal(of: $0.head)) == 1 })
        let bottom = try fixture.node(10, level: -2), top = try fixture.node(14, level: 2)
        let seconds = try #require(fixture.seconds(from: bottom, to: top))
        let walking = (fixture.metres(10, 1) + fixture.metres(1, 14)) / 1.3
        #expect(abs(seconds - (walking + 30 + 4 * 4 + 3)) < 0.01, "\(seconds) s")
        for (a, b) in zip(landings, landings.dropFirst()) {
            #expect((fixture.seconds(from: a, to: b) ?? 0) >= Self.liftSeconds)
        }
    }

    @Test func stepsJoinTheLevelsOfTheFootwaysAtTheirEnds() throws {
        let fixture = try WalkwayFixture("steps-two-levels.osm")
        #expect(fixture.issues.isEmpty, "\(fixture.issues)")
        let top = try fixture.node(2, level: 0), bottom = try fixture.node(3, level: -1)
        let down = try #require(fixture.arcs(from: top, to: bottom).first)
        #expect(down.kind == .stairs && down.attributes.rise == -1 && down.attributes.stepCount == 24)
        #expect(fixture.arcs(from: bottom, to: top).first?.attributes.rise == 1)
        let start = try fixture.node(1, level: 0), end = try fixture.node(4, level: -1)
        let seconds = try #require(fixture.seconds(from: start, to: end))
        let walking = (fixture.metres(1, 2) + fixture.metres(3, 4)) / 1.3
        #expect(abs(seconds - (walking + 24 * 0.45)) < 0.01, "\(seconds) s")
        #expect(fixture.seconds(from: start, to: end, profile: "wheelchair") == nil, "steps only: no wheelchair route")
        let summary = VerticalConnections(fixture.compiled)
        #expect(summary.flights.map(\.count) == [1] && summary.flights.map(\.joinedAtBothEnds) == [1])
    }

    @Test func escalatorsRunOneWayAsConveyed() throws {
        let fixture = try WalkwayFixture("escalator-pair.osm")
        #expect(fixture.issues.isEmpty, "\(fixture.issues)")
        let downTop = try fixture.node(2, level: 0), downBottom = try fixture.node(4, level: -1)
        let upTop = try fixture.node(3, level: 0), upBottom = try fixture.node(5, level: -1)
        #expect(fixture.arcs(from: downTop, to: downBottom).map(\.kind) == [.escalator])
        #expect(fixture.arcs(from: downBottom, to: downTop).isEmpty, "conveying=forward runs down the drawing only")
        #expect(fixture.arcs(from: upBottom, to: upTop).map(\.kind) == [.escalator])
        #expect(fixture.arcs(from: upTop, to: upBottom).isEmpty, "conveying=backward runs against the drawing only")
        #expect(fixture.venue.connectors.map(\.direction) == [.down, .up])
    }

    @Test func platformsAreSpacesWithAPlacePerTrack() throws {
        let fixture = try WalkwayFixture("platform-underpass.osm")
        #expect(fixture.issues.filter { $0.severity != .info }.isEmpty, "\(fixture.issues)")
        let platforms = fixture.venue.spaces.filter { $0.category == "platform" }
        #expect(platforms.map(\.name) == ["Platform 1/2 (A)", "Platform 3/4", "Platform 5"])
        #expect(platforms.allSatisfy { $0.kind == .area && $0.levelIDs == ["f@0"] && $0.ref == nil })
        let tracks = fixture.venue.pointsOfInterest.filter { $0.category == "platform" }
        #expect(tracks.map(\.name) == ["Platform 1", "Platform 2", "Platform 3", "Platform 4", "Platform 5"])
        #expect(tracks.map(\.ref) == ["1", "2", "3", "4", "5"])
        try #require(tracks.count == 5)
        #expect(tracks[0].keywords == ["A"] && tracks[2].keywords.isEmpty)
        #expect(tracks.allSatisfy { $0.levelID == "f@0" })
        #expect(!fixture.venue.pointsOfInterest.contains { $0.name == "Central" }, "the stop position names platform 5")
        // From platform 1 to platform 3: down the steps, through the underpass, up again.
        let one = try fixture.place("Platform 1"), three = try fixture.place("Platform 3")
        let seconds = try #require(fixture.seconds(from: one, to: three))
        #expect(seconds > 20 * 0.45 + 20 * 0.6 + 20 / 1.3, "\(seconds) s")
        #expect(fixture.seconds(from: one, to: three, profile: "wheelchair") == nil)
        // Footways enter platforms 1/2 and 3/4: they are no halls cut off for want of a door. The
        // third platform, which no footway reaches, is.
        let cutOff = fixture.validation().filter { $0.code == .spaceWithoutDoor }.map(\.message)
        #expect(cutOff.count == 1 && cutOff[0].contains("Platform 5"), "\(cutOff)")
    }

    @Test func shopFrontsAndCrossedOutlinesAreOpenings() throws {
        let fixture = try WalkwayFixture("shop-front.osm")
        let inferred = fixture.venue.openings.filter(\.isInferred)
        let bakery = try #require(fixture.venue.spaces.first { $0.name == "Bakery" })
        let kiosk = try #require(fixture.venue.spaces.first { $0.name == "Kiosk" })
        #expect(bakery.opensAtFront && kiosk.opensAtFront)
        // The bakery's front is its edge along the concourse (y = 20 m); the kiosk is crossed twice.
        #expect(inferred.filter { $0.id.hasPrefix(bakery.id) }.count == 1)
        #expect(inferred.filter { $0.id.hasPrefix(kiosk.id) }.count == 2)
        #expect(fixture.codes().filter { $0 == .openingInferred }.count == 2)
        #expect(!fixture.validation().contains { $0.code == .roomWithoutDoor })
        let start = try fixture.node(21, level: 0)
        for space in [bakery, kiosk] {
            let node = try #require(fixture.graph.placeNodes[.space(space.id)])
            #expect(fixture.seconds(from: start, to: node) != nil, "\(space.name ?? "") is entered across its front")
        }
    }

    @Test func stationEntrancesAreEntrances() throws {
        let fixture = try WalkwayFixture("station-entrance.osm")
        let entrance = try #require(fixture.venue.openings.first)
        #expect(entrance.isEntrance && entrance.name == "Exit Market Square")
        #expect(fixture.graph.nodes.contains { $0.kind == .entrance })
        let reachability = Reachability(venue: fixture.venue, compiled: fixture.compiled)
        // On foot the platform is reached from the entrance; the only way down is steps.
        #expect(reachability.issues.map(\.message) == ["point of interest 'Platform 7' is not reachable in a wheelchair or step-free from any entrance"])
        #expect(reachability.figures.map(\.roomPhrase) == ["1/1 places (100.0 %)", "0/1 places (0.0 %)",
                                                           "0/1 places (0.0 %)", "1/1 places (100.0 %)"])
    }

    @Test func walkwaysOfTwoLevelsSharingANodeAreReportedNotJoined() throws {
        let fixture = try WalkwayFixture("level-mismatch.osm")
        #expect(fixture.codes() == [.levelMismatchAtNode])
        #expect(fixture.issues.first?.location?.feature == "node/2")
        let start = try fixture.node(1, level: 0), end = try fixture.node(3, level: -1)
        #expect(fixture.seconds(from: start, to: end) == nil)
    }

    @Test func flightsMeetAtAHalfLanding() throws {
        let fixture = try WalkwayFixture("half-landing.osm")
        #expect(fixture.issues.isEmpty, "\(fixture.issues)")
        let landings = fixture.venue.connectors.flatMap(\.landings).filter { $0.vertexRef == "node/3" }
        #expect(landings.count == 3 && landings.allSatisfy { $0.levelID == nil && $0.ordinal == -0.5 })
        let start = try fixture.node(1, level: -1)
        for end in [try fixture.node(6, level: 0), try fixture.node(7, level: 0)] {
            #expect(fixture.seconds(from: start, to: end) != nil)
        }
        // One node stands for the half-landing, shared by the three flights (both ways each).
        let stairs = fixture.graph.arcs.filter { $0.kind == .stairs }
        let ends = stairs.flatMap { [$0.tail, $0.head] }
        #expect(stairs.count == 6 && Set(ends).count == 4)
        #expect(Set(ends).contains { node in ends.filter { $0 == node }.count == 6 })
        #expect(VerticalConnections(fixture.compiled).flights.first?.joinedAtBothEnds == 3)
    }

    @Test func levelRefNamesLevels() throws {
        let fixture = try WalkwayFixture("level-ref.osm")
        #expect(fixture.venue.levels.filter { $0.buildingID != nil }.map(\.displayName) == ["EG", "OG1"])
    }

    @Test func elementsJOSMMarksDeletedAreLeftOut() throws {
        let fixture = try WalkwayFixture("josm-deleted.osm")
        #expect(fixture.codes() == [.deletedElements])
        #expect(fixture.issues.first?.message.contains("node/7") == true && fixture.issues.first?.message.contains("way/12") == true)
        #expect(fixture.venue.pointsOfInterest.isEmpty, "the deleted kiosk is gone")
        #expect(fixture.nodes(at: 6, ordinal: 0).isEmpty, "the deleted footway is gone")
        #expect(fixture.seconds(from: try fixture.node(1, level: 0), to: try fixture.node(3, level: 0)) != nil)
    }

    @Test func anOverpassTimeoutIsAnErrorAboutAnIncompleteFile() throws {
        let fixture = try WalkwayFixture("overpass-remark.osm")
        let remark = try #require(fixture.issues.first { $0.code == .overpassError })
        #expect(remark.severity == .error && remark.message.contains("Query timed out"))
        #expect(remark.location?.line == 6)
        // What arrived is still read, so the report shows it beside the error.
        #expect(fixture.graph.arcs.filter { $0.kind == .outdoorPath }.count == 4)
    }

    @Test func aLiftLandingNothingMeetsIsReportedAndDoorsOnAWalkwayJoinIt() throws {
        let fixture = try WalkwayFixture("lift-unjoined.osm")
        #expect(fixture.codes() == [.landingNotJoined], "\(fixture.issues)")
        #expect(fixture.issues.first?.message == "elevator node/2 meets no walkway on level -1 at node/2; it cannot be used there")
        // The street footway, without a level, meets the lift's level-0 landing, the one on the ground.
        let street = try fixture.node(3, levelID: "outdoor")
        let ground = try fixture.node(2, levelID: "f@0")
        #expect(fixture.seconds(from: street, to: ground) != nil)
        // The door stands on the footway between its nodes and splits it.
        let door = try #require(fixture.graph.nodes.indices.first { fixture.graph.nodes[$0].kind == .door })
        #expect(fixture.seconds(from: try fixture.node(1, levelID: "f@0"), to: door) != nil)
        let validation = fixture.validation().map(\.code)
        #expect(!validation.contains(.connectorOutsideSpace) && !validation.contains(.doorNotOnOutline), "\(validation)")
    }

    @Test func aUnitAwayFromAnyConcourseOpensTowardsTheNearestWalkway() throws {
        let fixture = try WalkwayFixture("shop-facing-footway.osm")
        let notes = fixture.issues.filter { $0.code == .openingInferred }
        #expect(notes.map(\.message) == ["room 'Kiosk' has no door on level f@0; it is entered where its front faces walkway way/10, 3 m away"])
        let kiosk = try #require(fixture.venue.spaces.first { $0.name == "Kiosk" })
        let node = try #require(fixture.graph.placeNodes[.space(kiosk.id)])
        #expect(fixture.seconds(from: try fixture.node(1, level: 0), to: node) != nil)
        // A one-way flight nothing orders is used both ways, and said so.
        #expect(fixture.codes().contains(.flightDirectionUnknown))
    }
}
