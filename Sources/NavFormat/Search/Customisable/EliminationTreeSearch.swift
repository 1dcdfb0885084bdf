/// Shortest paths on a customised CCH by walking the elimination tree: no priority queue.
///
/// Every upward neighbour of a rank is one of its ancestors in the elimination tree, so a
/// shortest path climbs from the start's rank and from the destination's rank to a common
/// ancestor. The query (the format's reference query, `docs/bundle-format.md`) walks the two
/// ancestor chains together in ascending rank. At each rank on both chains it first offers the
/// meeting there; then each side whose distance at the rank is below the best meeting so far
/// relaxes the rank's upward arcs, the forward side with their upward weights and the backward
/// side with their downward ones. Ties keep what came first, so every reader finds the same path.
///
/// A search owns its distance arrays and resets only what the last query touched; keep one per
/// thread.
public final class EliminationTreeSearch {
    public let topology: CustomisableTopology
    private var forward: [UInt64]
    private var backward: [UInt64]
    private var forwardParent: [UInt32]
    private var backwardParent: [UInt32]
    private var forwardChain: [Int] = []
    private var backwardChain: [Int] = []
    private var startRank = 0
    private var targetRank = 0
    private var meeting: Int?

    /// Ranks the last query walked on its two chains: its search space.
    public private(set) var visitedRanks = 0

    public init(topology: CustomisableTopology) {
        self.topology = topology
        forward = [UInt64](repeating: .max, count: topology.nodeCount)
        backward = forward
        forwardParent = [UInt32](repeating: 0, count: topology.nodeCount)
        backwardParent = forwardParent
    }

    /// The weight of the lightest path from input node `source` to input node `target` under
    /// `metric`; `nil` when there is none. Keeps what ``path(metric:)`` unpacks.
    public func distance(from source: Int, to target: Int, metric: CustomisedMetric) -> UInt64? {
        precondition(metric.up.count == topology.arcCount, "a metric of this topology")
        forward.withUnsafeMutableBufferPointer { forward in
            for rank in self.forwardChain { forward[rank] = .max }
        }
        backward.withUnsafeMutableBufferPointer { backward in
            for rank in self.backwardChain { backward[rank] = .max }
        }
        startRank = Int(topology.rank[source])
        targetRank = Int(topology.rank[target])
        chain(from: startRank, into: &forwardChain)
        chain(from: targetRank, into: &backwardChain)
        visitedRanks = forwardChain.count + backwardChain.count
        forward[startRank] = 0
        backward[targetRank] = 0
        var best = UInt64.max
        // Locals rather than properties in the loop: a class's stored arrays are checked for
        // exclusive access on every read.
        var met: Int?
        let forwardChain = self.forwardChain, backwardChain = self.backwardChain
        forwardChain.withUnsafeBufferPointer { forwardChain in
        backwardChain.withUnsafeBufferPointer { backwardChain in
        topology.upFirst.withUnsafeBufferPointer { first in
        topology.upHead.withUnsafeBufferPointer { head in
        metric.up.withUnsafeBufferPointer { upWeight in
        metric.down.withUnsafeBufferPointer { downWeight in
        forward.withUnsafeMutableBufferPointer { forward in
        backward.withUnsafeMutableBufferPointer { backward in
        forwardParent.withUnsafeMutableBufferPointer { forwardParent in
        backwardParent.withUnsafeMutableBufferPointer { backwardParent in
            var i = 0, j = 0
            let forwardCount = forwardChain.count, backwardCount = backwardChain.count
            while i < forwardCount || j < backwardCount {
                let f = i < forwardCount ? forwardChain[i] : Int.max
                let b = j < backwardCount ? backwardChain[j] : Int.max
                let v = min(f, b)
                if f == b, forward[v] != .max, backward[v] != .max, forward[v] + backward[v] < best {
                    best = forward[v] + backward[v]
                    met = v
                }
                if f == v {
                    let distance = forward[v]
                    if distance < best {
                        for arc in Int(first[v])..<Int(first[v + 1]) {
                            let weight = upWeight[arc]
                            guard weight != CustomisedMetric.infinity else { continue }
                            let y = Int(head[arc]), candidate = distance + UInt64(weight)
                            if candidate < forward[y] { forward[y] = candidate; forwardParent[y] = UInt32(arc) }
                        }
                    }
                    i += 1
                }
                if b == v {
                    let distance = backward[v]
                    if distance < best {
                        for arc in Int(first[v])..<Int(first[v + 1]) {
                            let weight = downWeight[arc]
                            guard weight != CustomisedMetric.infinity else { continue }
                            let y = Int(head[arc]), candidate = distance + UInt64(weight)
                            if candidate < backward[y] { backward[y] = candidate; backwardParent[y] = UInt32(arc) }
                        }
                    }
                    j += 1
                }
            }
        }}}}}}}}}}
        meeting = met
        return met == nil ? nil : best
    }

    /// The input arcs, in order, of the path the last ``distance(from:to:metric:)`` found; `nil`
    /// when it found none. `metric` must be the one it ran with.
    public func path(metric: CustomisedMetric) -> [Int]? {
        guard let meeting else { return nil }
        var arcs: [(arc: Int, downward: Bool)] = []
        var rank = meeting
        while rank != startRank {
            let arc = Int(forwardParent[rank])
            arcs.append((arc, false))
            rank = Int(topology.upTail[arc])
        }
        arcs.reverse()
        rank = meeting
        while rank != targetRank {
            let arc = Int(backwardParent[rank])
            arcs.append((arc, true))
            rank = Int(topology.upTail[arc])
        }
        var input: [Int] = []
        input.reserveCapacity(arcs.count * 2)
        for step in arcs { unpack(step.arc, downward: step.downward, metric: metric, into: &input) }
        return input
    }

    /// Appends the input arcs `arc` stands for in one direction, replacing each arc that came
    /// from a lower triangle by its two sides until only input arcs remain.
    private func unpack(_ arc: Int, downward: Bool, metric: CustomisedMetric, into input: inout [Int]) {
        var stack = [(arc, downward)]
        while let (arc, downward) = stack.popLast() {
            let via = downward ? metric.downVia[arc] : metric.upVia[arc]
            precondition(via != CustomisedMetric.noVia, "a path only takes arcs of finite weight")
            if via & CustomisedMetric.inputArc != 0 {
                input.append(Int(via & ~CustomisedMetric.inputArc))
                continue
            }
            let middle = Int(via), low = Int(topology.upTail[arc]), high = Int(topology.upHead[arc])
            // Customisation checked chordality, so both sides of the triangle exist.
            let lowSide = topology.arc(from: middle, to: low)!, highSide = topology.arc(from: middle, to: high)!
            if downward {
                // high → middle → low
                stack.append((lowSide, false))
                stack.append((highSide, true))
            } else {
                // low → middle → high
                stack.append((highSide, false))
                stack.append((lowSide, true))
            }
        }
    }

    /// The ranks from `rank` up to its root in the elimination tree.
    private func chain(from rank: Int, into chain: inout [Int]) {
        chain.removeAll(keepingCapacity: true)
        // Through the arrays' buffers: the walk is a tenth of a query, and property reads of the
        // topology cost more than the walk itself.
        topology.upFirst.withUnsafeBufferPointer { first in
        topology.upHead.withUnsafeBufferPointer { head in
            var current = rank
            while true {
                chain.append(current)
                let position = Int(first[current])
                guard position < Int(first[current + 1]) else { break }
                current = Int(head[position])
            }
        }}
    }
}
