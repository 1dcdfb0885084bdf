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
/// A search owns its distance arrays, and a query leaves them as it found them: every entry it
/// writes lies on one of its chains, and it clears each rank's entry once past the rank (arcs
/// only climb, so nothing reads it again). Keep one search per thread.
public final class EliminationTreeSearch {
    public let topology: CustomisableTopology
    private var forward: [UInt64]
    private var backward: [UInt64]
    private var forwardParent: [UInt32]
    private var backwardParent: [UInt32]
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
        startRank = Int(topology.rank[source])
        targetRank = Int(topology.rank[target])
        var best = UInt64.max, met = -1, visited = 0
        // The chains are walked as they are found, parent by parent, rather than gathered first:
        // gathering and clearing them was a sixth of a query. Locals rather than properties in
        // the loop: a class's stored arrays are checked for exclusive access on every read.
        let end = Int.max, startRank = self.startRank, targetRank = self.targetRank
        topology.upFirst.withUnsafeBufferPointer { first in
        topology.upHead.withUnsafeBufferPointer { head in
        metric.up.withUnsafeBufferPointer { upWeight in
        metric.down.withUnsafeBufferPointer { downWeight in
        forward.withUnsafeMutableBufferPointer { forward in
        backward.withUnsafeMutableBufferPointer { backward in
        forwardParent.withUnsafeMutableBufferPointer { forwardParent in
        backwardParent.withUnsafeMutableBufferPointer { backwardParent in
            forward[startRank] = 0
            backward[targetRank] = 0
            // Relaxes the arcs `arcs` from `distance` with one direction's weights.
            @inline(__always)
            func relax(_ distance: UInt64, _ weights: UnsafeBufferPointer<UInt32>,
                       _ tentative: UnsafeMutableBufferPointer<UInt64>, _ parents: UnsafeMutableBufferPointer<UInt32>,
                       _ arcs: Range<Int>) {
                for arc in arcs {
                    let weight = weights[arc]
                    guard weight != CustomisedMetric.infinity else { continue }
                    let y = Int(head[arc]), candidate = distance + UInt64(weight)
                    if candidate < tentative[y] { tentative[y] = candidate; parents[y] = UInt32(arc) }
                }
            }
            // One side's step at `rank` below the common ancestor: relaxes the rank if reached,
            // clears its entry, which nothing reads again, and returns its parent in the
            // elimination tree (the lowest upward neighbour), or `end` at a root.
            @inline(__always)
            func climb(_ rank: Int, _ weights: UnsafeBufferPointer<UInt32>,
                       _ tentative: UnsafeMutableBufferPointer<UInt64>, _ parents: UnsafeMutableBufferPointer<UInt32>) -> Int {
                let arcs = Int(first[rank])..<Int(first[rank + 1])
                let distance = tentative[rank]
                if distance != .max { relax(distance, weights, tentative, parents, arcs) }
                tentative[rank] = .max
                return arcs.isEmpty ? end : Int(head[arcs.lowerBound])
            }
            var f = startRank, b = targetRank
            // Below the lowest common ancestor the chains are apart: no rank can be a meeting and
            // the best stays infinite. The two sides read and write apart, so each climbs in runs
            // while it is the lower one, which keeps the branches predictable.
            while f != b {
                while f < b { f = climb(f, upWeight, forward, forwardParent); visited += 1 }
                while b < f { b = climb(b, downWeight, backward, backwardParent); visited += 1 }
            }
            // From there up to the root the chains are one: each rank is offered as the meeting,
            // then each side relaxes it while it is below the best meeting so far.
            var v = f
            while v != end {
                let arcs = Int(first[v])..<Int(first[v + 1])
                let parent = arcs.isEmpty ? end : Int(head[arcs.lowerBound])
                let forwardDistance = forward[v], backwardDistance = backward[v]
                if forwardDistance != .max, backwardDistance != .max, forwardDistance + backwardDistance < best {
                    best = forwardDistance + backwardDistance
                    met = v
                }
                if forwardDistance < best { relax(forwardDistance, upWeight, forward, forwardParent, arcs) }
                if backwardDistance < best { relax(backwardDistance, downWeight, backward, backwardParent, arcs) }
                forward[v] = .max
                backward[v] = .max
                v = parent
                visited += 2
            }
        }}}}}}}}
        visitedRanks = visited
        meeting = met < 0 ? nil : met
        return met < 0 ? nil : best
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
}
