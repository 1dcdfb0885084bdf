/// The flow network in which a maximum flow is a largest set of node-disjoint paths from the
/// sources to the sinks of a part, and a minimum cut a smallest node separator.
///
/// Local node `i` becomes an entry `2i` and an exit `2i + 1`. The entry's first arc leads to the
/// exit with capacity one; each edge `{i, j}` becomes arcs of unbounded capacity from `i`'s exit
/// to `j`'s entry and back. Every arc has its reverse, with no capacity, listed at its head. The
/// sources' entries are fed without limit and the sinks' exits drain without limit, so sources
/// and sinks may be cut too.
///
/// The arrays are raw buffers sized once for the whole graph and reused for every part: the
/// flow is the order's inner loop, and buffers owned by a class would pay for exclusivity checks
/// on every access.
///
/// Only the *boundary* sources, those with a neighbour that is not a source, are searched from.
/// An inner source's neighbours are all sources, whose entries sit at level 0, so no arc of the
/// level graph leaves its exit and no augmenting path can start at it or pass through it: it
/// carries no flow in any phase. Leaving it out of the queues gives the same levels, the same
/// paths and the same cut, without scanning a quarter of the part twice per phase.
struct SplitNodeNetwork {
    static let source: UInt8 = 1
    static let sink: UInt8 = 2
    private static let unbounded = Int32.max / 2

    /// Vertex `v`'s arcs are `first[v] ..< first[v + 1]`.
    let first: UnsafeMutablePointer<Int32>
    let head: UnsafeMutablePointer<Int32>
    let reverse: UnsafeMutablePointer<Int32>
    let residual: UnsafeMutablePointer<Int32>
    let initial: UnsafeMutablePointer<Int32>
    let level: UnsafeMutablePointer<Int32>
    let current: UnsafeMutablePointer<Int32>
    let queue: UnsafeMutablePointer<Int32>
    let pathArcs: UnsafeMutablePointer<Int32>
    /// The boundary sources' local indices, ascending; their number is `sizes[2]`.
    let boundary: UnsafeMutablePointer<Int32>
    /// Per local node: ``source``, ``sink`` or 0.
    let role: UnsafeMutablePointer<UInt8>
    /// The part's size and its network's arc count, changed by ``build(part:graph:local:)``, and
    /// the number of boundary sources, changed by ``maximumFlow(limit:)``.
    let sizes: UnsafeMutablePointer<Int>

    init(nodeCapacity: Int, edgeCapacity: Int) {
        let vertices = 2 * nodeCapacity, arcs = 2 * nodeCapacity + 2 * edgeCapacity
        first = .allocate(capacity: vertices + 1)
        head = .allocate(capacity: max(arcs, 1))
        reverse = .allocate(capacity: max(arcs, 1))
        residual = .allocate(capacity: max(arcs, 1))
        initial = .allocate(capacity: max(arcs, 1))
        level = .allocate(capacity: max(vertices, 1))
        current = .allocate(capacity: max(vertices, 1))
        queue = .allocate(capacity: max(vertices, 1))
        pathArcs = .allocate(capacity: max(vertices, 1))
        boundary = .allocate(capacity: max(nodeCapacity, 1))
        role = .allocate(capacity: max(nodeCapacity, 1))
        sizes = .allocate(capacity: 3)
        sizes.initialize(repeating: 0, count: 3)
    }

    func deallocate() {
        for pointer in [first, head, reverse, residual, initial, level, current, queue, pathArcs, boundary] { pointer.deallocate() }
        role.deallocate()
        sizes.deallocate()
    }

    var nodeCount: Int { sizes[0] }

    /// The network of `part` (ascending node ids); `local` maps each node to its index in it.
    func build(part: [Int32], graph: UndirectedGraph, local: [Int32]) {
        let count = part.count
        // Degrees within the part first, to place every vertex's arcs.
        var offset: Int32 = 0
        for (i, node) in part.enumerated() {
            var degree: Int32 = 0
            for position in Int(graph.first[Int(node)])..<Int(graph.first[Int(node) + 1]) where local[Int(graph.adjacent[position])] >= 0 {
                degree += 1
            }
            first[2 * i] = offset
            first[2 * i + 1] = offset + 1 + degree
            offset += 2 * (1 + degree)
        }
        first[2 * count] = offset
        // Entry i: arc to its exit, then the reverse of each neighbour's arc into it.
        // Exit i: the reverse of its node arc, then an arc to each neighbour's entry. Since
        // neighbour lists ascend, a second cursor per entry fills the reverses in step.
        let entryCursor = current
        for i in 0..<count { entryCursor[2 * i] = first[2 * i] + 1 }
        for (i, node) in part.enumerated() {
            let entry = Int(first[2 * i]), exit = Int(first[2 * i + 1])
            head[entry] = Int32(2 * i + 1); initial[entry] = 1; reverse[entry] = Int32(exit)
            head[exit] = Int32(2 * i); initial[exit] = 0; reverse[exit] = Int32(entry)
            var slot = exit + 1
            for position in Int(graph.first[Int(node)])..<Int(graph.first[Int(node) + 1]) {
                let j = Int(local[Int(graph.adjacent[position])])
                guard j >= 0 else { continue }
                let into = Int(entryCursor[2 * j])
                entryCursor[2 * j] += 1
                head[slot] = Int32(2 * j); initial[slot] = Self.unbounded; reverse[slot] = Int32(into)
                head[into] = Int32(2 * i + 1); initial[into] = 0; reverse[into] = Int32(slot)
                slot += 1
            }
        }
        sizes[0] = count
        sizes[1] = Int(offset)
    }

    func clearRoles() { role.update(repeating: 0, count: nodeCount) }

    /// The number of node-disjoint paths from sources to sinks, by Dinic's algorithm; `nil` as
    /// soon as it exceeds `limit`, when the caller has a smaller cut already.
    func maximumFlow(limit: Int) -> Int? {
        residual.update(from: initial, count: sizes[1])
        findBoundarySources()
        var flow = 0
        while levels() {
            current.update(from: first, count: 2 * nodeCount)
            for index in 0..<sizes[2] {
                let s = Int(boundary[index])
                while augment(from: 2 * s) {
                    flow += 1
                    if flow > limit { return nil }
                }
            }
        }
        return flow
    }

    @inline(__always)
    private func isDrain(_ vertex: Int) -> Bool { vertex & 1 == 1 && role[vertex >> 1] == Self.sink }

    /// Lists the sources with a neighbour that is not a source (an exit's arcs after its first
    /// lead to its neighbours' entries).
    private func findBoundarySources() {
        var count = 0
        for s in 0..<nodeCount where role[s] == Self.source {
            let exit = 2 * s + 1
            for arc in Int(first[exit]) + 1..<Int(first[exit + 1]) where role[Int(head[arc]) >> 1] != Self.source {
                boundary[count] = Int32(s)
                count += 1
                break
            }
        }
        sizes[2] = count
    }

    /// Clears the levels, puts every source's entry at level 0 and queues the boundary sources'
    /// entries; returns the queue's length.
    private func seedSources() -> Int {
        level.update(repeating: -1, count: 2 * nodeCount)
        for s in 0..<nodeCount where role[s] == Self.source { level[2 * s] = 0 }
        for index in 0..<sizes[2] { queue[index] = 2 * boundary[index] }
        return sizes[2]
    }

    /// Breadth-first levels from the sources' entries over arcs with residual capacity, up to the
    /// level of the first sink exit reached; whether one was.
    private func levels() -> Bool {
        var tail = seedSources()
        var front = 0, drainLevel = Int32.max
        while front < tail {
            let vertex = Int(queue[front])
            front += 1
            let next = level[vertex] + 1
            if next > drainLevel { break }
            if isDrain(vertex) { drainLevel = level[vertex]; continue }
            for arc in Int(first[vertex])..<Int(first[vertex + 1]) where residual[arc] > 0 {
                let to = Int(head[arc])
                if level[to] < 0 {
                    level[to] = next
                    queue[tail] = Int32(to)
                    tail += 1
                }
            }
        }
        return drainLevel != Int32.max
    }

    /// Pushes one unit along arcs that rise one level each, from `source` to a sink's exit.
    private func augment(from source: Int) -> Bool {
        var depth = 0
        var vertex = source
        while true {
            if isDrain(vertex) {
                for step in 0..<depth {
                    let arc = Int(pathArcs[step])
                    residual[arc] -= 1
                    residual[Int(reverse[arc])] += 1
                }
                return true
            }
            let end = first[vertex + 1], wanted = level[vertex] + 1
            var arc = current[vertex]
            while arc < end && (residual[Int(arc)] <= 0 || level[Int(head[Int(arc)])] != wanted) { arc += 1 }
            current[vertex] = arc
            if arc < end {
                pathArcs[depth] = arc
                depth += 1
                vertex = Int(head[Int(arc)])
            } else {
                level[vertex] = -1
                guard depth > 0 else { return false }
                depth -= 1
                let back = Int(pathArcs[depth])
                vertex = Int(head[Int(reverse[back])])
                current[vertex] += 1
            }
        }
    }

    /// After a maximum flow: per local node 0 on the sources' side, 1 on the sinks' side, 2 in the
    /// separator (its entry reachable in the residual network, its exit not).
    func cutSides() -> [UInt8] {
        var tail = seedSources()
        // An inner source carries no flow, so its exit is reached from its entry; nothing else
        // is reached through it (its neighbours' entries are at level 0 already).
        var next = 0
        for s in 0..<nodeCount where role[s] == Self.source {
            if next < sizes[2] && Int(boundary[next]) == s {
                next += 1
            } else {
                level[2 * s + 1] = 0
            }
        }
        var front = 0
        while front < tail {
            let vertex = Int(queue[front])
            front += 1
            for arc in Int(first[vertex])..<Int(first[vertex + 1]) where residual[arc] > 0 && level[Int(head[arc])] < 0 {
                level[Int(head[arc])] = 0
                queue[tail] = head[arc]
                tail += 1
            }
        }
        return (0..<nodeCount).map { i in
            let entry = level[2 * i] >= 0, exit = level[2 * i + 1] >= 0
            return entry && !exit ? 2 : (entry || exit ? 0 : 1)
        }
    }
}
