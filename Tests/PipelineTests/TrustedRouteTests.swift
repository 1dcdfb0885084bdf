import Foundation
import NavFormat
import Testing
@testable import RoutingGraph

/// One fixture per rule that makes a route trustworthy on data nobody curated
/// (`Fixtures/trusted-routes`, `docs/profiles.md`): surfaces, barriers, car parks, steps without a
/// count, entrances that lead nowhere, doorless shops and halls, and buildings drawn over one
/// another. Each expectation names the rule it fails without.
@Suite struct TrustedRouteTests {
    static let folder = WalkwayFixture.fixtures.appendingPathComponent("trusted-routes")

    static func fixture(_ name: String) throws -> WalkwayFixture {
        try WalkwayFixture(name, folder: folder)
    }

    /// Seconds agree to the millisecond the costs are stored in.
    static func close(_ a: Double?, _ b: Double) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= 0.001
    }

    // MARK: - Surfaces, smoothness, track grades, hiking grades

    /// What each way of `surfaces.osm` must cost: foot's time factor, and the wheelchair's
    /// factor or the rule that closes it.
    static let ground: [(way: Int64, foot: Double?, footRule: ClosingRule?, wheelchair: Double?, wheelchairRule: ClosingRule?)] = [
        (101, 1, nil, 1, nil),                      // asphalt
        (102, 1, nil, 1.3, nil),                    // sett: rough paving slows wheels
        (103, 1, nil, 1.3, nil),                    // compacted
        (104, 4.0 / 3, nil, nil, .surface),         // gravel: closes wheels, slows feet
        (105, 1, nil, nil, .surface),               // grass
        (106, 2, nil, nil, .surface),               // sand: feet sink
        (107, 1, nil, nil, .smoothness),            // smoothness=bad
        (108, 1, nil, 1, nil),                      // smoothness=intermediate: the wiki's wheelchair
        (109, 1, nil, nil, .untaggedTrack),         // highway=track saying nothing of its surface
        (110, 1, nil, 1.3, nil),                    // tracktype=grade2
        (111, 1, nil, nil, .trackType),             // tracktype=grade3
        (112, 1.11, nil, 1.11, nil),                // sac_scale=hiking
        (113, 1.25, nil, nil, .sacScale),           // sac_scale=mountain_hiking
        (114, nil, .sacScale, nil, .sacScale),      // sac_scale=demanding_mountain_hiking
        (115, 1, nil, 1, nil),                      // paving_stones:30 is paving stones
        (116, 1, nil, 1, nil),                      // an unrated value on a footway: as untagged
        (117, 1, nil, nil, .untaggedTrack),         // an unrated value on a track: as untagged
        (118, 4.0 / 3, nil, nil, .surface),         // wheelchair=yes does not outweigh gravel
    ]

    @Test func surfacesCloseWheelsAndSlowFeet() throws {
        let fixture = try Self.fixture("surfaces.osm")
        for entry in Self.ground {
            let a = entry.way * 10, b = entry.way * 10 + 1
            let foot = try fixture.leg(a, b, profile: "foot"), wheelchair = try fixture.leg(a, b, profile: "wheelchair")
            let metres = foot.metres
            if let factor = entry.foot {
                #expect(Self.close(foot.seconds, (metres / 1.3 * factor * 1000).rounded() / 1000), "way/\(entry.way) on foot: \(foot)")
            }
            #expect(foot.rule == entry.footRule, "way/\(entry.way) on foot: \(foot)")
            if let factor = entry.wheelchair {
                #expect(Self.close(wheelchair.seconds, (metres * factor * 1000).rounded() / 1000), "way/\(entry.way) in a wheelchair: \(wheelchair)")
            }
            #expect(wheelchair.rule == entry.wheelchairRule, "way/\(entry.way) in a wheelchair: \(wheelchair)")
            // Step-free wheels judge the ground as a wheelchair does.
            let stepFree = try fixture.leg(a, b, profile: "step-free")
            #expect(stepFree.rule == entry.wheelchairRule, "way/\(entry.way) step-free: \(stepFree)")
        }
        #expect(fixture.issues.contains { $0.code == .unratedValue && $0.message.hasPrefix("surface=moon_dust on 2 walkways (way/116, way/117)") },
                "\(fixture.issues.map(\.message))")
    }

    @Test func aWheelchairGoesRoundTheGravelThatFeetCross() throws {
        let fixture = try Self.fixture("surfaces.osm")
        let start = try fixture.node(1), end = try fixture.node(2)
        let gravel = try fixture.leg(1, 2, profile: "foot").metres
        let paved = try [(1, 3), (3, 4), (4, 2)].reduce(0.0) { $0 + (try fixture.leg($1.0, $1.1, profile: "foot").metres) }
        #expect(Self.close(fixture.seconds(from: start, to: end), (gravel / 1.3 * 4 / 3 * 1000).rounded() / 1000))
        let wheelchair = try #require(fixture.seconds(from: start, to: end, profile: "wheelchair"))
        #expect(abs(wheelchair - paved) < 0.003, "the 100 m detour on asphalt: \(wheelchair) s")
    }

    // MARK: - Barriers

    /// Per barrier way of `barriers.osm`: the seconds the barrier adds on each side (or `nil`
    /// when it closes the way) for foot, wheelchair and step-free.
    static let barriers: [(way: Int64, foot: Double?, wheelchair: Double?, stepFree: Double?)] = [
        (301, 5, nil, nil),       // stile
        (302, 2.5, nil, nil),     // kissing gate
        (303, nil, nil, nil),     // turnstile only paying customers pass
        (304, 2.5, nil, nil),     // full-height turnstile
        (305, 1, nil, 1),         // cycle barrier, gap not given: no wheelchair; a pram gets through
        (306, 1, 1, 1),           // cycle barrier 1.2 m apart
        (307, 0, 0, 0),           // bollard
        (308, 0, nil, 0),         // bollards 0.6 m apart
        (309, 0, 0, 0),           // lift gate
        (310, nil, nil, nil),     // private gate
        (311, 2.5, 2.5, 2.5),     // gate
        (312, 0, nil, nil),       // raised kerb on a node without barrier=*
        (313, 0, 0, 0),           // lowered kerb
        (314, 0, 0, 0),           // kerb of unknown height
        (315, 0, nil, nil),       // block tagged wheelchair=no
        (316, 5, 5, 5),           // stile tagged wheelchair=yes
        (317, 0, nil, nil),       // a kind navforge does not know
        (318, nil, nil, nil),     // a fence node
        (319, 2.5, 2.5, 2.5),     // private gate with foot=yes
        (320, 2.5, nil, 2.5),     // gate 0.7 m wide
    ]

    @Test func barriersAtVerticesCloseOrDelayBothSides() throws {
        let fixture = try Self.fixture("barriers.osm")
        let speeds = ["foot": 1.3, "wheelchair": 1.0, "step-free": 1.1]
        for entry in Self.barriers {
            let a = entry.way * 10, b = a + 1, c = a + 2
            for (profile, expected) in [("foot", entry.foot), ("wheelchair", entry.wheelchair), ("step-free", entry.stepFree)] {
                for (from, to) in [(a, b), (b, c), (c, b), (b, a)] {
                    let leg = try fixture.leg(from, to, profile: profile)
                    if let extra = expected {
                        let walking = (leg.metres / (speeds[profile] ?? 1) * 1000).rounded() / 1000
                        #expect(Self.close(leg.seconds, walking + extra), "way/\(entry.way) \(profile) \(from)->\(to): \(leg)")
                    } else {
                        #expect(leg.seconds == nil && leg.rule == .barrier, "way/\(entry.way) \(profile) \(from)->\(to): \(leg)")
                    }
                }
            }
        }
        let closed = ClosedArcs(fixture.compiled).profiles.first { $0.name == "wheelchair" }
        #expect(closed?.byBarrier.first { $0.kind == "stile" }?.arcs == 4, "one stile closes its two segments both ways; the vouched one none")
    }

    // MARK: - Car parks

    @Test func driveWaysOfACarParkBuildingAreClosedToWalking() throws {
        let fixture = try Self.fixture("car-park.osm")
        #expect(fixture.venue.paths.first { $0.source.feature == "way/21" }?.carPark == "way/10")
        for profile in ["foot", "wheelchair", "step-free", "night"] {
            #expect(try fixture.leg(11, 12, profile: profile).rule == .carPark, "the parking aisle, \(profile)")
            #expect(try fixture.leg(13, 14, profile: profile).seconds != nil, "the footway through it, \(profile)")
            #expect(try fixture.leg(15, 16, profile: profile).seconds != nil, "the service way with foot=yes, \(profile)")
            #expect(try fixture.leg(17, 18, profile: profile).seconds != nil, "the street outside, \(profile)")
            #expect(try fixture.leg(19, 20, profile: profile).seconds != nil, "mostly outside, \(profile)")
        }
    }

    // MARK: - Steps

    @Test func aLongStairwayWithoutACountIsTimedFromItsSteps() throws {
        let fixture = try Self.fixture("stairways.osm")
        let nodes = try (Int64(1)...6).map { try fixture.node($0) }
        var length = 0.0, steps = 0, up = 0.0, down = 0.0
        for (a, b) in zip(nodes, nodes.dropFirst()) {
            let forward = try #require(fixture.arcIndexes(from: a, to: b).first)
            let backward = try #require(fixture.arcIndexes(from: b, to: a).first)
            let arc = fixture.graph.arcs[forward]
            #expect(arc.kind == .steps && arc.attributes.stepsEstimated && arc.attributes.inclineDirection == .up)
            length += arc.length
            steps += arc.attributes.stepCount ?? 0
            up += Double(try fixture.profile("foot").costs[forward]) / 1000
            down += Double(try fixture.profile("foot").costs[backward]) / 1000
        }
        // 3 steps a metre over the first 5 m, 1.5 a metre beyond.
        #expect(steps == Int((5 * 3 + (length - 5) * 1.5).rounded()), "\(steps) steps over \(length) m")
        let walked = (length - Double(steps) * RoutingProfile.treadDepth) / 1.3
        #expect(abs(up - (Double(steps) * 0.6 + walked) * 1.11) < 0.01, "up: \(up) s")
        #expect(abs(down - (Double(steps) * 0.45 + walked) * 1.11) < 0.01, "down: \(down) s")
        let level = length / 1.3 * 1.11
        #expect(up > level * 1.5 && down > level * 1.3, "level walking would take \(level) s; up \(up), down \(down)")
        #expect(fixture.seconds(from: nodes[0], to: nodes[5], profile: "wheelchair") == nil)
    }

    @Test func aStairwayIsSlowerThanARampOfTheSameRise() throws {
        let fixture = try Self.fixture("stairways.osm")
        let bottom = try fixture.node(11), top = try fixture.node(12)
        func seconds(_ kind: ArcKind, from a: Int, to b: Int) throws -> Double {
            let index = try #require(fixture.arcIndexes(from: a, to: b).first { fixture.graph.arcs[$0].kind == kind })
            return Double(try fixture.profile("foot").costs[index]) / 1000
        }
        let stairs = try seconds(.steps, from: bottom, to: top), ramp = try seconds(.ramp, from: bottom, to: top)
        // 5 m of rise over 15 cm risers: 33 steps.
        let steps = try #require(fixture.arcs(from: bottom, to: top).first { $0.kind == .steps }?.attributes.stepCount)
        #expect(steps == 33)
        #expect(stairs > ramp, "stairs \(stairs) s, ramp \(ramp) s")
        #expect(try seconds(.steps, from: top, to: bottom) > seconds(.ramp, from: top, to: bottom))
        #expect(try seconds(.steps, from: bottom, to: top) > seconds(.steps, from: top, to: bottom), "climbing is slower")
    }

    // MARK: - Islands

    @Test func anEntranceThatLeadsNowhereIsAnIslandNotAMainPiece() throws {
        let fixture = try Self.fixture("entrance-island.osm")
        let island = fixture.issues.filter { $0.code == .entranceIsland }
        #expect(island.map(\.message) == [
            "entrance node/40 and room 'Kiosk' (way/5) form an island of 2 nodes joined to nothing else: no route from the rest of the venue reaches it, and positions near it snap to the rest; map the walkway from the entrance to the street, hall or platform it opens onto",
        ])
        let kiosk = try fixture.space("Kiosk"), bakery = try fixture.space("Bakery"), office = try fixture.space("Office")
        for profile in fixture.compiled.profiles {
            let pieces = GraphPieces(graph: fixture.graph, costs: profile.costs)
            #expect(!pieces.isMain(kiosk), "\(profile.name): an entrance and one shop are no main piece")
            #expect(pieces.isMain(bakery) && pieces.isMain(office), "\(profile.name)")
        }
        let figures = try #require(Reachability(venue: fixture.venue, compiled: fixture.compiled).figures.first)
        #expect(figures.reachableRooms == 2 && figures.roomsOnlyOnIslands == 1)
        #expect(figures.roomPhrase == "2/3 rooms (66.7 %; 1 only on an island)")
    }

    // MARK: - Doorless shops and halls, landings and points in halls

    @Test func shopsAndHallsWithoutDoorsOpenWhereTheyMeetTheConcourse() throws {
        let fixture = try Self.fixture("sit-concourse.osm")
        #expect(!fixture.codes().contains(.landingNotJoined) && !fixture.codes().contains(.placeNotConnected), "\(fixture.issues)")
        let entrance = try fixture.entrance(140, level: 0)
        let inferred = fixture.issues.filter { $0.code == .openingInferred }.map(\.message)
        for name in ["Bakery", "Books", "Flowers"] {
            #expect(inferred.contains { $0.hasPrefix("room '\(name)' has no door on level S@0; it is entered where its front meets") }, "\(inferred)")
        }
        #expect(inferred.contains("room 'Newsagent' has no door on level S@0; it is entered where its front faces walkway way/72, 2 m away"),
                "a shop that meets no hall opens toward the walkway it faces: \(inferred)")
        #expect(inferred.contains("hall 'Hall' has no door on level S@0; it is open where it meets corridor Concourse"), "\(inferred)")
        #expect(inferred.contains { $0.hasPrefix("hall 'Waiting Area' has no door on level S@0; it is open where it meets corridor Concourse") })
        for profile in ["foot", "wheelchair"] {
            for name in ["Bakery", "Books", "Flowers", "Pharmacy", "Newsagent"] {
                #expect(fixture.seconds(from: entrance, to: try fixture.space(name), profile: profile) != nil, "\(name), \(profile)")
            }
            for name in ["Staff Room", "Plant Room", "Kiosk East"] {
                #expect(fixture.seconds(from: entrance, to: try fixture.space(name), profile: profile) == nil, "\(name) stays shut, \(profile)")
            }
            for name in ["Water", "Snacks", "Tickets"] {
                #expect(fixture.seconds(from: entrance, to: try fixture.place(name), profile: profile) != nil, "\(name), \(profile)")
            }
        }
        // The flight stands in the concourse and the passage: it is used on foot, not in a wheelchair.
        let stairs = fixture.graph.arcs.indices.filter { fixture.graph.arcs[$0].kind == .stairs }
        #expect(stairs.count == 2)
        let foot = try fixture.profile("foot")
        let pieces = GraphPieces(graph: fixture.graph, costs: foot.costs)
        #expect(stairs.allSatisfy { pieces.isMain(fixture.graph.arcs[$0].tail) && pieces.isMain(fixture.graph.arcs[$0].head) })
        let tickets = try fixture.place("Tickets")
        let byStairs = try #require(fixture.seconds(from: entrance, to: tickets))
        let byLift = try #require(fixture.seconds(from: entrance, to: tickets, profile: "wheelchair"))
        #expect(byStairs < byLift, "foot takes the stairs, wheels the lift")
    }

    @Test func pointsAndLiftsInAnotherBuildingsLevelsOfTheSameFloorJoinTheHall() throws {
        let fixture = try Self.fixture("overlapping-buildings.osm")
        let snacks = try #require(fixture.venue.pointsOfInterest.first { $0.name == "Snacks" })
        #expect(snacks.levelID == "K@0", "the vending machine falls in the kiosk building")
        #expect(fixture.venue.spaces.first { $0.name == "Concourse" }?.levelIDs == ["Shed@0"])
        #expect(!fixture.codes().contains(.landingNotJoined) && !fixture.codes().contains(.placeNotConnected), "\(fixture.issues)")
        let entrance = try fixture.entrance(24, level: 0)
        for profile in ["foot", "wheelchair"] {
            #expect(fixture.seconds(from: entrance, to: try fixture.place("Snacks"), profile: profile) != nil, "\(profile)")
            #expect(fixture.seconds(from: entrance, to: try fixture.place("Tickets"), profile: profile) != nil, "by the lift, \(profile)")
        }
    }
}
