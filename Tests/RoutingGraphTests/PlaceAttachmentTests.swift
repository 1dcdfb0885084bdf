import Foundation
import Testing
@testable import RoutingGraph
import VenueModel
import NavFormat

/// Main pieces and where places attach (docs/endpoints.md#attachment).
@Suite struct PlaceAttachmentTests {
    /// Nodes along x on one level; `links` are two-way unless listed in `oneWay`.
    static func graph(nodes: Int, links: [(Int, Int)], oneWay: [(Int, Int)] = [], entrances: Set<Int> = [],
                      rooms: Set<Int> = []) -> NavigationGraph {
        var graph = NavigationGraph()
        graph.levelIDs = ["L@0"]
        graph.nodes = (0..<nodes).map { index in
            let kind: NodeKind = entrances.contains(index) ? .entrance : rooms.contains(index) ? .room : .junction
            return GraphNode(coordinate: SmallVenue.at(Double(index), 0), level: 0, kind: kind, label: nil)
        }
        for (a, b) in links {
            graph.arcs.append(GraphArc(tail: a, head: b, length: 1, kind: .walk, label: nil, attributes: ArcAttributes()))
            graph.arcs.append(GraphArc(tail: b, head: a, length: 1, kind: .walk, label: nil, attributes: ArcAttributes()))
        }
        for (a, b) in oneWay {
            graph.arcs.append(GraphArc(tail: a, head: b, length: 1, kind: .escalator, label: nil, attributes: ArcAttributes()))
        }
        return graph
    }

    @Test func mainPiecesAreTheLargestTheHalfAsLargeAndThoseEnteredWithPlaces() {
        // 0-9 a walkway of ten; 10-14 another of five (a second building, half as large); 15-18 a
        // hall entered at 16 with rooms 17 and 18; 19-20 an entrance with the one shop behind it;
        // 21-22 a landing pair; 23 an entrance alone; 24 reached one way from 0.
        let walkway = (0..<9).map { ($0, $0 + 1) }, building = (10..<14).map { ($0, $0 + 1) }
        let graph = Self.graph(nodes: 25, links: walkway + building + [(15, 16), (15, 17), (15, 18), (19, 20), (21, 22)],
                               oneWay: [(0, 24)], entrances: [16, 19, 23], rooms: [17, 18, 20])
        let pieces = GraphPieces(graph: graph) { _ in true }
        #expect(pieces.mainPieceCount == 3)
        #expect(pieces.sizes == [10, 5, 4, 2, 2, 1, 1])
        #expect((0...18).allSatisfy(pieces.isMain))
        #expect(!(19...24).contains(where: pieces.isMain), "an entrance and one shop, a landing pair, an entrance alone")
        #expect(pieces.piece[0] == 0 && pieces.piece[10] == 1 && pieces.piece[15] == 2)
        // Strong connectivity: the node reached one way is its own piece, though weakly joined.
        #expect(pieces.piece[24] != pieces.piece[0])
    }

    @Test func aSecondBuildingOfLessThanHalfNeedsAnEntranceAndPlacesToCount() {
        // A walkway of eight nodes and, apart, a building of three: less than half as large.
        let links = (0..<7).map { ($0, $0 + 1) } + [(8, 9), (9, 10)]
        let plain = GraphPieces(graph: Self.graph(nodes: 11, links: links)) { _ in true }
        #expect(!plain.isMain(8))
        let enteredOnly = GraphPieces(graph: Self.graph(nodes: 11, links: links, entrances: [9])) { _ in true }
        #expect(!enteredOnly.isMain(8), "an entrance alone does not make a building")
        let oneShop = GraphPieces(graph: Self.graph(nodes: 11, links: links, entrances: [9], rooms: [10])) { _ in true }
        #expect(!oneShop.isMain(8), "nor an entrance with the one shop behind it")
        let entered = GraphPieces(graph: Self.graph(nodes: 11, links: links, entrances: [9], rooms: [8, 10])) { _ in true }
        #expect(entered.isMain(8) && entered.isMain(0))
    }

    @Test func piecesFollowWhatAProfileMayUse() {
        let graph = Self.graph(nodes: 6, links: [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)])
        // The arcs of the middle link (2-3, both ways) closed: two equal halves, both main.
        let costs: [UInt32] = graph.arcs.indices.map { $0 == 4 || $0 == 5 ? BundleFormat.impassable : 1000 }
        let pieces = GraphPieces(graph: graph, costs: costs)
        #expect(pieces.sizes == [3, 3] && pieces.mainPieceCount == 2)
        #expect(pieces.piece[0] != pieces.piece[5])
    }

    /// The house with, outdoors, a terrace reached by steps from the garden path, and a
    /// walkway fragment joined to nothing; a bench on the terrace, a kiosk by the fragment.
    static func venue() -> Venue {
        var venue = SmallVenue.venue()
        let source = VenueModel.SourceLocation(file: "garden.geojson")
        venue.paths += [
            Path(id: "steps", kind: .steps, levelID: Level.outdoorID, coordinates: [SmallVenue.at(-30, 1.5), SmallVenue.at(-30, 10)],
                 name: "Terrace steps", source: source),
            Path(id: "terrace", kind: .footway, levelID: Level.outdoorID,
                 coordinates: [SmallVenue.at(-30, 10), SmallVenue.at(-25, 10)], name: "Terrace", source: source),
            Path(id: "fragment", kind: .footway, levelID: Level.outdoorID,
                 coordinates: [SmallVenue.at(-20, 20), SmallVenue.at(-19, 20)], name: "Fragment", source: source),
        ]
        venue.pointsOfInterest += [
            PointOfInterest(id: "bench", name: "Bench", category: "bench", location: SmallVenue.at(-25, 11), buildingID: nil,
                            levelID: Level.outdoorID, source: source),
            PointOfInterest(id: "kiosk", name: "Kiosk", category: "kiosk", location: SmallVenue.at(-19.5, 20.5),
                            buildingID: nil, levelID: Level.outdoorID, source: source),
        ]
        return venue
    }

    func node(near x: Double, _ y: Double, in graph: NavigationGraph) -> Int? {
        let target = SmallVenue.at(x, y)
        return graph.nodes.indices.first { index in
            let node = graph.nodes[index]
            return graph.levelIDs[node.level] == Level.outdoorID && SmallVenue.projection.distance(node.coordinate, target) < 0.01
        }
    }

    @Test func aPointBesideAnIslandAttachesToTheMainPieceAtBuildTime() throws {
        let (graph, _) = GraphBuilder(venue: Self.venue(), parameters: GraphParameters()).build()
        let kiosk = try #require(graph.placeNodes[.pointOfInterest("kiosk")])
        let fragment = try #require(node(near: -19, 20, in: graph))
        let terrace = try #require(node(near: -25, 10, in: graph))
        // The fragment is the nearest node by far, and an island: the kiosk attaches beyond it.
        #expect(SmallVenue.projection.distance(graph.nodes[fragment].coordinate, SmallVenue.at(-19.5, 20.5)) < 1)
        #expect(kiosk == terrace)
        // The bench beside the terrace, which walkers reach by the steps, stays there.
        #expect(graph.placeNodes[.pointOfInterest("bench")] == terrace)
    }

    @Test func eachProfileAttachesWithinItsOwnMainPieces() throws {
        let venue = Self.venue()
        let parameters = GraphParameters()
        let (graph, _) = GraphBuilder(venue: venue, parameters: parameters).build()
        let compiled = CompiledGraph(graph: graph, profiles: parameters.profiles)
        let attachments = PlaceAttachments(venue: venue, compiled: compiled, snapDistance: parameters.placeSnapDistance)
        let names = compiled.profiles.map(\.name)
        let bench = try #require(attachments.nodes[.pointOfInterest("bench")])
        let terrace = try #require(node(near: -25, 10, in: graph))
        let foot = try #require(names.firstIndex(of: "foot")), wheelchair = try #require(names.firstIndex(of: "wheelchair"))
        #expect(bench[foot] == terrace)
        // A wheelchair cannot take the steps: the terrace is an island for it, so the bench
        // attaches to the garden path, in the piece the house is in.
        #expect(bench[wheelchair] != terrace)
        #expect(attachments.pieces[wheelchair].isMain(bench[wheelchair]))
        #expect(!attachments.pieces[wheelchair].isMain(terrace))
        // Every place attaches in a main piece of every profile here: the house has a lift.
        for (key, nodes) in attachments.nodes where key != .pointOfInterest("far") {
            for (profile, node) in nodes.enumerated() {
                #expect(attachments.pieces[profile].isMain(node), "\(key) for \(names[profile])")
            }
        }
    }

    @Test func aRoomCutOffByItsDoorKeepsItsOwnNode() throws {
        // Without its door, the room's anchors are the room node alone: it stays there.
        let venue = SmallVenue.venue(roomDoor: false)
        let parameters = GraphParameters()
        let (graph, _) = GraphBuilder(venue: venue, parameters: parameters).build()
        let compiled = CompiledGraph(graph: graph, profiles: parameters.profiles)
        let attachments = PlaceAttachments(venue: venue, compiled: compiled, snapDistance: parameters.placeSnapDistance)
        let room = try #require(graph.placeNodes[.space("room0")])
        #expect(attachments.nodes[.space("room0")]?.allSatisfy { $0 == room } == true)
        #expect(!attachments.pieces[0].isMain(room))
    }
}
