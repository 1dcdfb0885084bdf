import Contraction
import Foundation
import Testing
import VenueModel
@testable import RoutingGraph
import NavFormat

/// SPbSTU ships its own hand-drawn navigation graph (`navPath.geojson`); our derived routes between
/// the same rooms should be no longer than routes on it, since ours follow shortest paths inside walls.
@Suite(.enabled(if: SharedVenues.present, "../shared/data is absent: the SPbSTU graph comparison is skipped"))
struct ShippedGraphComparisonTests {
    static let folder = SharedVenues.folder.appendingPathComponent("imdf/spbstu-campus")

    /// The venue's shipped graph: nodes with coordinates and levels, undirected links, and the rooms
    /// (IMDF unit ids) each node stands for.
    struct ShippedGraph {
        var coordinates: [Coordinate] = []
        var levels: [String?] = []
        var neighbours: [[Int]] = []
        var nodesOfUnit: [String: [Int]] = [:]

        init(folder: URL) throws {
            func features(_ name: String) throws -> [[String: Any]] {
                let data = try Data(contentsOf: folder.appendingPathComponent("\(name).geojson"))
                let object = try JSONSerialization.jsonObject(with: data)
                return ((object as? [String: Any])?["features"] as? [[String: Any]]) ?? (object as? [[String: Any]]) ?? []
            }
            func properties(_ feature: [String: Any]) -> [String: Any] { feature["properties"] as? [String: Any] ?? [:] }

            let paths = try features("navPath")
            var index: [String: Int] = [:]
            for feature in paths {
                let point = (feature["geometry"] as? [String: Any])?["coordinates"] as? [Double] ?? []
                index[feature["id"] as? String ?? ""] = coordinates.count
                coordinates.append(Coordinate(latitude: point[1], longitude: point[0]))
                levels.append(properties(feature)["level_id"] as? String)
            }
            neighbours = Array(repeating: [], count: paths.count)
            // A few links are listed on one side only; the graph is walked both ways.
            for (node, feature) in paths.enumerated() {
                for id in properties(feature)["neighbours"] as? [String] ?? [] {
                    guard let other = index[id] else { continue }
                    if !neighbours[node].contains(other) { neighbours[node].append(other) }
                    if !neighbours[other].contains(node) { neighbours[other].append(node) }
                }
            }

            // Path nodes are associated with occupants; an occupant's anchor names its unit.
            let anchors = Dictionary(try features("anchor").map { ($0["id"] as? String ?? "", properties($0)["unit_id"] as? String) },
                                     uniquingKeysWith: { first, _ in first })
            let occupants = Dictionary(try features("occupant").map { ($0["id"] as? String ?? "", properties($0)["anchor_id"] as? String) },
                                       uniquingKeysWith: { first, _ in first })
            for association in try features("navPathAssocieted").map(properties) {
                guard let node = index[association["pathNode_id"] as? String ?? ""],
                      let anchor = occupants[association["associeted_id"] as? String ?? ""] ?? nil,
                      let unit = anchors[anchor] ?? nil else { continue }
                nodesOfUnit[unit, default: []].append(node)
            }
        }

        /// Metres along the shipped graph from the cheapest of `sources` (each with a head start)
        /// to every node, in whole millimetres per arc.
        func lengths(from sources: [(node: Int, offset: Double)], distance: (Coordinate, Coordinate) -> Double) -> [Double] {
            // One extra node starts the search and reaches each source at its head start.
            let start = coordinates.count
            var tails: [Int] = [], heads: [Int] = [], weights: [UInt32] = []
            func millimetres(_ metres: Double) -> UInt32 { UInt32((metres * 1000).rounded()) }
            for (node, others) in neighbours.enumerated() {
                for next in others {
                    tails.append(node)
                    heads.append(next)
                    weights.append(millimetres(distance(coordinates[node], coordinates[next])))
                }
            }
            for source in sources {
                tails.append(start)
                heads.append(source.node)
                weights.append(millimetres(source.offset))
            }
            let search = DijkstraSearch(graph: AdjacencyArray(nodeCount: start + 1, tails: tails, heads: heads,
                                                              weights: weights))
            search.run(from: [start])
            return (0..<start).map { node in
                let reached = search.distance(node)
                return reached == .max ? .infinity : Double(reached) / 1000
            }
        }
    }

    @Test func routesBetweenRoomsAreNoLongerThanOnTheShippedGraph() async throws {
        let (venue, builder, compiled) = try await RealVenueGraphTests.derive("spbstu-campus")
        let graph = compiled.graph
        let shipped = try ShippedGraph(folder: Self.folder)
        let distance = builder.locator.distance

        // Our graph measured in metres, on the arcs someone on foot may use.
        let foot = try #require(compiled.profiles.first { $0.name == "foot" })
        let metres = graph.arcs.indices.map { index in
            foot.costs[index] == BundleFormat.impassable ? BundleFormat.impassable : UInt32((graph.arcs[index].length * 1000).rounded())
        }

        // Rooms present in both graphs, grouped by level so each pair needs no stairs.
        var roomsByLevel: [String: [(unit: String, node: Int)]] = [:]
        for space in venue.spaces {
            let unit = String(space.id.drop { $0 != ":" }.dropFirst())
            guard shipped.nodesOfUnit[unit] != nil, let node = graph.placeNodes[.space(space.id)],
                  space.levelIDs.count == 1 else { continue }
            roomsByLevel[graph.levelIDs[graph.nodes[node].level], default: []].append((unit, node))
        }
        let levels = roomsByLevel.keys.sorted().filter { roomsByLevel[$0]!.count >= 2 }
        #expect(roomsByLevel.values.map(\.count).reduce(0, +) > 200, "most associated rooms are in our graph")

        var generator = SplitMix(seed: 2026)
        var ratios: [Double] = [], graphOnlyRatios: [Double] = []
        var ours: [Double] = [], theirs: [Double] = []
        var unreachableOurs = 0, unreachableTheirs = 0, attempts = 0
        var enclosedRooms = Set<String>()
        while ratios.count < 200 && attempts < 2000 {
            attempts += 1
            let rooms = roomsByLevel[levels[Int(generator.next() % UInt64(levels.count))]]!
            let a = rooms[Int(generator.next() % UInt64(rooms.count))]
            let b = rooms[Int(generator.next() % UInt64(rooms.count))]
            guard a.unit != b.unit else { continue }

            let search = CostSearch(graph: graph, costs: metres, sources: [a.node])
            // The shipped graph starts and ends at its own node for each room; the straight steps
            // between that node and our room point are added so both routes join the same points.
            let start = graph.nodes[a.node].coordinate, end = graph.nodes[b.node].coordinate
            let lengths = shipped.lengths(from: shipped.nodesOfUnit[a.unit]!.map { ($0, distance(start, shipped.coordinates[$0])) },
                                          distance: distance)
            let ends = shipped.nodesOfUnit[b.unit]!.map { (node: $0, full: lengths[$0] + distance(shipped.coordinates[$0], end)) }
            let theirBest = ends.min { $0.full < $1.full }!
            let ourLength = search.reaches(b.node) ? Double(search.cost[b.node]) / 1000 : .infinity
            if !ourLength.isFinite {
                unreachableOurs += 1
                // Only a room shut off from the rest of its floor may be out of reach.
                let enclosed = [a, b].filter { room in
                    let space = graph.placeNodes.first { $0.value == room.node }.flatMap { key, _ -> Int? in
                        if case .space(let id) = key { return venue.spaces.firstIndex { $0.id == id } } else { return nil }
                    }
                    let own = Set(builder.anchors[space ?? -1]?.values.flatMap { $0 } ?? []).union([room.node])
                    let around = CostSearch(graph: graph, costs: metres, sources: [room.node])
                    return graph.nodes.indices.allSatisfy { !around.reaches($0) || own.contains($0) }
                }
                let names = enclosed.map { room in venue.spaces.first { $0.id.hasSuffix(room.unit) }?.reference ?? room.unit }
                enclosedRooms.formUnion(names)
                #expect(!enclosed.isEmpty, "rooms \(a.unit) and \(b.unit) are both open to their floor but not joined")
            }
            if !theirBest.full.isFinite { unreachableTheirs += 1 }
            guard ourLength.isFinite, theirBest.full.isFinite, theirBest.full > 1 else { continue }

            let graphOnly = shipped.lengths(from: [(shipped.nodesOfUnit[a.unit]![0], 0)], distance: distance)
            let theirGraphOnly = shipped.nodesOfUnit[b.unit]!.map { graphOnly[$0] }.min()!
            ratios.append(ourLength / theirBest.full)
            if theirGraphOnly > 1 { graphOnlyRatios.append(ourLength / theirGraphOnly) }
            ours.append(ourLength)
            theirs.append(theirBest.full)
        }

        func quantile(_ values: [Double], _ q: Double) -> Double {
            let sorted = values.sorted()
            return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))]
        }
        let summary = [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0].map { String(format: "%.3f", quantile(ratios, $0)) }
        print("""
            SPbSTU, \(ratios.count) same-level room pairs on foot (seed 2026): ours / shipped graph length
              min, p10, p25, median, p75, p90, max: \(summary.joined(separator: ", "))
              pairs where ours is longer: \(ratios.filter { $0 > 1.0001 }.count); more than 5 % longer: \(ratios.filter { $0 > 1.05 }.count)
              median route: ours \(String(format: "%.1f", quantile(ours, 0.5))) m, shipped \(String(format: "%.1f", quantile(theirs, 0.5))) m
              graph-only ratio (shipped nodes as endpoints, no steps to the room points): median \(String(format: "%.3f", quantile(graphOnlyRatios, 0.5)))
              unreachable in ours: \(unreachableOurs), in the shipped graph: \(unreachableTheirs)
              rooms whose doors open onto no mapped space: \(enclosedRooms.sorted().joined(separator: ", "))
            """)
        #expect(ratios.count == 200)
        #expect(unreachableOurs < 20, "only a few pairs end in a shut-off room")
        #expect(quantile(ratios, 0.5) <= 1.0, "our median route is no longer than the shipped graph's")
    }
}
