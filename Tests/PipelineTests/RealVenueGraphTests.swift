import Contraction
import Foundation
import Staging
import Testing
import VenueModel
@testable import Pipeline
@testable import RoutingGraph

/// The derived graph of the real venues, checked property by property.
@Suite(.enabled(if: SharedVenues.present, "../shared/data is absent: the real-venue graph checks are skipped"))
struct RealVenueGraphTests {
    /// The staged venue of a pipeline, read from its shared build, and a builder run on it with
    /// the pipeline's parameters.
    static func derive(_ name: String) async throws -> (venue: Venue, builder: GraphBuilder, compiled: CompiledGraph) {
        let built = try await RealVenues.shared.build(name)
        let definition = built.definition
        let venue = try StagingStore.read(from: built.layout.staging).venue
        let builder = GraphBuilder(venue: venue, parameters: definition.graphParameters)
        let graph = builder.build().graph
        return (venue, builder, CompiledGraph(graph: graph, profiles: definition.graphParameters.profiles))
    }

    @Test(arguments: ["tu-dresden-apb", "spbstu-campus"])
    func noEdgeLeavesItsSpace(_ name: String) async throws {
        let (venue, builder, compiled) = try await Self.derive(name)
        let graph = compiled.graph
        let locator = builder.locator
        let exemptRadius = builder.parameters.doorTolerance + GraphBuilder.entryDepth + 0.01
        var checked = 0, bent = 0
        var outside: [String] = []
        for (index, arc) in graph.arcs.enumerated() where builder.arcSpaces[index] >= 0 && arc.tail < arc.head {
            let space = builder.arcSpaces[index]
            guard let area = locator.area(ofSpace: space) else { continue }
            let ends = [graph.nodes[arc.tail], graph.nodes[arc.head]]
            let line = ([ends[0].coordinate] + arc.via + [ends[1].coordinate]).map(locator.projection.project)
            // Doors and landings may be drawn up to the door tolerance off the outline.
            let exempt = ends.filter { [.door, .entrance, .connectorLanding].contains($0.kind) }
                .map { locator.projection.project($0.coordinate) }
            // Routes leave doors and landings from a point just inside the wall (the entry depth);
            // a line between two doors may pass that close outside a wall it runs along.
            let metres = area.lengthOutside(line, tolerance: 2 * GraphBuilder.entryDepth, exempt: exempt,
                                            radius: exemptRadius)
            if metres > 0.001 { outside.append("\(venue.spaces[space].reference) \(ends[0].kind)→\(ends[1].kind) via \(arc.via.count) valid=\(area.validityProblem ?? "ok") \(String(format: "%.2f", metres)) m") }
            checked += 1
            if !arc.via.isEmpty { bent += 1 }
        }
        print("\(name): \(checked) edges inside spaces checked with GEOS, \(bent) bend around corners, \(outside.count) leave their space")
        #expect(checked > 1000 && bent > 0)
        #expect(outside.isEmpty, "\(outside.prefix(10))")
    }

    @Test(arguments: ["tu-dresden-apb", "spbstu-campus"])
    func everyDoorOfARoomReachesTheRoom(_ name: String) async throws {
        let (venue, builder, compiled) = try await Self.derive(name)
        let graph = compiled.graph
        var doorsChecked = 0
        var cutOff: [String] = []
        for (space, byLevel) in builder.anchors where venue.spaces[space].kind == .room {
            for (levelID, nodes) in byLevel {
                guard let room = builder.spaceNodes[space]?[levelID] else { continue }
                // Walk only the arcs inside this room.
                var reached: Set<Int> = [room]
                var frontier = [room]
                while let node = frontier.popLast() {
                    for (index, arc) in graph.arcs.enumerated() where arc.tail == node && builder.arcSpaces[index] == space {
                        if reached.insert(arc.head).inserted { frontier.append(arc.head) }
                    }
                }
                for door in nodes where [.door, .entrance].contains(graph.nodes[door].kind) {
                    doorsChecked += 1
                    if !reached.contains(door) { cutOff.append("\(venue.spaces[space].reference) door \(door)") }
                }
            }
        }
        #expect(doorsChecked > 300)
        #expect(cutOff.isEmpty, "\(cutOff.prefix(10))")
    }

    @Test(arguments: ["tu-dresden-apb", "spbstu-campus"])
    func stepFreeRoutesNeverUseStepsStairsOrEscalators(_ name: String) async throws {
        let (_, _, compiled) = try await Self.derive(name)
        let graph = compiled.graph
        let places = Array(Set(graph.placeNodes.values)).sorted()
        var generator = SplitMix(seed: 5)
        for profile in compiled.profiles where ["wheelchair", "step-free"].contains(profile.name) {
            var arcsOnRoutes = 0
            // Shortest-path trees from 25 places cover every route out of them.
            for _ in 0..<25 {
                let source = places[Int(generator.next() % UInt64(places.count))]
                let search = CostSearch(graph: graph, costs: profile.costs, sources: [source])
                for node in graph.nodes.indices where search.reaches(node) {
                    var step = node
                    while search.arc[step] >= 0 {
                        let arc = graph.arcs[Int(search.arc[step])]
                        arcsOnRoutes += 1
                        #expect(![.stairs, .steps, .escalator].contains(arc.kind))
                        #expect(arc.attributes.wheelchair != .no && (arc.attributes.stepCount ?? 0) == 0)
                        step = arc.tail
                    }
                }
            }
            #expect(arcsOnRoutes > 10_000, "\(profile.name) routes were checked")
        }
    }

    @Test(arguments: ["tu-dresden-apb", "spbstu-campus"])
    func liftsAreChainsOfAdjacentLevels(_ name: String) async throws {
        let (venue, _, compiled) = try await Self.derive(name)
        let graph = compiled.graph
        let ordinal = { (node: Int) in venue.levels.first { $0.id == graph.levelIDs[graph.nodes[node].level] }?.ordinal ?? .nan }
        var lifts = 0
        for connector in venue.connectors where connector.kind == .elevator {
            let served = Set(connector.levelIDs).compactMap { id in venue.levels.first { $0.id == id }?.ordinal }.sorted()
            guard served.count >= 2 else { continue }
            lifts += 1
            let rides = graph.arcs.filter {
                $0.kind == .elevator && $0.attributes.connectorPhase == .ride && graph.nodes[$0.tail].coordinate == connector.location
            }
            #expect(rides.count == 2 * (served.count - 1), "one edge (both ways) per adjacent level pair of \(connector.label)")
            for ride in rides {
                let from = ordinal(ride.tail), to = ordinal(ride.head)
                let step = served.firstIndex(of: from).map { served.indices.contains($0 + 1) ? served[$0 + 1] : .nan }
                let below = served.firstIndex(of: from).map { $0 > 0 ? served[$0 - 1] : .nan }
                #expect(to == step || to == below, "\(connector.label) rides \(from) → \(to)")
            }
        }
        #expect(lifts > 0)
    }
}
