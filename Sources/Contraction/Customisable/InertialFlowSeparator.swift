import Foundation
import NavFormat

/// Splits a connected part of a graph by a small node separator found with inertial flow
/// (Schild and Sommer, "On Balanced Separators in Road Networks", SEA 2015).
///
/// For each of a few directions the part's nodes are sorted by their position along it; the first
/// quarter become sources, the last quarter sinks, and a maximum flow with capacity one per node
/// gives a minimum node cut between them. The smallest cut over the directions wins, the more
/// balanced one on a tie. Each node is split into an entry and an exit joined by an arc of
/// capacity one, and edges become arcs of unbounded capacity between exits and entries, so a cut
/// of the flow network is a set of nodes.
///
/// One separator owns its scratch arrays, sized for the whole graph; keep one per thread.
final class InertialFlowSeparator {
    /// Directions tried, as angles: the two axes and the two diagonals.
    static let directions: [(Double, Double)] = [(1, 0), (0, 1), (0.7071067811865476, 0.7071067811865476), (0.7071067811865476, -0.7071067811865476)]
    /// The share of a part taken as sources, and again as sinks.
    static let terminalShare = 0.25

    private static let unbounded = Int32.max / 2

    let graph: UndirectedGraph
    let x: [Double]
    let y: [Double]
    /// Each node's index in the part being split, -1 outside it.
    private var local: [Int32]
    /// The flow network of the part being split, in buffers sized for the whole graph.
    private let network: SplitNodeNetwork

    init(graph: UndirectedGraph, x: [Double], y: [Double]) {
        self.graph = graph
        self.x = x
        self.y = y
        local = [Int32](repeating: -1, count: graph.nodeCount)
        network = SplitNodeNetwork(nodeCapacity: graph.nodeCount, edgeCapacity: graph.adjacent.count)
    }

    deinit { network.deallocate() }

    /// The connected pieces of `part` (ascending node ids), each ascending, in order of their
    /// smallest node.
    func components(of part: [Int32]) -> [[Int32]] {
        for (index, node) in part.enumerated() { local[Int(node)] = Int32(index) }
        defer { for node in part { local[Int(node)] = -1 } }
        var piece = [Int32](repeating: -1, count: part.count)
        var pieces: [[Int32]] = []
        var stack: [Int32] = []
        for start in part.indices where piece[start] < 0 {
            let id = Int32(pieces.count)
            var members: [Int32] = []
            piece[start] = id
            stack.append(Int32(start))
            while let index = stack.popLast() {
                let node = Int(part[Int(index)])
                members.append(Int32(node))
                for position in Int(graph.first[node])..<Int(graph.first[node + 1]) {
                    let neighbour = Int(local[Int(graph.adjacent[position])])
                    if neighbour >= 0, piece[neighbour] < 0 {
                        piece[neighbour] = id
                        stack.append(Int32(neighbour))
                    }
                }
            }
            members.sort()
            pieces.append(members)
        }
        return pieces
    }

    /// Splits a connected part (ascending node ids, at least two nodes) into two sides and the
    /// separator between them; no edge joins the two sides.
    ///
    /// `helpers` (other separators of the same graph, idle meanwhile) take some of the directions
    /// on their own threads. The split is the same with or without them: each direction's cut
    /// and balance are its own, a direction is given up only once its flow exceeds a cut already
    /// found (so it could not win), and the winner is chosen over the directions in their order.
    func separate(_ part: [Int32], helpers: [InertialFlowSeparator] = []) -> (first: [Int32], second: [Int32], separator: [Int32]) {
        let count = Self.directions.count
        var found = [Direction?](repeating: nil, count: count)
        found.withUnsafeMutableBufferPointer { found in
            if helpers.isEmpty {
                flows(part, directions: stride(from: 0, to: count, by: 1), into: found)
            } else {
                let team = [self] + helpers
                let shared = UncheckedSendable(value: (team, found))
                DispatchQueue.concurrentPerform(iterations: team.count) { member in
                    let (team, found) = shared.value
                    team[member].flows(part, directions: stride(from: member, to: count, by: team.count), into: found)
                }
            }
        }
        var best: Direction?
        for case let candidate? in found {
            if best == nil || candidate.cut < best!.cut || (candidate.cut == best!.cut && candidate.balance > best!.balance) {
                best = candidate
            }
        }
        var first: [Int32] = [], second: [Int32] = [], separator: [Int32] = []
        for (index, node) in part.enumerated() {
            switch best!.sides[index] {
            case 0: first.append(node)
            case 1: second.append(node)
            default: separator.append(node)
            }
        }
        return (first, second, separator)
    }

    /// One direction's minimum cut: its size, the smaller side's size, and each local node's side
    /// (``SplitNodeNetwork/cutSides()``).
    struct Direction {
        var cut: Int
        var balance: Int
        var sides: [UInt8]
    }

    /// Builds the network of `part` and takes `directions` in order, each given up once its flow
    /// exceeds the least cut this separator has found, into `found` at each direction's index.
    private func flows(_ part: [Int32], directions: StrideTo<Int>, into found: UnsafeMutableBufferPointer<Direction?>) {
        prepare(part)
        var limit = Int.max
        for direction in directions {
            found[direction] = flow(part, direction: direction, limit: limit)
            limit = min(limit, found[direction]?.cut ?? limit)
        }
    }

    /// Builds the flow network of `part` in this separator's buffers.
    private func prepare(_ part: [Int32]) {
        for (index, node) in part.enumerated() { local[Int(node)] = Int32(index) }
        network.build(part: part, graph: graph, local: local)
        for node in part { local[Int(node)] = -1 }
    }

    /// The minimum cut between the first and last quarter of `part` along direction `direction`
    /// on the network ``prepare(_:)`` built, or `nil` once the flow exceeds `limit`.
    private func flow(_ part: [Int32], direction: Int, limit: Int) -> Direction? {
        let (dx, dy) = Self.directions[direction]
        let count = part.count
        let terminals = max(1, Int(Double(count) * Self.terminalShare))
        var keys = [(Double, Int32)](repeating: (0, 0), count: count)
        for (index, node) in part.enumerated() {
            keys[index] = (x[Int(node)] * dx + y[Int(node)] * dy, Int32(index))
        }
        // Only which nodes are among the first and last `terminals` matters, not their order:
        // selecting them costs linear time where sorting the part did not (a tenth of the whole
        // order on Heidelberg). Keys with their index are a total order, so the sets are those a
        // sort would give.
        if 2 * terminals < count {
            Self.select(&keys, first: terminals, in: 0..<count)
            Self.select(&keys, first: count - 2 * terminals, in: terminals..<count)
        } else {
            keys.sort { $0 < $1 }
        }
        network.clearRoles()
        for index in 0..<terminals {
            network.role[Int(keys[index].1)] = SplitNodeNetwork.source
            network.role[Int(keys[count - 1 - index].1)] = SplitNodeNetwork.sink
        }
        guard let cut = network.maximumFlow(limit: limit) else { return nil }
        let sides = network.cutSides()
        var sizes = [0, 0, 0]
        for side in sides { sizes[Int(side)] += 1 }
        return Direction(cut: cut, balance: min(sizes[0], sizes[1]), sides: sides)
    }

    /// Rearranges `keys[range]` so that its first `count` elements are its `count` smallest, by
    /// quickselect with the median of three as pivot (deterministic).
    static func select(_ keys: inout [(Double, Int32)], first count: Int, in range: Range<Int>) {
        var low = range.lowerBound, high = range.upperBound - 1
        let target = range.lowerBound + count
        guard count > 0, target <= high else { return }
        keys.withUnsafeMutableBufferPointer { keys in
            while low < high {
                let middle = low + (high - low) / 2
                // The median of the three as pivot.
                if keys[middle] < keys[low] { keys.swapAt(middle, low) }
                if keys[high] < keys[low] { keys.swapAt(high, low) }
                if keys[high] < keys[middle] { keys.swapAt(high, middle) }
                let pivot = keys[middle]
                var i = low, j = high
                while i <= j {
                    while keys[i] < pivot { i += 1 }
                    while pivot < keys[j] { j -= 1 }
                    if i <= j {
                        keys.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                // Now keys[low...j] ≤ pivot ≤ keys[i...high]; keep the side holding the boundary.
                if target <= j {
                    high = j
                } else if target >= i {
                    low = i
                } else {
                    return
                }
            }
        }
    }
}
