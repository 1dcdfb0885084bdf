import Testing
@testable import Contraction
import NavFormat

/// The customisable hierarchy: nested-dissection order, chordal topology, customisation and the
/// elimination-tree query, against Dijkstra.
@Suite struct CustomisableHierarchyTests {
    /// Positions on the grid of `TestGraphs.grid`, and far off for nodes beyond it.
    static func gridPositions(width: Int, nodeCount: Int) -> (x: [Double], y: [Double]) {
        ((0..<nodeCount).map { Double($0 % width) }, (0..<nodeCount).map { Double($0 / width) })
    }

    static func topology(_ graph: WeightedGraph, x: [Double], y: [Double]) -> CustomisableTopology {
        let usable = graph.weights.map { $0 != WeightedGraph.unreachable }
        let rank = NestedDissection.ranks(nodeCount: graph.nodeCount, tails: graph.tails, heads: graph.heads,
                                          usable: usable, x: x, y: y)
        return CustomisableTopology.build(nodeCount: graph.nodeCount, tails: graph.tails, heads: graph.heads,
                                          usable: usable, rank: rank)
    }

    /// Distances, unreachable pairs and paths (chains of input arcs adding up) against Dijkstra.
    static func checkAgainstDijkstra(_ graph: WeightedGraph, topology: CustomisableTopology, pairs: Int,
                                     seed: UInt64) throws -> Int {
        let metric = try CustomisedMetric(topology: topology, inputWeights: graph.weights)
        let search = EliminationTreeSearch(topology: topology)
        var dijkstra = ReferenceDijkstra(graph: graph)
        var random = SplitMix(seed: seed)
        var unreachable = 0
        for _ in 0..<pairs {
            let source = random.below(graph.nodeCount), target = random.below(graph.nodeCount)
            let expected = dijkstra.distance(from: source, to: target).map(UInt64.init)
            let found = search.distance(from: source, to: target, metric: metric)
            #expect(found == expected, "\(source) -> \(target)")
            guard let expected else {
                unreachable += 1
                #expect(search.path(metric: metric) == nil)
                continue
            }
            var at = source, total: UInt64 = 0
            for arc in search.path(metric: metric) ?? [] {
                #expect(Int(graph.tails[arc]) == at, "arc \(arc) does not continue the path")
                at = Int(graph.heads[arc])
                total += UInt64(graph.weights[arc])
            }
            #expect(at == target && total == expected, "\(source) -> \(target)")
        }
        return unreachable
    }

    @Test func gridMatchesDijkstra() throws {
        var grid = TestGraphs.grid(width: 40, height: 30, seed: 7)
        grid.nodeCount += 40
        // A loop and an arc of weight zero, which the topology and the query must take in stride.
        grid.tails += [5, 7]; grid.heads += [5, 8]; grid.weights += [3, 0]
        let (x, y) = Self.gridPositions(width: 40, nodeCount: grid.nodeCount)
        let topology = Self.topology(grid, x: x, y: y)
        #expect(topology.inputSlot[grid.arcCount - 2] == CustomisableTopology.noSlot, "a loop has no slot")
        let unreachable = try Self.checkAgainstDijkstra(grid, topology: topology, pairs: 3000, seed: 11)
        #expect(unreachable > 0 && unreachable < 1500)
    }

    @Test func anyOrderGivesExactDistances() throws {
        // The order decides speed only: positions that say nothing about the graph still give
        // exact answers.
        let campus = TestGraphs.campus(buildings: 6, floors: 5, rooms: 12, seed: 3)
        var random = SplitMix(seed: 9)
        let x = (0..<campus.nodeCount).map { _ in Double(random.below(1000)) }
        let y = (0..<campus.nodeCount).map { _ in Double(random.below(1000)) }
        let unreachable = try Self.checkAgainstDijkstra(campus, topology: Self.topology(campus, x: x, y: y), pairs: 2000, seed: 5)
        #expect(unreachable > 0, "the last building is cut off")
    }

    @Test func newWeightsOnTheSameTopology() throws {
        // Closing arcs and slowing others is a new metric on the same topology.
        var grid = TestGraphs.grid(width: 30, height: 30, seed: 2)
        let (x, y) = Self.gridPositions(width: 30, nodeCount: grid.nodeCount)
        let topology = Self.topology(grid, x: x, y: y)
        var random = SplitMix(seed: 4)
        for arc in grid.weights.indices where grid.weights[arc] != WeightedGraph.unreachable {
            switch random.below(10) {
            case 0: grid.weights[arc] = WeightedGraph.unreachable
            case 1: grid.weights[arc] *= 3
            default: break
            }
        }
        _ = try Self.checkAgainstDijkstra(grid, topology: topology, pairs: 2000, seed: 6)
    }

    @Test(arguments: ["grid", "campus"])
    func incrementalUpdatesEqualAFullCustomisation(shape: String) throws {
        // Weights of 1 and 2 make many equal ways, so the vias' tie rule is exercised too.
        var campus = shape == "grid" ? TestGraphs.grid(width: 24, height: 20, seed: 12)
            : TestGraphs.campus(buildings: 4, floors: 4, rooms: 10, seed: 12)
        var random = SplitMix(seed: 21)
        for arc in campus.weights.indices where campus.weights[arc] != WeightedGraph.unreachable {
            campus.weights[arc] = UInt32(1 + random.below(2))
        }
        let x = (0..<campus.nodeCount).map { Double($0 % 24) }, y = (0..<campus.nodeCount).map { Double($0 / 24) }
        let topology = Self.topology(campus, x: x, y: y)
        let base = try CustomisedMetric(topology: topology, inputWeights: campus.weights)
        var recomputedAtMost = 0
        for changes in [1, 1, 2, 3, 10, 10, 40, 200] {
            var weights = campus.weights
            var changed: [Int] = []
            for _ in 0..<changes {
                let arc = random.below(campus.arcCount)
                changed.append(arc)
                switch random.below(3) {
                case 0: weights[arc] = CustomisedMetric.infinity
                case 1: weights[arc] = weights[arc] == CustomisedMetric.infinity ? 1 : weights[arc] * UInt32(2 + random.below(3))
                default: weights[arc] = 1
                }
            }
            let full = try CustomisedMetric(topology: topology, inputWeights: weights)
            var updated = base
            let recomputed = updated.update(topology: topology, inputWeights: weights, changed: changed)
            #expect(updated.up == full.up && updated.down == full.down, "\(changes) changes: weights")
            #expect(updated.upVia == full.upVia && updated.downVia == full.downVia, "\(changes) changes: vias")
            if changes == 1 { recomputedAtMost = max(recomputedAtMost, recomputed) }
            // Back from the changed metric to the profile's own: lighter arcs and reopened ones.
            var restored = full
            restored.update(topology: topology, inputWeights: campus.weights, changed: changed)
            #expect(restored.up == base.up && restored.down == base.down && restored.upVia == base.upVia && restored.downVia == base.downVia,
                    "\(changes) changes undone")
        }
        #expect(recomputedAtMost < topology.arcCount / 10, "one change reaches only the arcs above it")
    }

    @Test func selectionFindsTheTerminalsASortWould() {
        // The separator picks its sources and sinks by selection; the sets must be a sort's.
        var random = SplitMix(seed: 31)
        for count in [3, 4, 5, 10, 101, 1000] {
            for _ in 0..<20 {
                // Few distinct positions, so that ties are broken by the index.
                let keys = (0..<count).map { (Double(random.below(7)), Int32($0)) }
                let sorted = keys.sorted { $0 < $1 }
                let terminals = max(1, count / 4)
                var selected = keys
                InertialFlowSeparator.select(&selected, first: terminals, in: 0..<count)
                InertialFlowSeparator.select(&selected, first: count - 2 * terminals, in: terminals..<count)
                #expect(Set(selected.prefix(terminals).map(\.1)) == Set(sorted.prefix(terminals).map(\.1)), "\(count): first")
                #expect(Set(selected.suffix(terminals).map(\.1)) == Set(sorted.suffix(terminals).map(\.1)), "\(count): last")
            }
        }
    }

    @Test func orderAndTopologyAreDeterministic() {
        let graph = TestGraphs.grid(width: 25, height: 25, seed: 1)
        let (x, y) = Self.gridPositions(width: 25, nodeCount: graph.nodeCount)
        let first = Self.topology(graph, x: x, y: y), second = Self.topology(graph, x: x, y: y)
        #expect(first.rank == second.rank && first.upHead == second.upHead && first.inputSlot == second.inputSlot)
        #expect(Set(first.rank).count == graph.nodeCount)
        #expect(first.encoded() == second.encoded())
    }

    /// Positions of the grid jittered by up to a third of a cell, so that the four directions
    /// cut differently and later ones are given up part way.
    static func jitteredPositions(width: Int, nodeCount: Int, seed: UInt64) -> (x: [Double], y: [Double]) {
        var random = SplitMix(seed: seed)
        let (x, y) = gridPositions(width: width, nodeCount: nodeCount)
        return (x.map { $0 + Double(random.below(601) - 300) / 900 }, y.map { $0 + Double(random.below(601) - 300) / 900 })
    }

    @Test(arguments: [1, 2, 3])
    func helpersSplitAsOneSeparatorAlone(helperCount: Int) {
        for (width, height, seed) in [(30, 20, 3), (17, 41, 4), (24, 24, 5)] as [(Int, Int, UInt64)] {
            let graph = TestGraphs.grid(width: width, height: height, seed: seed)
            let undirected = UndirectedGraph(nodeCount: graph.nodeCount, tails: graph.tails, heads: graph.heads,
                                             usable: graph.weights.map { $0 != WeightedGraph.unreachable })
            let (x, y) = Self.jitteredPositions(width: width, nodeCount: graph.nodeCount, seed: seed)
            let alone = InertialFlowSeparator(graph: undirected, x: x, y: y)
            let helpers = (0..<helperCount).map { _ in InertialFlowSeparator(graph: undirected, x: x, y: y) }
            let part = alone.components(of: (0..<Int32(graph.nodeCount)).map { $0 }).max { $0.count < $1.count }!
            let single = alone.separate(part), shared = alone.separate(part, helpers: helpers)
            #expect(single.first == shared.first && single.second == shared.second && single.separator == shared.separator,
                    "\(width) × \(height) with \(helperCount) helpers")
        }
    }

    @Test func theOrderIsTheSameOnAnyNumberOfThreads() {
        let graph = TestGraphs.grid(width: 40, height: 30, seed: 6)
        let usable = graph.weights.map { $0 != WeightedGraph.unreachable }
        let (x, y) = Self.jitteredPositions(width: 40, nodeCount: graph.nodeCount, seed: 6)
        let ranks = [1, 2, 3, 8].map { threads in
            NestedDissection.ranks(nodeCount: graph.nodeCount, tails: graph.tails, heads: graph.heads,
                                   usable: usable, x: x, y: y, threads: threads)
        }
        #expect(ranks.allSatisfy { $0 == ranks[0] })
    }

    @Test func heightGroupsPutEveryRankBelowItsParent() {
        // Customisation runs one height group at a time, its ranks at once: a rank must lie in a
        // lower group than its parent, at the height of its tallest child plus one.
        let graph = TestGraphs.campus(buildings: 5, floors: 4, rooms: 10, seed: 8)
        var random = SplitMix(seed: 3)
        let x = (0..<graph.nodeCount).map { _ in Double(random.below(500)) }
        let y = (0..<graph.nodeCount).map { _ in Double(random.below(500)) }
        let topology = Self.topology(graph, x: x, y: y)
        var height = [Int](repeating: -1, count: topology.nodeCount)
        var widest = 0
        for group in 0..<(topology.levelFirst.count - 1) {
            let ranks = topology.levelRanks[Int(topology.levelFirst[group])..<Int(topology.levelFirst[group + 1])]
            #expect(!ranks.isEmpty && zip(ranks, ranks.dropFirst()).allSatisfy { $0 < $1 }, "group \(group) ascends")
            widest = max(widest, ranks.count)
            for rank in ranks { height[Int(rank)] = group }
        }
        #expect(topology.levelFirst.first == 0 && Int(topology.levelFirst.last!) == topology.nodeCount)
        #expect(!height.contains(-1), "every rank in one group")
        #expect(topology.widestLevel == widest)
        var tallestChild = [Int](repeating: -1, count: topology.nodeCount)
        for rank in 0..<topology.nodeCount {
            guard let parent = topology.parent(of: rank) else { continue }
            #expect(height[parent] > height[rank], "rank \(rank) below its parent \(parent)")
            tallestChild[parent] = max(tallestChild[parent], height[rank])
        }
        #expect((0..<topology.nodeCount).allSatisfy { height[$0] == tallestChild[$0] + 1 }, "heights are the tallest child's plus one")
    }

    @Test func separatorsSplitAGridAcrossItsShortSide() {
        // A 40 × 10 grid: the smallest balanced cut is a column of 10 nodes.
        let graph = TestGraphs.grid(width: 40, height: 10, seed: 1)
        let usable = [Bool](repeating: true, count: graph.arcCount)
        let undirected = UndirectedGraph(nodeCount: graph.nodeCount, tails: graph.tails, heads: graph.heads, usable: usable)
        let (x, y) = Self.gridPositions(width: 40, nodeCount: graph.nodeCount)
        let separator = InertialFlowSeparator(graph: undirected, x: x, y: y)
        let (first, second, cut) = separator.separate((0..<Int32(graph.nodeCount)).map { $0 })
        #expect(cut.count == 10)
        #expect(first.count >= 80 && second.count >= 80)
        let sides = Dictionary(uniqueKeysWithValues: first.map { ($0, 0) } + second.map { ($0, 1) })
        for arc in 0..<graph.arcCount {
            if let a = sides[Int32(graph.tails[arc])], let b = sides[Int32(graph.heads[arc])] {
                #expect(a == b, "arc \(arc) joins the two sides")
            }
        }
    }

    @Test func encodingRoundTrips() throws {
        let graph = TestGraphs.grid(width: 12, height: 9, seed: 5)
        let (x, y) = Self.gridPositions(width: 12, nodeCount: graph.nodeCount)
        let topology = Self.topology(graph, x: x, y: y)
        let decoded = try topology.encoded().withUnsafeBytes { buffer in
            try CustomisableTopology(encoded: buffer, inputTails: graph.tails, inputHeads: graph.heads,
                                     usable: graph.weights.map { $0 != WeightedGraph.unreachable })
        }
        #expect(decoded.rank == topology.rank && decoded.upFirst == topology.upFirst)
        #expect(decoded.upHead == topology.upHead && decoded.inputSlot == topology.inputSlot)
    }

    @Test func damagedTopologiesAreRefused() throws {
        let graph = TestGraphs.grid(width: 8, height: 8, seed: 5)
        let (x, y) = Self.gridPositions(width: 8, nodeCount: graph.nodeCount)
        let good = Self.topology(graph, x: x, y: y)
        let usable = graph.weights.map { $0 != WeightedGraph.unreachable }
        func make(rank: [UInt32]? = nil, upFirst: [UInt32]? = nil, upHead: [UInt32]? = nil, usable flags: [Bool]? = nil) throws -> CustomisableTopology {
            try CustomisableTopology(rank: rank ?? good.rank, upFirst: upFirst ?? good.upFirst, upHead: upHead ?? good.upHead,
                                     inputTails: graph.tails, inputHeads: graph.heads, usable: flags ?? usable)
        }
        var rank = good.rank
        rank[0] = rank[1]
        #expect(throws: CustomisableTopology.Failure.self) { try make(rank: rank) }
        var first = good.upFirst
        first[3] = first[4] + 1
        #expect(throws: CustomisableTopology.Failure.self) { try make(upFirst: first) }
        var heads = good.upHead
        heads[0] = 0
        #expect(throws: CustomisableTopology.Failure.self) { try make(upHead: heads) }
        // An input arc between two nodes the topology does not join: rank 0 and a rank outside
        // its upward list.
        let lowest = try #require(good.rank.firstIndex(of: 0))
        let joinedToLowest = Set(good.upHead[Int(good.upFirst[0])..<Int(good.upFirst[1])].map(Int.init))
        let stranger = try #require((0..<good.nodeCount).first { $0 != lowest && !joinedToLowest.contains(Int(good.rank[$0])) })
        #expect(throws: CustomisableTopology.Failure.self) {
            try CustomisableTopology(rank: good.rank, upFirst: good.upFirst, upHead: good.upHead,
                                     inputTails: graph.tails + [UInt32(lowest)], inputHeads: graph.heads + [UInt32(stranger)],
                                     usable: usable + [true])
        }
        // Dropping the last arc of the highest rank that has two keeps every array well formed
        // but breaks a triangle: customisation finds it.
        let rankWithPair = (0..<good.nodeCount).last { good.upFirst[$0 + 1] - good.upFirst[$0] >= 2 }!
        let dropped = Int(good.upFirst[rankWithPair + 1]) - 1
        let low = Int(good.upHead[Int(good.upFirst[rankWithPair])]), high = Int(good.upHead[dropped])
        let lowArcs = Int(good.upFirst[low])..<Int(good.upFirst[low + 1])
        let removed = try #require(lowArcs.first { Int(good.upHead[$0]) == high }, "chordal: the two neighbours are joined")
        var trimmedHeads = good.upHead
        trimmedHeads.remove(at: removed)
        let trimmedFirst = good.upFirst.enumerated().map { $0.offset > low ? $0.element - 1 : $0.element }
        // The input arc that joined the two, if any, must not be usable any more.
        let ends = Set([low, high])
        let trimmedUsable = usable.indices.map { arc in
            usable[arc] && Set([Int(good.rank[Int(graph.tails[arc])]), Int(good.rank[Int(graph.heads[arc])])]) != ends
        }
        let broken = try make(upFirst: trimmedFirst, upHead: trimmedHeads, usable: trimmedUsable)
        #expect(throws: CustomisableTopology.Failure.self) { try CustomisedMetric(topology: broken, inputWeights: graph.weights) }
    }
}
