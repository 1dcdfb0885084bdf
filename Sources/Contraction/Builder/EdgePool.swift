/// The edges of every node in one array: each node owns a segment with room to grow; a segment
/// that fills up moves to the end with twice the room.
///
/// One array instead of an array per node: a witness search then reads all adjacency through one
/// buffer, without retaining a node's array for every node it settles.
struct EdgePool {
    private(set) var edges: [DynamicGraph.Edge] = []
    private(set) var start: [Int]
    private(set) var count: [Int32]
    private var capacity: [Int32]
    /// Slots left behind by segments that moved.
    private var abandoned = 0

    init(nodeCount: Int) {
        start = Array(repeating: 0, count: nodeCount)
        count = Array(repeating: 0, count: nodeCount)
        capacity = Array(repeating: 0, count: nodeCount)
    }

    /// The edges of `node`, in the order they were added.
    subscript(node: Int) -> ArraySlice<DynamicGraph.Edge> {
        edges[start[node]..<(start[node] + Int(count[node]))]
    }

    mutating func append(_ edge: DynamicGraph.Edge, to node: Int) {
        if count[node] == capacity[node] {
            // Once more than half the pool is left behind, pack the live segments together again.
            if abandoned > edges.count / 2 { compact() }
            abandoned += Int(capacity[node])
            let larger = max(4, 2 * Int(capacity[node]))
            let moved = edges.count
            for index in start[node]..<(start[node] + Int(count[node])) { edges.append(edges[index]) }
            edges.append(contentsOf: repeatElement(edge, count: larger - Int(count[node])))
            start[node] = moved
            capacity[node] = Int32(larger)
        }
        edges[start[node] + Int(count[node])] = edge
        count[node] += 1
    }

    /// Rewrites the pool with the segments in node order and no gaps but their own spare room.
    private mutating func compact() {
        var packed: [DynamicGraph.Edge] = []
        packed.reserveCapacity(edges.count - abandoned)
        for node in start.indices where capacity[node] > 0 {
            let first = start[node]
            start[node] = packed.count
            packed.append(contentsOf: edges[first..<(first + Int(capacity[node]))])
        }
        edges = packed
        abandoned = 0
    }

    /// The position in ``edges`` of the edge of `node` to `other`, if any.
    func position(of other: Int32, at node: Int) -> Int? {
        for index in start[node]..<(start[node] + Int(count[node])) where edges[index].other == other { return index }
        return nil
    }

    mutating func replace(at position: Int, with edge: DynamicGraph.Edge) {
        edges[position] = edge
    }

    /// Removes the edge of `node` to `other`, keeping the others in order.
    mutating func remove(_ other: Int32, at node: Int) {
        guard let found = position(of: other, at: node) else { return }
        let end = start[node] + Int(count[node])
        for index in found..<(end - 1) { edges[index] = edges[index + 1] }
        count[node] -= 1
    }

    /// Empties the segment of `node` for good (a contracted node gets no more edges).
    mutating func removeAll(at node: Int) {
        abandoned += Int(capacity[node])
        count[node] = 0
        capacity[node] = 0
    }
}

extension EdgePool {
    /// The pool as raw buffers, for loops over many nodes that only read.
    struct Adjacency {
        let edges: UnsafeBufferPointer<DynamicGraph.Edge>
        let start: UnsafeBufferPointer<Int>
        let count: UnsafeBufferPointer<Int32>

        @inline(__always)
        func edges(of node: Int) -> UnsafeBufferPointer<DynamicGraph.Edge> {
            UnsafeBufferPointer(rebasing: edges[start[node]..<(start[node] + Int(count[node]))])
        }
    }

    func withAdjacency<R>(_ body: (Adjacency) -> R) -> R {
        edges.withUnsafeBufferPointer { edges in
            start.withUnsafeBufferPointer { start in
                count.withUnsafeBufferPointer { count in
                    body(Adjacency(edges: edges, start: start, count: count))
                }
            }
        }
    }
}
