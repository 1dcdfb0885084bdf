import NavFormat

/// How the graph one profile may use falls apart, and which pieces count as its main pieces:
/// the ones places attach to and positions snap to (`docs/endpoints.md#attachment`).
///
/// Pieces are strongly connected: within one, every node reaches every other along usable arcs
/// in their direction. Weak connectivity would count a landing reached only down a one-way
/// escalator as part of the whole, though no route leaves it; strongly connected, any two
/// endpoints in the same piece have routes both ways.
///
/// The main pieces are the largest piece (most nodes, ties to the piece with the lowest node),
/// every piece with at least half as many nodes, and every piece that holds an entrance and at
/// least two places (room or point-of-interest nodes): a building one enters, not an entrance
/// alone or with the one shop it opens into. So two buildings with no path between them are
/// both main when each has an entrance and rooms or both are big, while an isolated landing, a
/// room without a door or an entrance that leads nowhere is not.
public struct GraphPieces: Hashable, Sendable {
    /// Per node, its piece: main pieces are numbered first, each group by size (largest
    /// first), ties to the piece holding the lower node.
    public private(set) var piece: [Int]
    /// Nodes per piece, in piece order.
    public private(set) var sizes: [Int]
    public private(set) var mainPieceCount: Int

    public func isMain(_ node: Int) -> Bool { piece[node] < mainPieceCount }

    /// Per node, whether it lies in a main piece.
    public var inMainPiece: [Bool] { piece.map { $0 < mainPieceCount } }

    /// The pieces of the graph of `graph`'s arcs for which `usable` holds.
    public init(graph: NavigationGraph, usable: (Int) -> Bool) {
        let nodeCount = graph.nodes.count
        var start = [Int](repeating: 0, count: nodeCount + 1)
        // Arcs by index and field: iterating the array copies every arc and its references.
        for index in graph.arcs.indices where usable(index) { start[graph.arcs[index].tail + 1] += 1 }
        for node in 0..<nodeCount { start[node + 1] += start[node] }
        var fill = start
        var heads = [Int](repeating: 0, count: start[nodeCount])
        for index in graph.arcs.indices where usable(index) {
            let tail = graph.arcs[index].tail
            heads[fill[tail]] = graph.arcs[index].head
            fill[tail] += 1
        }
        let component = Self.stronglyConnected(nodeCount: nodeCount, start: start, heads: heads)

        // Per component, named by a member node: its size, lowest node, whether it has an
        // entrance and how many places it holds.
        var size = [Int](repeating: 0, count: nodeCount), lowest = [Int](repeating: -1, count: nodeCount)
        var hasEntrance = [Bool](repeating: false, count: nodeCount)
        var places = [Int](repeating: 0, count: nodeCount)
        var roots: [Int] = []
        for node in 0..<nodeCount {
            let root = component[node]
            if size[root] == 0 { roots.append(root) }
            size[root] += 1
            if lowest[root] < 0 { lowest[root] = node }
            switch graph.nodes[node].kind {
            case .entrance: hasEntrance[root] = true
            case .room, .pointOfInterest: places[root] += 1
            case .junction, .door, .connectorLanding: break
            }
        }
        roots.sort { (size[$1], lowest[$0]) < (size[$0], lowest[$1]) }
        let largest = roots.first.map { size[$0] } ?? 0
        func isMain(_ root: Int) -> Bool {
            root == roots.first || size[root] * 2 >= largest || (hasEntrance[root] && places[root] >= 2)
        }
        let main = roots.filter(isMain)
        let ordered = main + roots.filter { !isMain($0) }
        var number = [Int](repeating: 0, count: nodeCount)
        for (position, root) in ordered.enumerated() { number[root] = position }
        piece = component.map { number[$0] }
        sizes = ordered.map { size[$0] }
        mainPieceCount = main.count
    }

    /// The pieces of one profile: arcs it may use are those with a cost.
    public init(graph: NavigationGraph, costs: [UInt32]) {
        self.init(graph: graph) { costs[$0] != BundleFormat.impassable }
    }

    /// Tarjan's algorithm without recursion (a city's graph would overflow the stack): the
    /// component of every node, named by an arbitrary member.
    private static func stronglyConnected(nodeCount: Int, start: [Int], heads: [Int]) -> [Int] {
        var index = [Int](repeating: -1, count: nodeCount)
        var low = [Int](repeating: 0, count: nodeCount)
        var onStack = [Bool](repeating: false, count: nodeCount)
        var component = [Int](repeating: -1, count: nodeCount)
        var stack: [Int] = []
        var counter = 0
        // Per frame: the node and the next arc slot to look at.
        var frames: [(node: Int, slot: Int)] = []
        for root in 0..<nodeCount where index[root] < 0 {
            frames.append((root, start[root]))
            index[root] = counter
            low[root] = counter
            counter += 1
            stack.append(root)
            onStack[root] = true
            while let frame = frames.last {
                let node = frame.node
                if frame.slot < start[node + 1] {
                    frames[frames.count - 1].slot += 1
                    let next = heads[frame.slot]
                    if index[next] < 0 {
                        index[next] = counter
                        low[next] = counter
                        counter += 1
                        stack.append(next)
                        onStack[next] = true
                        frames.append((next, start[next]))
                    } else if onStack[next] {
                        low[node] = min(low[node], index[next])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[parent.node] = min(low[parent.node], low[node]) }
                if low[node] == index[node] {
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component[member] = node
                        if member == node { break }
                    }
                }
            }
        }
        return component
    }
}
