/// The graph of the nodes not yet contracted, with the shortcuts added so far, in both directions.
struct DynamicGraph {
    struct Edge {
        var other: Int32
        var weight: UInt32
        /// Original arcs the edge stands for (1 for an input arc): part of a node's priority.
        var hops: UInt32
        /// The contracted node a shortcut passes, or `-(arc + 1)` for input arc `arc`.
        var via: Int32
    }

    var outgoing: [[Edge]]
    var incoming: [[Edge]]

    /// Keeps, of parallel arcs, the lightest (the first given on ties); drops loops and
    /// unreachable arcs.
    init(_ input: WeightedGraph) {
        outgoing = Array(repeating: [], count: input.nodeCount)
        incoming = Array(repeating: [], count: input.nodeCount)
        var lightest: [UInt64: Int] = [:]
        lightest.reserveCapacity(input.arcCount)
        for arc in 0..<input.arcCount where input.weights[arc] != WeightedGraph.unreachable {
            let tail = input.tails[arc], head = input.heads[arc]
            guard tail != head else { continue }
            let key = UInt64(tail) << 32 | UInt64(head)
            if let kept = lightest[key], input.weights[kept] <= input.weights[arc] { continue }
            lightest[key] = arc
        }
        for arc in lightest.values.sorted() {
            let tail = Int(input.tails[arc]), head = Int(input.heads[arc])
            let weight = input.weights[arc], via = -Int32(arc) - 1
            outgoing[tail].append(Edge(other: Int32(head), weight: weight, hops: 1, via: via))
            incoming[head].append(Edge(other: Int32(tail), weight: weight, hops: 1, via: via))
        }
    }

    /// Adds `tail → head`, or lowers the existing edge when the new one is lighter.
    mutating func addOrLower(_ tail: Int32, _ head: Int32, weight: UInt32, hops: UInt32, via: Int32) {
        if let index = outgoing[Int(tail)].firstIndex(where: { $0.other == head }) {
            guard weight < outgoing[Int(tail)][index].weight else { return }
            outgoing[Int(tail)][index] = Edge(other: head, weight: weight, hops: hops, via: via)
            let back = incoming[Int(head)].firstIndex { $0.other == tail }!
            incoming[Int(head)][back] = Edge(other: tail, weight: weight, hops: hops, via: via)
        } else {
            outgoing[Int(tail)].append(Edge(other: head, weight: weight, hops: hops, via: via))
            incoming[Int(head)].append(Edge(other: tail, weight: weight, hops: hops, via: via))
        }
    }

    /// Takes `node` out: its neighbours forget their edges to it.
    mutating func remove(_ node: Int32) {
        for edge in outgoing[Int(node)] { incoming[Int(edge.other)].removeAll { $0.other == node } }
        for edge in incoming[Int(node)] { outgoing[Int(edge.other)].removeAll { $0.other == node } }
        outgoing[Int(node)] = []
        incoming[Int(node)] = []
    }
}
