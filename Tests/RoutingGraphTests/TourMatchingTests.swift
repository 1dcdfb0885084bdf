import Foundation
import NavBundle
import NavFormat
import BundleWriting
@testable import RoutingGraph
import Testing
import VenueModel

/// Tours matched onto the walkways (docs/tours.md, "Matching") and read back from a bundle.
@Suite struct TourMatchingTests {
    static let source = VenueModel.SourceLocation(file: "garden.geojson")
    /// The garden loop's corners: A is where the garden path starts, west of the house.
    static let a = SmallVenue.at(-30, 1.5), b = SmallVenue.at(-30, 20), c = SmallVenue.at(-10, 20), d = SmallVenue.at(-10, 1.5)

    /// The small house with a square loop of footways in its garden, whose north side is steps
    /// (closed to wheelchairs), and an island path no walkway reaches.
    static func venue(tours: [Tour]) -> Venue {
        var venue = SmallVenue.venue()
        venue.paths += [
            Path(id: "loop-west", kind: .footway, levelID: Level.outdoorID, coordinates: [a, b], name: "West", source: source),
            Path(id: "loop-north", kind: .steps, levelID: Level.outdoorID, coordinates: [b, c], name: "North steps",
                 stepCount: 3, source: source),
            Path(id: "loop-east", kind: .footway, levelID: Level.outdoorID, coordinates: [c, d], name: "East", source: source),
            Path(id: "loop-south", kind: .footway, levelID: Level.outdoorID, coordinates: [d, a], name: "South", source: source),
            Path(id: "island", kind: .footway, levelID: Level.outdoorID,
                 coordinates: [SmallVenue.at(-80, 60), SmallVenue.at(-70, 60)], name: "Island", source: source),
        ]
        venue.tours = tours
        return venue
    }

    static func tour(_ id: String, _ points: [Coordinate], name: String? = nil, kind: TourKind = .running) -> Tour {
        Tour(id: id, name: name ?? id, kind: kind, coordinates: points,
             levelIDs: Array(repeating: Level.outdoorID, count: points.count), source: source)
    }

    static func compile(_ venue: Venue) -> (CompiledGraph, TourMatching) {
        let (graph, _) = GraphBuilder(venue: venue, parameters: GraphParameters()).build()
        var compiled = CompiledGraph(graph: graph, profiles: GraphParameters().profiles)
        let matching = TourMatching(venue: venue, compiled: compiled)
        compiled.tours = matching.tours
        return (compiled, matching)
    }

    static func node(at coordinate: Coordinate, in graph: NavigationGraph) -> Int? {
        graph.nodes.firstIndex { $0.level == graph.levelIDs.firstIndex(of: Level.outdoorID) && $0.coordinate == coordinate }
    }

    @Test func aLineOnTheWalkwaysVerticesFollowsExactlyThoseWays() throws {
        let (compiled, matching) = Self.compile(Self.venue(tours: [Self.tour("loop", [Self.a, Self.b, Self.c, Self.d, Self.a])]))
        #expect(matching.issues.isEmpty)
        let graph = compiled.graph
        let tour = try #require(matching.tours.first)
        let corners = try [Self.a, Self.b, Self.c, Self.d, Self.a].map { try #require(Self.node(at: $0, in: graph)) }
        #expect(tour.arcs.map { graph.arcs[$0].tail } == Array(corners.dropLast()))
        #expect(tour.arcs.map { graph.arcs[$0].head } == Array(corners.dropFirst()))
        #expect(tour.kind == .running && tour.id == "loop")
    }

    @Test func sparseWaypointsOffTheLineFollowTheWalkwaysBetweenThem() throws {
        // Three metres off the corners, as a phone's GPS takes them; A to C the shortest walk.
        let waypoints = [SmallVenue.at(-33, 1.5), SmallVenue.at(-10, 23), SmallVenue.at(-7, 1.5)]
        let (compiled, matching) = Self.compile(Self.venue(tours: [Self.tour("sparse", waypoints)]))
        let tour = try #require(matching.tours.first)
        let graph = compiled.graph
        #expect(graph.arcs[tour.arcs[0]].tail == Self.node(at: Self.a, in: graph))
        #expect(graph.arcs[tour.arcs[tour.arcs.count - 1]].head == Self.node(at: Self.d, in: graph))
        for (arc, next) in zip(tour.arcs, tour.arcs.dropFirst()) { #expect(graph.arcs[arc].head == graph.arcs[next].tail) }
        #expect(tour.arcs.contains { graph.arcs[$0].head == Self.node(at: Self.c, in: graph) })
    }

    @Test func toursThatCannotBeMatchedAreLeftOutWithAFinding() throws {
        let far = Self.tour("far", [Self.a, SmallVenue.at(-30, 200)])
        let island = Self.tour("island", [Self.a, SmallVenue.at(-80, 60)])
        let (_, matching) = Self.compile(Self.venue(tours: [far, island, Self.tour("kept", [Self.a, Self.b])]))
        #expect(matching.tours.map(\.id) == ["kept"])
        #expect(matching.issues.map(\.code) == [.tourOffNetwork, .tourUnconnected])
        #expect(matching.issues[0].message.contains("vertex 2 of 2"))
        #expect(matching.issues.allSatisfy { $0.location == Self.source })
    }

    @Test func aWalkFarLongerThanTheLineIsReportedAsADetour() throws {
        // Two piers north of B and C, 20 m apart at their ends: the walk between the ends goes
        // down one, along the loop and up the other, 100 m, more than twice 20 m and 50 m more.
        let p = SmallVenue.at(-30, 60), q = SmallVenue.at(-10, 60)
        func venue(_ tours: [Tour]) -> Venue {
            var venue = Self.venue(tours: tours)
            venue.paths += [
                Path(id: "pier-west", kind: .footway, levelID: Level.outdoorID, coordinates: [Self.b, p], name: "Pier", source: Self.source),
                Path(id: "pier-east", kind: .footway, levelID: Level.outdoorID, coordinates: [Self.c, q], name: "Pier", source: Self.source),
            ]
            return venue
        }
        let (_, detour) = Self.compile(venue([Self.tour("across", [p, q])]))
        #expect(detour.tours.count == 1)
        #expect(detour.issues.map(\.code) == [.tourDetour])
        // Drawn along the piers and the loop, the same walk is no detour.
        let (_, drawn) = Self.compile(venue([Self.tour("along", [p, Self.b, Self.c, q])]))
        #expect(drawn.tours.count == 1 && drawn.issues.isEmpty)
    }

    @Test func aBundleListsFindsAndFollowsItsTours() throws {
        let loop = Self.tour("relation/7", [Self.a, Self.b, Self.c, Self.d, Self.a], name: "Garden Fun Run")
        let flat = Self.tour("flat", [Self.c, Self.d, Self.a], name: "Flat Walk", kind: .foot)
        let venue = Self.venue(tours: [loop, flat])
        let (compiled, _) = Self.compile(venue)
        let assembly = BundleAssembly(venue: venue, graph: compiled,
                                      metadata: BundleMetadata(venueID: "house", venueName: "House", bundleVersion: "1.0.0",
                                                               generator: "test", sources: []))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tours-\(UUID().uuidString).navbundle")
        try BundleWriter.write(assembly.contents, to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let bundle = try VenueBundle(path: url.path)

        #expect(bundle.tourCount == 2)
        let run = try bundle.tour(0)
        #expect(run.name == "Garden Fun Run" && run.source == "relation/7" && run.kind == .running && run.isLoop)
        #expect(abs(run.length - (18.5 * 2 + 20 * 2)) < 0.05)
        #expect(try !bundle.tour(1).isLoop)
        #expect(try bundle.tours(matching: "garden") == [0])
        #expect(try bundle.tours(matching: "FUN r") == [0])
        #expect(try bundle.tours(matching: "walk") == [1])
        #expect(try bundle.tours(matching: "x").isEmpty)
        #expect(throws: BundleError.tourOutOfRange(2, tourCount: 2)) { try bundle.tour(2) }

        // The wheelchair profile may not take the north steps: it cannot do the fun run whole.
        let foot = try bundle.profileIndex(named: "foot"), wheelchair = try bundle.profileIndex(named: "wheelchair")
        #expect(try bundle.tourDuration(run, profile: foot) != nil)
        #expect(try bundle.tourDuration(run, profile: wheelchair) == nil)
        #expect(try bundle.followTour(0, from: run.nodes[0], profile: wheelchair, joining: .start) == nil)
        #expect(try bundle.tourDuration(bundle.tour(1), profile: wheelchair) != nil)

        // From the room upstairs: to the loop's start, then round it; joined at the nearest
        // corner, round it from there back to that corner.
        let room = try #require(compiled.graph.placeNodes[.space("room1")])
        let start = try #require(try bundle.followTour(0, from: room, profile: foot, joining: .start))
        #expect(start.legs.count == 2)
        #expect(start.nodes[start.legs[1].firstNode] == run.nodes[0] && start.nodes.last == run.nodes[0])
        #expect(Array(start.arcs[start.legs[1].firstNode...]) == run.arcs)
        let approach = try #require(try bundle.shortestPath(from: room, to: run.nodes[0], profile: foot))
        #expect(start.leg(0) == approach)
        let nearest = try #require(try bundle.followTour(0, from: room, profile: foot, joining: .nearest))
        let joined = nearest.nodes[nearest.legs[1].firstNode]
        #expect(nearest.legs[1].lastNode - nearest.legs[1].firstNode == run.arcs.count && nearest.nodes.last == joined)
        #expect(nearest.legs[0].duration <= start.legs[0].duration)
        // Standing on the tour, a person joins where they stand: an empty first leg.
        let onIt = try #require(try bundle.followTour(1, from: try bundle.tour(1).nodes[1], profile: foot, joining: .nearest))
        #expect(onIt.legs[0].lastNode == 0 && onIt.legs[1].lastNode - onIt.legs[1].firstNode == 1)
        #expect(abs(onIt.length - 20) < 0.05)  // D to A
    }
}
