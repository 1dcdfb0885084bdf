/// Plain Dijkstra on the input graph: the yardstick hierarchies are checked and timed against.
public struct ReferenceDijkstra {
    public let graph: WeightedGraph
    private let first: [Int]
    private let arcOrder: [Int32]
    private var distance: [UInt32]
    private var parent: [Int32]
    private var touched: [Int32] = []
    private let heap: IndexedHeap

    public init(graph: WeightedGraph) {
        self.graph = graph
        var first = [Int](repeating: 0, count: graph.nodeCount + 1)
        for tail in graph.tails { first[Int(tail) + 1] += 1 }
        for node in 0..<graph.nodeCount { first[node + 1] += first[node] }
        var fill = first
        var order = [Int32](repeating: 0, count: graph.arcCount)
        for arc in 0..<graph.arcCount {
            order[fill[Int(graph.tails[arc])]] = Int32(arc)
            fill[Int(graph.tails[arc])] += 1
        }
        self.first = first
        arcOrder = order
        distance = Array(repeating: .max, count: graph.nodeCount)
        parent = Array(repeating: -1, count: graph.nodeCount)
        heap = IndexedHeap(capacity: graph.nodeCount)
    }

    /// The distance from `source` to `target`, or `nil` when unreachable.
    public mutating func distance(from source: Int, to target: Int) -> UInt32? {
        run(from: source, until: target)
        return distance[target] == .max ? nil : distance[target]
    }

    /// The input arcs of a shortest path (one of them, when several tie).
    public mutating func path(from source: Int, to target: Int) -> [Int]? {
        run(from: source, until: target)
        guard distance[target] != .max else { return nil }
        var arcs: [Int] = []
        var node = target
        while parent[node] >= 0 {
            arcs.append(Int(parent[node]))
            node = Int(graph.tails[Int(parent[node])])
        }
        return arcs.reversed()
    }

    private mutating func run(from source: Int, until target: Int) {
        for node in touched {
            distance[Int(node)] = .max
            parent[Int(node)] = -1
        }
        touched.removeAll(keepingCapacity: true)
        heap.removeAll()
        distance[source] = 0
        touched.append(Int32(source))
        heap.update(Int32(source), key: 0)
        while let (value, key) = heap.pop() {
            let node = Int(value)
            if node == target { break }
            for slot in first[node]..<first[node + 1] {
                let arc = Int(arcOrder[slot])
                let weight = graph.weights[arc]
                guard weight != WeightedGraph.unreachable else { continue }
                let head = Int(graph.heads[arc])
                let total = key + UInt64(weight)
                guard total < UInt64(distance[head]) else { continue }
                if distance[head] == .max { touched.append(Int32(head)) }
                distance[head] = UInt32(total)
                parent[head] = Int32(arc)
                heap.update(Int32(head), key: total)
            }
        }
    }
}
