/// A bounded Dijkstra from one node over the remaining graph, avoiding the node being
/// contracted: if it finds a path to a neighbour no longer than the way through that node, no
/// shortcut is needed.
struct WitnessSearch {
    private var distance: [UInt32]
    /// `targetMark[node] == round` while `node` is a target not yet settled in this round.
    private var targetMark: [UInt32]
    private var round: UInt32 = 0
    private var touched: [Int32] = []
    private let heap: IndexedHeap

    init(nodeCount: Int) {
        distance = Array(repeating: .max, count: nodeCount)
        targetMark = Array(repeating: 0, count: nodeCount)
        heap = IndexedHeap(capacity: nodeCount)
    }

    /// Distances from `source` without passing `avoiding`, exact up to `bound` unless more than
    /// `settleLimit` nodes had to be settled; unknown distances read as `UInt32.max`. The search
    /// stops once every node of `targets` is settled, since only their distances are asked for.
    mutating func run(_ graph: DynamicGraph, from source: Int32, avoiding: Int32, targets: ArraySlice<DynamicGraph.Edge>,
                      bound: UInt32, settleLimit: Int) {
        round &+= 1
        if round == 0 {
            for index in targetMark.indices { targetMark[index] = 0 }
            round = 1
        }
        let heap = self.heap
        heap.removeAll()
        var remaining = 0
        let round = self.round
        targetMark.withUnsafeMutableBufferPointer { marks in
            for target in targets where target.other != source && marks[Int(target.other)] != round {
                marks[Int(target.other)] = round
                remaining += 1
            }
        }
        guard remaining > 0 else { return }
        let pool = graph.outgoing
        distance.withUnsafeMutableBufferPointer { distance in
          pool.edges.withUnsafeBufferPointer { edges in
            targetMark.withUnsafeMutableBufferPointer { marks in
                for node in touched { distance[Int(node)] = .max }
                touched.removeAll(keepingCapacity: true)
                distance[Int(source)] = 0
                touched.append(source)
                heap.update(source, key: 0)
                var settled = 0
                while let (node, key) = heap.pop() {
                    let reached = UInt32(truncatingIfNeeded: key)
                    if reached > bound || settled >= settleLimit { break }
                    settled += 1
                    if marks[Int(node)] == round {
                        marks[Int(node)] = 0
                        remaining -= 1
                        if remaining == 0 { break }
                    }
                    let first = pool.start[Int(node)]
                    do {
                        for edge in edges[first..<(first + Int(pool.count[Int(node)]))] where edge.other != avoiding {
                            let total = UInt64(reached) + UInt64(edge.weight)
                            let next = Int(edge.other)
                            guard total <= UInt64(bound), UInt32(truncatingIfNeeded: total) < distance[next] else { continue }
                            if distance[next] == .max { touched.append(edge.other) }
                            distance[next] = UInt32(truncatingIfNeeded: total)
                            heap.update(edge.other, key: total)
                        }
                    }
                }
            }
          }
        }
    }

    func distance(to node: Int32) -> UInt32 { distance[Int(node)] }
}
