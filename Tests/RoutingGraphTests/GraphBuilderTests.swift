import Foundation
import Testing
@testable import RoutingGraph
import VenueModel
import NavFormat
import BundleTools

@Suite struct GraphBuilderTests {
    let built = GraphBuilder(venue: SmallVenue.venue(), parameters: GraphParameters()).build()

    var graph: NavigationGraph { built.graph }

    func nodes(_ kind: NodeKind, level: String) -> [Int] {
        let index = graph.levelIDs.firstIndex(of: level) ?? -1
        return graph.nodes.indices.filter { graph.nodes[$0].kind == kind && graph.nodes[$0].level == index }
    }

    func arcs(_ kind: ArcKind) -> [GraphArc] {
        graph.arcs.filter { $0.kind == kind }
    }

    @Test func doorsJoinTheSpacesOnWhoseOutlineTheyLie() throws {
        let door = try #require(nodes(.door, level: "H@0").first)
        let room = try #require(graph.placeNodes[.space("room0")])
        // The door links to the room's representative point and, across the corridor, to the other anchors.
        #expect(graph.arcs.contains { $0.tail == door && $0.head == room && $0.label == "H.0.1 Room" })
        #expect(graph.arcs.contains { $0.tail == door && $0.label == "Corridor 0" })
        // Every edge is two arcs: the graph is symmetric apart from direction-dependent facts.
        for arc in graph.arcs where arc.kind == .walk {
            #expect(graph.arcs.contains { $0.tail == arc.head && $0.head == arc.tail && $0.kind == .walk })
        }
    }

    @Test func stairsAreAChainWithRiseAndSteps() {
        let flights = arcs(.stairs)
        #expect(flights.count == 2)
        let up = flights.first { $0.attributes.rise > 0 }
        #expect(up?.attributes.stepCount == 18)
        #expect(abs((up?.length ?? 0) - 5.4) < 1e-9)
    }

    @Test func aLandingLeftInAVoidMovesToItsStairwell() throws {
        var venue = SmallVenue.venue()
        // Upstairs, a stairwell drawn around the opening at the stairs' point (18, 1.5): the point
        // itself lies in no space, 1 m from the stairwell's inner edge (beyond the door tolerance).
        let ring = [(16.5, 0.5), (16, 0.5), (16, 3), (20, 3), (20, 0.5), (19.5, 0.5), (19.5, 2.5), (16.5, 2.5), (16.5, 0.5)]
        venue.spaces[2].geometry = SmallVenue.rectangle(0, 0, 16, 3)
        venue.spaces.append(Space(id: "stairwell1", kind: .stairs, buildingID: "H", levelIDs: ["H@1"],
                                  geometry: .polygon(Polygon(exterior: ring.map { SmallVenue.at($0.0, $0.1) })),
                                  source: VenueModel.SourceLocation(file: "house.geojson")))
        venue.openings.append(Opening(id: "stairwell-door", levelIDs: ["H@1"], location: SmallVenue.at(16, 1.5),
                                      isEntrance: false, source: VenueModel.SourceLocation(file: "house.geojson")))
        venue.connectors.removeAll { $0.kind == .elevator }
        let builder = GraphBuilder(venue: venue, parameters: GraphParameters())
        let graph = builder.build().graph
        let upper = try #require(graph.levelIDs.firstIndex(of: "H@1"))
        let landing = try #require(graph.nodes.indices.first { graph.nodes[$0].kind == .connectorLanding && graph.nodes[$0].level == upper })
        let position = SmallVenue.projection.project(graph.nodes[landing].coordinate)
        #expect(abs(position.x - 18) < 1e-6 && abs(position.y - 2.5) < 1e-6, "the nearest point of the stairwell's outline")
        #expect(builder.anchors[venue.spaces.count - 1]?["H@1"]?.contains(landing) == true)
        #expect(graph.arcs.contains { $0.tail == landing && $0.kind == .walk && graph.nodes[$0.head].kind == .door },
                "the landing is linked to the stairwell's door")
    }

    @Test func liftsWaitOncePerRide() {
        let lift = arcs(.elevator)
        // Per level: board and alight; between the two levels: a ride each way.
        #expect(lift.filter { $0.attributes.connectorPhase == .board }.count == 2)
        #expect(lift.filter { $0.attributes.connectorPhase == .alight }.count == 2)
        #expect(lift.filter { $0.attributes.connectorPhase == .ride }.count == 2)
        let foot = RoutingProfile.foot
        let board = lift.first { $0.attributes.connectorPhase == .board }
        #expect(board.flatMap { foot.seconds(for: $0) } == 30)
    }

    @Test func entrancesJoinOutdoorPaths() throws {
        let entrance = try #require(nodes(.entrance, level: "H@0").first)
        let thresholds = arcs(.entrance)
        #expect(thresholds.count == 2)
        #expect(thresholds.contains { $0.head == entrance })
        #expect(arcs(.outdoorPath).count == 2)
    }

    @Test func pointsOfInterestAttachToTheirRoomOrTheNearestNode() throws {
        // Standing in a room, the desk has its own node, linked to the room's point and door.
        let desk = try #require(graph.placeNodes[.pointOfInterest("desk")])
        let room = try #require(graph.placeNodes[.space("room1")])
        #expect(graph.nodes[desk].kind == .pointOfInterest && desk != room)
        #expect(graph.arcs.contains { $0.tail == desk && $0.head == room })
        #expect(graph.arcs.contains { $0.tail == desk && graph.nodes[$0.head].kind == .door })
        #expect(graph.placeNodes[.pointOfInterest("printer")] == graph.placeNodes[.space("room0")], "refs match in any case")
        let gate = try #require(graph.placeNodes[.pointOfInterest("gate")])
        #expect(graph.nodes[gate].level == graph.levelIDs.firstIndex(of: Level.outdoorID))
        #expect(graph.placeNodes[.pointOfInterest("far")] == nil)
        #expect(built.issues.map(\.code) == [.placeNotConnected])
    }

    @Test func routesUpstairsOnFootAndByLiftInAWheelchair() throws {
        let compiled = CompiledGraph(graph: graph, profiles: [.foot, .wheelchair])
        let bundle = try SmallVenue.bundle(compiled)
        let start = try #require(graph.placeNodes[.pointOfInterest("gate")])
        let end = try #require(graph.placeNodes[.space("room1")])
        let onFoot = try #require(try bundle.shortestPath(from: start, to: end, profile: 0))
        let footKinds = try onFoot.arcs.map { try bundle.arc($0).kind }
        #expect(footKinds.contains(.stairs) && !footKinds.contains(.elevator))
        let rolling = try #require(try bundle.shortestPath(from: start, to: end, profile: 1))
        let wheelKinds = try rolling.arcs.map { try bundle.arc($0).kind }
        #expect(wheelKinds.contains(.elevator) && !wheelKinds.contains(.stairs))
        #expect(rolling.duration > onFoot.duration)
        let steps = try bundle.steps(of: rolling)
        #expect(steps.map(\.action).contains(.enterBuilding))
        #expect(steps.contains { $0.action == .elevator && $0.fromLevel != $0.toLevel })
    }

    @Test func wheelchairNoClosesTheWay() throws {
        let venue = SmallVenue.venue(stairsWheelchair: .no)
        let graph = GraphBuilder(venue: venue, parameters: GraphParameters()).build().graph
        for arc in graph.arcs where arc.kind == .stairs {
            #expect(RoutingProfile.wheelchair.seconds(for: arc) == nil)
            #expect(RoutingProfile.foot.seconds(for: arc) != nil)
        }
    }

    @Test func aRoomWithoutADoorStaysUnconnected() throws {
        let graph = GraphBuilder(venue: SmallVenue.venue(roomDoor: false), parameters: GraphParameters()).build().graph
        let room = try #require(graph.placeNodes[.space("room0")])
        #expect(!graph.arcs.contains { $0.tail == room || $0.head == room })
    }

    @Test func theBundleLeadsOutAsTheEgressTableSays() throws {
        let compiled = CompiledGraph(graph: graph, profiles: [.foot, .wheelchair])
        let bundle = try SmallVenue.bundle(compiled)
        let back = try CompiledGraph(bundle: bundle)
        for (profile, table) in compiled.egress.enumerated() {
            #expect(back.egress[profile].exit == table.exit && back.egress[profile].cost == table.cost)
            for node in graph.nodes.indices {
                let route = try bundle.wayOut(from: node, profile: profile)
                #expect((route == nil) == (table.exit[node] == BundleFormat.none))
                guard let route else { continue }
                #expect(route.nodes.last.map(UInt32.init) == table.exit[node])
                #expect(route.duration == Double(table.cost[node]) / 1000)
            }
        }
        // The upstairs room has a way out on foot, down the stairs or by lift.
        let upstairs = try #require(graph.placeNodes[.space("room1")])
        #expect(try bundle.wayOut(from: upstairs, profile: 0)?.nodes.count ?? 0 > 3)
    }

    @Test func theArtifactRoundTrips() throws {
        let compiled = CompiledGraph(graph: graph, profiles: [.foot, .wheelchair])
        let read = try compiled.readBackFromArtifact()
        #expect(read == compiled)
        #expect(compiled.encoded() == CompiledGraph(graph: graph, profiles: [.foot, .wheelchair]).encoded())
    }
}
