import NavFormat

/// A bounded Dijkstra from one node over the remaining graph, avoiding the nodes being
/// contracted: if it finds a path to a neighbour no longer than the way through such a node, no
/// shortcut is needed.
///
/// Each worker thread of a build owns one; it is a class over raw memory so that workers share
/// nothing but the graph they read.
final class WitnessSearch {
    private let distance: UnsafeMutablePointer<UInt32>
    /// `targetMark[node] == query` while `node` is a target not yet settled in this search.
    private let targetMark: UnsafeMutablePointer<UInt32>
    private let nodeCount: Int
    private var query: UInt32 = 0
    /// Nodes whose distance the last search set, to clear before the next: `touchedCount` of
    /// them. Raw memory, and a count copied to a local while searching, because a class's
    /// stored properties are checked for exclusive access on every write.
    private let touched: UnsafeMutablePointer<Int32>
    private var touchedCount = 0
    /// Ties go by the heap's history, which is deterministic: the hierarchy does not depend on
    /// how equal distances are ordered, only on doing it the same way every build.
    private let heap: IndexedHeap<KeyOrder>

    init(nodeCount: Int) {
        self.nodeCount = max(nodeCount, 1)
        distance = .allocate(capacity: self.nodeCount)
        distance.initialize(repeating: .max, count: self.nodeCount)
        targetMark = .allocate(capacity: self.nodeCount)
        targetMark.initialize(repeating: 0, count: self.nodeCount)
        touched = .allocate(capacity: self.nodeCount)
        heap = IndexedHeap(capacity: nodeCount)
    }

    deinit {
        distance.deallocate()
        targetMark.deallocate()
        touched.deallocate()
    }

    /// Distances from `source` without passing `avoiding` or any node whose `blocked` entry
    /// equals `round`, exact up to `bound` unless more than `settleLimit` nodes had to be
    /// settled; unknown distances read as `UInt32.max`. The search stops once every node of
    /// `targets` is settled, since only their distances are asked for.
    func run(_ graph: DynamicGraph, from source: Int32, avoiding: Int32, blocked: UnsafePointer<UInt32>, round: UInt32,
             targets: ArraySlice<DynamicGraph.Edge>, bound: UInt32, settleLimit: Int) {
        query &+= 1
        if query == 0 {
            targetMark.update(repeating: 0, count: nodeCount)
            query = 1
        }
        heap.removeAll()
        var remaining = 0
        let query = self.query, marks = targetMark, distance = self.distance, touched = self.touched
        for target in targets where target.other != source && marks[Int(target.other)] != query {
            marks[Int(target.other)] = query
            remaining += 1
        }
        for index in 0..<touchedCount { distance[Int(touched[index])] = .max }
        touchedCount = 0
        guard remaining > 0 else { return }
        let pool = graph.outgoing
        var touchedCount = 0
        defer { self.touchedCount = touchedCount }
        pool.edges.withUnsafeBufferPointer { edges in
            distance[Int(source)] = 0
            touched[touchedCount] = source
            touchedCount += 1
            heap.update(UInt32(bitPattern: source), key: 0)
            var settled = 0
            while let entry = heap.pop() {
                let node = Int(entry.node)
                let reached = UInt32(truncatingIfNeeded: entry.key)
                if reached > bound || settled >= settleLimit { break }
                settled += 1;
                if marks[node] == query {
                    marks[node] = 0
                    remaining -= 1
                    if remaining == 0 { break }
                }
                let first = pool.start[node]
                for edge in edges[first..<(first + Int(pool.count[node]))]
                where edge.other != avoiding && blocked[Int(edge.other)] != round {
                    let total = UInt64(reached) + UInt64(edge.weight)
                    let next = Int(edge.other)
                    guard total <= UInt64(bound), UInt32(truncatingIfNeeded: total) < distance[next] else { continue }
                    if distance[next] == .max {
                        touched[touchedCount] = edge.other
                        touchedCount += 1
                    }
                    distance[next] = UInt32(truncatingIfNeeded: total)
                    heap.update(UInt32(bitPattern: edge.other), key: total)
                }
            }
        }
    }

    func distance(to node: Int32) -> UInt32 { distance[Int(node)] }
}
