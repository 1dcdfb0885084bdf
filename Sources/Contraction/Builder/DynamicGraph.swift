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

    var outgoing: EdgePool
    var incoming: EdgePool

    /// Keeps, of parallel arcs, the lightest (the first given on ties); drops loops and
    /// unreachable arcs.
    init(_ input: WeightedGraph) {
        outgoing = EdgePool(nodeCount: input.nodeCount)
        incoming = EdgePool(nodeCount: input.nodeCount)
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
            outgoing.append(Edge(other: Int32(head), weight: weight, hops: 1, via: via), to: tail)
            incoming.append(Edge(other: Int32(tail), weight: weight, hops: 1, via: via), to: head)
        }
    }

    /// Adds `tail → head`, or lowers the existing edge when the new one is lighter.
    mutating func addOrLower(_ tail: Int32, _ head: Int32, weight: UInt32, hops: UInt32, via: Int32) {
        if let position = outgoing.position(of: head, at: Int(tail)) {
            guard weight < outgoing.edges[position].weight else { return }
            outgoing.replace(at: position, with: Edge(other: head, weight: weight, hops: hops, via: via))
            let back = incoming.position(of: tail, at: Int(head))!
            incoming.replace(at: back, with: Edge(other: tail, weight: weight, hops: hops, via: via))
        } else {
            outgoing.append(Edge(other: head, weight: weight, hops: hops, via: via), to: Int(tail))
            incoming.append(Edge(other: tail, weight: weight, hops: hops, via: via), to: Int(head))
        }
    }

    /// Takes `node` out: its neighbours forget their edges to it.
    mutating func remove(_ node: Int32) {
        for edge in outgoing[Int(node)] { incoming.remove(node, at: Int(edge.other)) }
        for edge in incoming[Int(node)] { outgoing.remove(node, at: Int(edge.other)) }
        outgoing.removeAll(at: Int(node))
        incoming.removeAll(at: Int(node))
    }
}
