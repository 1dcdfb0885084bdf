/// Builds a ``ContractionHierarchy``: contracts nodes one by one in order of priority, adding a
/// shortcut wherever a witness search finds no path as short as the one through the node.
///
/// Priority is the classic mix of edge quotient (shortcuts added per edge removed), hop quotient
/// (input arcs the shortcuts stand for, per input arcs removed) and depth (how many contracted
/// neighbours lie below), with lazy re-evaluation when a node comes up and neighbours
/// re-evaluated after each contraction. Ties go to the lower node id, so the same graph and
/// parameters always give the same hierarchy.
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

    /// The state of one build.
    struct Run {
        let nodeCount: Int
        let parameters: ContractionParameters
        var graph: DynamicGraph
        var witness: WitnessSearch
        var depth: [UInt32]
        var rank: [UInt32]
        let queue: IndexedHeap
        /// Arcs of the hierarchy in input node ids, gathered as nodes are contracted.
        var upward: [[DynamicGraph.Edge]]
        var downward: [[DynamicGraph.Edge]]

        init(input: WeightedGraph, parameters: ContractionParameters) {
            nodeCount = input.nodeCount
            self.parameters = parameters
            graph = DynamicGraph(input)
            witness = WitnessSearch(nodeCount: nodeCount)
            depth = Array(repeating: 0, count: nodeCount)
            rank = Array(repeating: .max, count: nodeCount)
            queue = IndexedHeap(capacity: nodeCount)
            upward = Array(repeating: [], count: nodeCount)
            downward = Array(repeating: [], count: nodeCount)
        }

        mutating func contractAll(progress: ((Double) -> Void)?) {
            for node in 0..<Int32(nodeCount) { queue.update(node, key: priorityKey(node)) }
            var contracted = 0
            let step = max(1, nodeCount / 100)
            while let (node, key) = queue.pop() {
                // Lazy update: a node whose priority grew since it was queued goes back in line.
                if parameters.lazyUpdates {
                    let fresh = priorityKey(node)
                    if fresh > key, fresh > queue.minimumKey {
                        queue.update(node, key: fresh)
                        continue
                    }
                }
                let neighbours = contract(node)
                rank[Int(node)] = UInt32(contracted)
                contracted += 1
                for neighbour in neighbours { queue.set(neighbour, key: priorityKey(neighbour)) }
                if contracted % step == 0 { progress?(Double(contracted) / Double(nodeCount)) }
            }
        }

        /// The shortcuts contracting `node` would need: (from, to, weight, hops).
        mutating func shortcuts(of node: Int32, settleLimit: Int,
                                _ found: (Int32, Int32, UInt32, UInt32) -> Void) {
            let incoming = graph.incoming[Int(node)], outgoing = graph.outgoing[Int(node)]
            guard !incoming.isEmpty, !outgoing.isEmpty else { return }
            var longestOut: UInt32 = 0
            for exit in outgoing { longestOut = max(longestOut, exit.weight) }
            for entry in incoming {
                let bound = UInt64(entry.weight) + UInt64(longestOut)
                witness.run(graph, from: entry.other, avoiding: node, targets: outgoing,
                            bound: UInt32(min(bound, UInt64(UInt32.max - 1))), settleLimit: settleLimit)
                for exit in outgoing where exit.other != entry.other {
                    let through = UInt64(entry.weight) + UInt64(exit.weight)
                    guard through < UInt64(WeightedGraph.unreachable) else { continue }
                    if UInt64(witness.distance(to: exit.other)) > through {
                        found(entry.other, exit.other, UInt32(through), entry.hops + exit.hops)
                    }
                }
            }
        }

        /// Lower is contracted sooner; the node id in the low bits breaks ties.
        mutating func priorityKey(_ node: Int32) -> UInt64 {
            var added = 0, addedHops = 0
            shortcuts(of: node, settleLimit: parameters.estimateSettleLimit) { _, _, _, hops in
                added += 1
                addedHops += Int(hops)
            }
            let edges = graph.incoming[Int(node)].count + graph.outgoing[Int(node)].count
            let hops = graph.incoming[Int(node)].reduce(0) { $0 + Int($1.hops) }
                + graph.outgoing[Int(node)].reduce(0) { $0 + Int($1.hops) }
            let edgeQuotient = Double(added) / Double(max(edges, 1))
            let hopQuotient = Double(addedHops) / Double(max(hops, 1))
            let priority = 2 * edgeQuotient + 4 * hopQuotient + Double(depth[Int(node)])
            return UInt64(min(priority * 1024, Double(UInt32.max))) << 32 | UInt64(UInt32(node))
        }

        /// Freezes the node's remaining edges as hierarchy arcs, adds its shortcuts, takes it out
        /// of the graph and returns its neighbours (whose priorities changed).
        mutating func contract(_ node: Int32) -> [Int32] {
            upward[Int(node)] = Array(graph.outgoing[Int(node)])
            downward[Int(node)] = Array(graph.incoming[Int(node)])
            var added: [(Int32, Int32, UInt32, UInt32)] = []
            shortcuts(of: node, settleLimit: parameters.witnessSettleLimit) { added.append(($0, $1, $2, $3)) }
            for (tail, head, weight, hops) in added {
                graph.addOrLower(tail, head, weight: weight, hops: hops, via: node)
            }
            var neighbours = Set<Int32>()
            for edge in graph.outgoing[Int(node)] { neighbours.insert(edge.other) }
            for edge in graph.incoming[Int(node)] { neighbours.insert(edge.other) }
            graph.remove(node)
            for neighbour in neighbours {
                depth[Int(neighbour)] = max(depth[Int(neighbour)], depth[Int(node)] + 1)
            }
            return neighbours.sorted()
        }

        /// The hierarchy in rank order: node `r` of the arrays is the node contracted `r`-th.
        func hierarchy() -> ContractionHierarchy {
            var nodeAtRank = [UInt32](repeating: 0, count: nodeCount)
            for node in 0..<nodeCount { nodeAtRank[Int(rank[node])] = UInt32(node) }
            func flatten(_ lists: [[DynamicGraph.Edge]]) -> (first: [UInt32], other: [UInt32], weight: [UInt32], via: [UInt32]) {
                var first = [UInt32](repeating: 0, count: nodeCount + 1)
                var other: [UInt32] = [], weight: [UInt32] = [], via: [UInt32] = []
                let total = lists.reduce(0) { $0 + $1.count }
                other.reserveCapacity(total)
                weight.reserveCapacity(total)
                via.reserveCapacity(total)
                for position in 0..<nodeCount {
                    let node = Int(nodeAtRank[position])
                    let edges = lists[node].sorted { rank[Int($0.other)] < rank[Int($1.other)] }
                    for edge in edges {
                        other.append(rank[Int(edge.other)])
                        weight.append(edge.weight)
                        via.append(edge.via >= 0 ? rank[Int(edge.via)] : ContractionHierarchy.originalArc | UInt32(-(edge.via + 1)))
                    }
                    first[position + 1] = UInt32(other.count)
                }
                return (first, other, weight, via)
            }
            let up = flatten(upward), down = flatten(downward)
            // A shortcut's halves were frozen at its middle node when that node was contracted;
            // they are found once here so that no query has to look for them.
            func halves(via: UInt32, tail: UInt32, head: UInt32) -> (UInt32, UInt32) {
                guard via & ContractionHierarchy.originalArc == 0 else { return (via, via) }
                let middle = Int(via)
                guard let first = Self.find(tail, in: down.other, Int(down.first[middle])..<Int(down.first[middle + 1])),
                      let second = Self.find(head, in: up.other, Int(up.first[middle])..<Int(up.first[middle + 1])) else {
                    preconditionFailure("shortcut \(tail) -> \(head) lost its halves at \(middle)")
                }
                return (up.first[middle] + UInt32(first), down.first[middle + 1] + UInt32(second))
            }
            var slots = [UInt32]()
            slots.reserveCapacity(2 * (up.other.count + down.other.count))
            for node in 0..<nodeCount {
                for arc in Int(down.first[node])..<Int(down.first[node + 1]) {
                    let (first, second) = halves(via: down.via[arc], tail: down.other[arc], head: UInt32(node))
                    slots.append(first)
                    slots.append(second)
                }
                for arc in Int(up.first[node])..<Int(up.first[node + 1]) {
                    let (first, second) = halves(via: up.via[arc], tail: UInt32(node), head: up.other[arc])
                    slots.append(first)
                    slots.append(second)
                }
            }
            return ContractionHierarchy(rank: rank, nodeAtRank: nodeAtRank,
                                        upFirst: up.first, upHead: up.other, upWeight: up.weight, upVia: up.via,
                                        downFirst: down.first, downTail: down.other, downWeight: down.weight,
                                        downVia: down.via, halves: slots)
        }

        /// The index of `node` in the sorted slice `range` of `ends`, if present.
        static func find(_ node: UInt32, in ends: [UInt32], _ range: Range<Int>) -> Int? {
            var low = range.lowerBound, high = range.upperBound
            while low < high {
                let middle = (low + high) / 2
                if ends[middle] < node { low = middle + 1 } else { high = middle }
            }
            return low < range.upperBound && ends[low] == node ? low : nil
        }
    }
}
