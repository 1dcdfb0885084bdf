/// Builds a ``ContractionHierarchy``: contracts nodes in order of priority, adding a shortcut
/// wherever a witness search finds no path as short as the one through the node.
///
/// Priority is the classic mix of edge quotient (shortcuts added per edge removed), hop quotient
/// (input arcs the shortcuts stand for, per input arcs removed) and depth (how many contracted
/// neighbours lie below). Nodes are contracted in rounds: each round takes the nodes whose
/// priority is lower than that of every node within two hops, estimates them again, contracts
/// those still first side by side, then estimates their neighbours again. Nodes of one round
/// share no neighbour, so their shortcuts do not interfere, and their witness searches are
/// independent, so they run on all cores. Ties go to the lower node id and results are merged in
/// a fixed order, so the same graph and parameters give the same hierarchy on any number of
/// threads (`docs/contraction.md`).
public struct ContractionBuilder {
    public let parameters: ContractionParameters

    public init(parameters: ContractionParameters = ContractionParameters()) {
        self.parameters = parameters
    }

    /// Contracts every node of `input`. `progress` is called now and then with the share done.
    public func build(_ input: WeightedGraph, progress: ((Double) -> Void)? = nil) -> ContractionHierarchy {
        var run = Run(input: input, parameters: parameters)
        run.contractAll(progress: progress)
        return run.hierarchy()
    }

    /// A shortcut a contraction needs: `from → to` through the contracted node.
    struct Shortcut {
        var from: Int32
        var to: Int32
        var weight: UInt32
        var hops: UInt32
    }

    /// The state of one build.
    struct Run {
        let nodeCount: Int
        let parameters: ContractionParameters
        var graph: DynamicGraph
        /// One per worker thread.
        let searches: [WitnessSearch]
        var depth: [UInt32]
        var rank: [UInt32]
        /// Each remaining node's priority: lower is contracted sooner.
        var key: [UInt64]
        /// The round a node is contracted in, while that round lasts; witness searches avoid it.
        var blocked: [UInt32]
        /// The last round a node was listed as a neighbour of a contracted node in.
        var listed: [UInt32]
        /// Arcs of the hierarchy in input node ids, gathered as nodes are contracted.
        var upward: [[DynamicGraph.Edge]]
        var downward: [[DynamicGraph.Edge]]

        /// A round number no round reaches: estimates block no node but the one they estimate.
        static let noRound = UInt32.max

        init(input: WeightedGraph, parameters: ContractionParameters) {
            nodeCount = input.nodeCount
            self.parameters = parameters
            graph = DynamicGraph(input)
            let workers = max(1, min(parameters.threads ?? ContractionParameters.processorCount, 64))
            searches = (0..<workers).map { _ in WitnessSearch(nodeCount: input.nodeCount) }
            depth = Array(repeating: 0, count: nodeCount)
            rank = Array(repeating: .max, count: nodeCount)
            key = Array(repeating: .max, count: nodeCount)
            blocked = Array(repeating: 0, count: nodeCount)
            listed = Array(repeating: 0, count: nodeCount)
            upward = Array(repeating: [], count: nodeCount)
            downward = Array(repeating: [], count: nodeCount)
        }

        mutating func contractAll(progress: ((Double) -> Void)?) {
            var remaining = (0..<Int32(nodeCount)).map { $0 }
            estimate(remaining)
            var contracted = 0, reported = 0
            var round: UInt32 = 0
            while !remaining.isEmpty {
                round += 1
                let candidates = localMinima(of: remaining)
                // Lazy update: a candidate's priority may have grown since it was estimated (a
                // shortcut two hops away can take a witness), which the estimates after each round
                // do not cover. Estimate it again and keep it only if it still comes first.
                estimate(candidates)
                // In id order: nodes of a round are independent, and input ids tend to keep
                // neighbours close, which keeps the rank-ordered arrays local.
                let chosen = localMinima(of: candidates)
                for node in chosen { blocked[Int(node)] = round }
                let found = parallelMap(chosen) { node, search in
                    shortcuts(of: node, settleLimit: parameters.witnessSettleLimit, search: search, round: round)
                }
                // Chosen nodes share no neighbour, but a neighbour can be both in and out of one.
                var neighbours: [Int32] = []
                for node in chosen {
                    upward[Int(node)] = Array(graph.outgoing[Int(node)])
                    downward[Int(node)] = Array(graph.incoming[Int(node)])
                    let below = depth[Int(node)] + 1
                    for edge in graph.outgoing[Int(node)] where listed[Int(edge.other)] != round {
                        listed[Int(edge.other)] = round
                        depth[Int(edge.other)] = max(depth[Int(edge.other)], below)
                        neighbours.append(edge.other)
                    }
                    for edge in graph.incoming[Int(node)] where listed[Int(edge.other)] != round {
                        listed[Int(edge.other)] = round
                        depth[Int(edge.other)] = max(depth[Int(edge.other)], below)
                        neighbours.append(edge.other)
                    }
                }
                // Chosen nodes share no neighbour, so no two of them add the same shortcut.
                for (node, list) in zip(chosen, found) {
                    for shortcut in list {
                        graph.addOrLower(shortcut.from, shortcut.to, weight: shortcut.weight, hops: shortcut.hops, via: node)
                    }
                }
                for node in chosen {
                    graph.remove(node)
                    rank[Int(node)] = UInt32(contracted)
                    contracted += 1
                }
                estimate(neighbours)
                remaining.removeAll { rank[Int($0)] != .max }
                if contracted - reported >= max(1, nodeCount / 100) {
                    reported = contracted
                    progress?(Double(contracted) / Double(nodeCount))
                }
            }
        }
    }
}
