import Testing
import NavFormat
import VenueModel
@testable import RoutingGraph

/// The way out ends at the first exit: an entrance, or the first step outdoors.
@Suite struct EgressTableTests {
    /// A room (0) whose corridor (1) joins an outdoor path (2) directly, as OSM data often draws a
    /// corridor meeting a footway at an untagged node, and an entrance (3) at the corridor's far end.
    private static func graph(entranceMetres: Double) -> NavigationGraph {
        var graph = NavigationGraph()
        graph.levelIDs = ["A@0", Level.outdoorID]
        let here = Coordinate(latitude: 51.0, longitude: 13.7)
        graph.nodes = [
            GraphNode(coordinate: here, level: 0, kind: .room, label: "A.0.1"),
            GraphNode(coordinate: here, level: 0, kind: .junction, label: nil),
            GraphNode(coordinate: here, level: 1, kind: .junction, label: nil),
            GraphNode(coordinate: here, level: 0, kind: .entrance, label: "Main door"),
            GraphNode(coordinate: here, level: 1, kind: .junction, label: nil),
        ]
        var indoor = ArcAttributes()
        indoor.isIndoor = true
        func both(_ a: Int, _ b: Int, _ metres: Double, _ kind: ArcKind, _ attributes: ArcAttributes) -> [GraphArc] {
            [GraphArc(tail: a, head: b, length: metres, kind: kind, label: nil, attributes: attributes),
             GraphArc(tail: b, head: a, length: metres, kind: kind, label: nil, attributes: attributes)]
        }
        graph.arcs = both(0, 1, 5, .walk, indoor) + both(1, 2, 20, .indoorPath, indoor)
            + both(1, 3, entranceMetres, .walk, indoor) + both(2, 4, 30, .outdoorPath, ArcAttributes())
        return graph
    }

    @Test func outdoorNodesAreTheirOwnWayOut() {
        let graph = Self.graph(entranceMetres: 50)
        let table = EgressTable(graph: graph, profile: .foot)
        for node in [2, 4] {
            #expect(graph.isOutdoors(node))
            #expect(table.exit[node] == UInt32(node) && table.cost[node] == 0 && table.firstArc[node] == BundleFormat.none)
        }
        #expect(!graph.isOutdoors(0) && !graph.isOutdoors(3))
    }

    @Test func theWayOutEndsAtTheFirstStepOutdoors() {
        // The entrance is 50 m down the corridor, the path outside 20 m: the room leaves by the path.
        let far = EgressTable(graph: Self.graph(entranceMetres: 50), profile: .foot)
        #expect(far.exit[0] == 2 && far.exit[1] == 2)
        // Nearer, the entrance wins as before.
        let near = EgressTable(graph: Self.graph(entranceMetres: 5), profile: .foot)
        #expect(near.exit[0] == 3 && near.exit[1] == 3)
        #expect(near.cost[0] < far.cost[0])
    }

    /// Given the costs worked out already, the table judges again for leaving exactly the arcs
    /// whose cost leaving changes (the emergency exits), and routes out through them.
    @Test func aTableFromGivenCostsJudgesAgainWhatLeavingChanges() {
        var graph = Self.graph(entranceMetres: 50)
        var exit = ArcAttributes()
        exit.isIndoor = true
        exit.access = .no
        exit.emergencyExit = true
        let here = Coordinate(latitude: 51.0, longitude: 13.7)
        graph.nodes.append(GraphNode(coordinate: here, level: 0, kind: .entrance, label: "Emergency exit"))
        graph.arcs += [GraphArc(tail: 0, head: 5, length: 2, kind: .walk, label: nil, attributes: exit),
                       GraphArc(tail: 5, head: 0, length: 2, kind: .walk, label: nil, attributes: exit)]
        for profile in RoutingProfile.builtIn {
            let costs = graph.arcs.map { profile.cost(for: $0) }
            let table = EgressTable(graph: graph, profile: profile, costs: costs)
            // Every arc judged for leaving, independently of the table's shortcut.
            let leaving = graph.arcs.map { profile.cost(for: $0, leaving: true) }
            let changed = graph.arcs.indices.filter { leaving[$0] != costs[$0] }
            #expect(table.leavingArcs == changed.map(UInt32.init) && table.leavingCosts == changed.map { leaving[$0] })
            #expect(table.leavingArcs == [UInt32(graph.arcs.count - 2), UInt32(graph.arcs.count - 1)], "\(profile.name)")
            #expect(table.exit[0] == 5, "the room leaves by the emergency exit")
        }
    }
}
