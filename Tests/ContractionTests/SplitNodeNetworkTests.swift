import Testing
@testable import Contraction
import NavFormat

/// The node-split flow network of the nested dissection against a plain augmenting-path maximum
/// flow written out here on an explicit capacity matrix: the same number of node-disjoint paths
/// and the same cut sides (the minimum cut nearest the sources, which every maximum flow shares),
/// on random parts with sources inside their own region as well as on its edge.
@Suite struct SplitNodeNetworkTests {
    /// A connected random graph: a path through every node, then random chords.
    static func randomGraph(nodes: Int, chords: Int, random: inout SplitMix) -> UndirectedGraph {
        var tails: [UInt32] = [], heads: [UInt32] = []
        for node in 1..<nodes {
            tails.append(UInt32(node - 1))
            heads.append(UInt32(node))
        }
        for _ in 0..<chords {
            tails.append(UInt32(random.below(nodes)))
            heads.append(UInt32(random.below(nodes)))
        }
        return UndirectedGraph(nodeCount: nodes, tails: tails, heads: heads, usable: [Bool](repeating: true, count: tails.count))
    }

    /// The maximum number of node-disjoint paths from `sources` to `sinks` (either may be cut)
    /// and each node's side of the minimum cut nearest the sources: 0 the sources', 1 the sinks',
    /// 2 the cut. Node `i` is vertex `2i` (in) and `2i + 1` (out); then a super source and sink.
    static func reference(_ graph: UndirectedGraph, roles: [UInt8]) -> (flow: Int, sides: [UInt8]) {
        let n = graph.nodeCount, size = 2 * n + 2, source = 2 * n, sink = 2 * n + 1, unbounded = 1 << 20
        var capacity = [[Int]](repeating: [Int](repeating: 0, count: size), count: size)
        for i in 0..<n {
            capacity[2 * i][2 * i + 1] = 1
            for position in Int(graph.first[i])..<Int(graph.first[i + 1]) {
                capacity[2 * i + 1][2 * Int(graph.adjacent[position])] = unbounded
            }
            if roles[i] == SplitNodeNetwork.source { capacity[source][2 * i] = unbounded }
            if roles[i] == SplitNodeNetwork.sink { capacity[2 * i + 1][sink] = unbounded }
        }
        func reached() -> [Int] {
            var parent = [Int](repeating: -1, count: size)
            parent[source] = source
            var queue = [source], front = 0
            while front < queue.count {
                let u = queue[front]
                front += 1
                for v in 0..<size where parent[v] < 0 && capacity[u][v] > 0 {
                    parent[v] = u
                    queue.append(v)
                }
            }
            return parent
        }
        var flow = 0
        while true {
            let parent = reached()
            guard parent[sink] >= 0 else { break }
            var v = sink
            while v != source {
                let u = parent[v]
                capacity[u][v] -= 1
                capacity[v][u] += 1
                v = u
            }
            flow += 1
        }
        let parent = reached()
        let sides = (0..<n).map { i -> UInt8 in
            let entry = parent[2 * i] >= 0, exit = parent[2 * i + 1] >= 0
            return entry && !exit ? 2 : (entry || exit ? 0 : 1)
        }
        return (flow, sides)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func flowAndCutMatchAPlainAugmentingPathFlow(seed: UInt64) {
        var random = SplitMix(seed: seed)
        for round in 0..<25 {
            let nodes = 4 + random.below(40)
            let graph = Self.randomGraph(nodes: nodes, chords: random.below(2 * nodes), random: &random)
            // Sources in a run of low ids (so that many have only sources around them, as a
            // quarter of a part along a direction has) or scattered; sinks among the rest.
            var roles = [UInt8](repeating: 0, count: nodes)
            let sourceCount = 1 + random.below(nodes / 2), scattered = round % 3 == 0
            var chosen = 0
            while chosen < sourceCount {
                let node = scattered ? random.below(nodes) : chosen
                if roles[node] == 0 { roles[node] = SplitNodeNetwork.source; chosen += 1 }
            }
            for _ in 0..<(1 + random.below(nodes / 2)) {
                let node = random.below(nodes)
                if roles[node] == 0 { roles[node] = SplitNodeNetwork.sink }
            }
            guard roles.contains(SplitNodeNetwork.sink) else { continue }

            let network = SplitNodeNetwork(nodeCapacity: nodes, edgeCapacity: graph.adjacent.count)
            defer { network.deallocate() }
            network.build(part: (0..<Int32(nodes)).map { $0 }, graph: graph, local: (0..<Int32(nodes)).map { $0 })
            for node in 0..<nodes { network.role[node] = roles[node] }
            let expected = Self.reference(graph, roles: roles)
            let flow = network.maximumFlow(limit: Int.max)
            #expect(flow == expected.flow, "seed \(seed) round \(round)")
            #expect(network.cutSides() == expected.sides, "seed \(seed) round \(round)")
            if expected.flow > 0 {
                #expect(network.maximumFlow(limit: expected.flow - 1) == nil, "a flow past its limit is given up")
                #expect(network.maximumFlow(limit: expected.flow) == expected.flow)
            }
        }
    }
}
