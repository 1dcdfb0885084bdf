import Foundation
import Testing
@testable import Contraction

@Suite struct ContractionTests {
    /// CH distances, paths and unreachable pairs against Dijkstra on `pairs` random pairs.
    static func checkAgainstDijkstra(_ graph: WeightedGraph, pairs: Int, seed: UInt64) -> (checked: Int, unreachable: Int) {
        let hierarchy = ContractionBuilder().build(graph)
        let query = ContractionQuery(hierarchy: hierarchy)
        var dijkstra = ReferenceDijkstra(graph: graph)
        var random = SplitMix(seed: seed)
        var unreachable = 0
        for _ in 0..<pairs {
            let source = random.below(graph.nodeCount), target = random.below(graph.nodeCount)
            let expected = dijkstra.distance(from: source, to: target)
            #expect(query.distance(from: source, to: target) == expected, "\(source) -> \(target)")
            guard let expected else {
                unreachable += 1
                #expect(query.path(from: source, to: target) == nil)
                continue
            }
            let found = query.path(from: source, to: target)
            #expect(found?.distance == expected)
            // The path is a chain of input arcs from source to target whose weights add up.
            var at = source, total: UInt64 = 0
            for arc in found?.arcs ?? [] {
                #expect(Int(graph.tails[arc]) == at, "arc \(arc) does not continue the path")
                at = Int(graph.heads[arc])
                total += UInt64(graph.weights[arc])
            }
            #expect(at == target && total == UInt64(expected))
        }
        return (pairs, unreachable)
    }

    /// One search for many targets answers each as a search for that target alone: repeated
    /// targets, the source itself and nodes no arc reaches included.
    @Test func distancesToManyTargetsAreEachTargetsDistance() {
        var grid = TestGraphs.grid(width: 30, height: 20, seed: 3)
        grid.nodeCount += 5
        var dijkstra = ReferenceDijkstra(graph: grid)
        var random = SplitMix(seed: 29)
        var reached = 0, unreached = 0
        for round in 0..<40 {
            let source = random.below(grid.nodeCount)
            var targets = (0..<(1 + round % 12)).map { _ in random.below(grid.nodeCount) }
            targets += [targets[0], source, grid.nodeCount - 1]
            let together = dijkstra.distances(from: source, to: targets)
            let alone = targets.map { dijkstra.distance(from: source, to: $0) }
            #expect(together == alone, "from \(source) to \(targets)")
            reached += alone.filter { $0 != nil }.count
            unreached += alone.filter { $0 == nil }.count
        }
        #expect(reached > 100 && unreached >= 40, "\(reached) reached, \(unreached) not")
        #expect(dijkstra.distances(from: 0, to: []).isEmpty)
    }

    @Test func gridDistancesAndPathsMatchDijkstra() {
        var grid = TestGraphs.grid(width: 40, height: 30, seed: 7)
        // Nodes no arc touches, so some pairs have no path at all.
        grid.nodeCount += 40
        let result = Self.checkAgainstDijkstra(grid, pairs: 3000, seed: 11)
        #expect(result.unreachable > 0 && result.unreachable < result.checked / 2, "some pairs are cut off, most are not")
    }

    @Test func campusDistancesAndPathsMatchDijkstra() {
        let campus = TestGraphs.campus(buildings: 6, floors: 5, rooms: 12, seed: 3)
        let result = Self.checkAgainstDijkstra(campus, pairs: 3000, seed: 5)
        #expect(result.unreachable > 0, "the last building is cut off")
    }

    @Test func sameGraphSameHierarchy() {
        let graph = TestGraphs.grid(width: 30, height: 30, seed: 1)
        let first = ContractionBuilder().build(graph)
        let second = ContractionBuilder().build(graph)
        #expect(first == second)
        #expect(first.shortcutCount > 0 && first.arcCount >= graph.arcCount / 2)
        // Every node has a rank, and ranks are a permutation.
        #expect(Set(first.rank).count == graph.nodeCount)
        #expect(first.nodeAtRank.enumerated().allSatisfy { Int(first.rank[Int($0.element)]) == $0.offset })
    }

    @Test func threadCountDoesNotChangeTheHierarchy() {
        let graph = TestGraphs.campus(buildings: 4, floors: 3, rooms: 10, seed: 3)
        var parameters = ContractionParameters()
        parameters.threads = 1
        let alone = ContractionBuilder(parameters: parameters).build(graph)
        for threads in [2, 3, 8] {
            parameters.threads = threads
            let together = ContractionBuilder(parameters: parameters).build(graph)
            #expect(together.encoded() == alone.encoded(), "\(threads) threads")
        }
    }

    @Test func arcsPointUpInBothGraphs() {
        let hierarchy = ContractionBuilder().build(TestGraphs.grid(width: 20, height: 20, seed: 2))
        for node in 0..<hierarchy.nodeCount {
            for arc in Int(hierarchy.upFirst[node])..<Int(hierarchy.upFirst[node + 1]) {
                #expect(Int(hierarchy.upHead[arc]) > node)
            }
            for arc in Int(hierarchy.downFirst[node])..<Int(hierarchy.downFirst[node + 1]) {
                #expect(Int(hierarchy.downTail[arc]) > node)
            }
        }
    }

    @Test func nearestOfSeveralTargetsIsTheClosest() {
        let graph = TestGraphs.campus(buildings: 4, floors: 4, rooms: 8, seed: 9)
        let query = ContractionQuery(hierarchy: ContractionBuilder().build(graph))
        var dijkstra = ReferenceDijkstra(graph: graph)
        var random = SplitMix(seed: 4)
        for _ in 0..<300 {
            let source = random.below(graph.nodeCount)
            let targets = (0..<5).map { _ in random.below(graph.nodeCount) }
            let distances = targets.map { dijkstra.distance(from: source, to: $0) }
            let best = distances.compactMap { $0 }.min()
            let found = query.nearest(from: source, among: targets)
            #expect(found?.distance == best)
            if let found { #expect(distances[targets.firstIndex(of: found.target)!] == best) }
        }
    }

    @Test func aPathLongerThan32BitsIsUnreachableAsInDijkstra() {
        // Each arc fits, their sum does not; it meets at the top node.
        let graph = WeightedGraph(nodeCount: 3, tails: [0, 2], heads: [2, 1], weights: [3_000_000_000, 3_000_000_000])
        let query = ContractionQuery(hierarchy: ContractionBuilder().build(graph))
        var dijkstra = ReferenceDijkstra(graph: graph)
        #expect(dijkstra.distance(from: 0, to: 1) == nil)
        #expect(query.distance(from: 0, to: 1) == nil)
        #expect(query.path(from: 0, to: 1) == nil)
        #expect(query.distance(from: 0, to: 2) == 3_000_000_000)
    }

    @Test func aNodeIsZeroFromItselfAndLoopsAreIgnored() {
        let graph = WeightedGraph(nodeCount: 3, tails: [0, 0, 1, 1], heads: [0, 1, 2, 2], weights: [5, 7, 3, 1])
        let query = ContractionQuery(hierarchy: ContractionBuilder().build(graph))
        #expect(query.distance(from: 1, to: 1) == 0)
        #expect(query.path(from: 0, to: 2)?.arcs == [1, 3], "the lighter of two parallel arcs")
        #expect(query.distance(from: 2, to: 0) == nil)
    }
}
