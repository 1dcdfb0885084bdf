/// A directed graph in compressed sparse row form: the one adjacency type of navforge's searches.
///
/// Node `n`'s arcs are the slots `first[n] ..< first[n + 1]`, in the order the arcs were given,
/// and ``arc`` maps each slot back to the caller's arc index, so results can name arcs as the
/// caller knows them.
public struct AdjacencyArray: Sendable {
    /// The weight of an arc a search may not use.
    public static let impassable = UInt32.max

    public let nodeCount: Int
    public let first: [UInt32]
    public let heads: [UInt32]
    public let weights: [UInt32]
    /// The caller's index of the arc in each slot.
    public let arc: [UInt32]

    /// Groups arcs by the node a search leaves them from.
    ///
    /// - Parameters:
    ///   - tails, heads, weights: one entry per arc.
    ///   - reversed: group by head and lead to the tail, for searching against the arcs' direction.
    ///
    /// Arcs weighing ``impassable`` are left out, so a search never meets one.
    public init(nodeCount: Int, tails: [Int], heads: [Int], weights: [UInt32], reversed: Bool = false) {
        self.init(nodeCount: nodeCount, from: reversed ? heads : tails, to: reversed ? tails : heads, weights: weights)
    }

    /// The same for node ids stored in 32 bits, as input graphs hold them.
    public init(nodeCount: Int, tails: [UInt32], heads: [UInt32], weights: [UInt32], reversed: Bool = false) {
        self.init(nodeCount: nodeCount, from: reversed ? heads : tails, to: reversed ? tails : heads, weights: weights)
    }

    private init<Index: BinaryInteger>(nodeCount: Int, from: [Index], to: [Index], weights: [UInt32]) {
        precondition(from.count == to.count && to.count == weights.count)
        self.nodeCount = nodeCount
        var first = [UInt32](repeating: 0, count: nodeCount + 1)
        for index in from.indices where weights[index] != Self.impassable {
            first[Int(from[index]) + 1] += 1
        }
        for node in 0..<nodeCount { first[node + 1] += first[node] }
        let slotCount = Int(first[nodeCount])
        var fill = first
        var slotHeads = [UInt32](repeating: 0, count: slotCount)
        var slotWeights = [UInt32](repeating: 0, count: slotCount)
        var slotArcs = [UInt32](repeating: 0, count: slotCount)
        for index in from.indices where weights[index] != Self.impassable {
            let tail = Int(from[index])
            let slot = Int(fill[tail])
            slotHeads[slot] = UInt32(to[index])
            slotWeights[slot] = weights[index]
            slotArcs[slot] = UInt32(index)
            fill[tail] += 1
        }
        self.first = first
        self.heads = slotHeads
        self.weights = slotWeights
        arc = slotArcs
    }

    @inline(__always)
    public func slots(from node: Int) -> Range<Int> { Int(first[node])..<Int(first[node + 1]) }

    @inline(__always)
    public func head(_ slot: Int) -> Int { Int(heads[slot]) }

    @inline(__always)
    public func weight(_ slot: Int) -> UInt32 { weights[slot] }
}
