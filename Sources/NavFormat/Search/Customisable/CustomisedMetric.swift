import Foundation

/// One profile's weights on a ``CustomisableTopology``: for every arc its weight upward and
/// downward and what each weight comes from, so that a path over the arcs unpacks into input arcs.
///
/// Customisation is the CCH's second phase (`docs/contraction.md`). Every arc starts at the
/// lightest input arc it stands for in that direction; then, rank by rank from the lowest, each
/// rank `v` offers every pair of its upward neighbours `x < y` the way through itself:
/// `x → v → y` for the arc's upward weight, `y → v → x` for its downward one. An arc keeps a
/// candidate only when it is strictly lighter, so what it comes from is canonical: its input arc
/// of lowest index among the lightest, else the lowest middle rank among the lightest ways. The
/// runtime's in-place updates keep to the same rule, and every reader customises the same way.
public struct CustomisedMetric: Sendable {
    /// The weight of a direction no path may take.
    public static let infinity = UInt32.max
    /// Set in a ``upVia``/``downVia`` entry that names an input arc; the low 31 bits are its index.
    /// An entry without it is the middle rank of the arc's lightest lower triangle.
    public static let inputArc: UInt32 = 0x8000_0000
    /// The origin of a direction at ``infinity``.
    public static let noVia = UInt32.max

    public internal(set) var up: [UInt32]
    public internal(set) var down: [UInt32]
    public internal(set) var upVia: [UInt32]
    public internal(set) var downVia: [UInt32]

    /// The metric of `inputWeights` (one per input arc; ``infinity`` for an arc the profile may
    /// not use), customised in full.
    ///
    /// - Throws: ``CustomisableTopology/Failure`` when the topology is not chordal, which only a
    ///   damaged bundle causes.
    public init(topology: CustomisableTopology, inputWeights: [UInt32]) throws(CustomisableTopology.Failure) {
        precondition(inputWeights.count == topology.inputArcCount, "one weight per input arc")
        precondition(topology.inputArcCount < Int(Self.inputArc), "input arcs fit 31 bits")
        let count = topology.arcCount
        up = [UInt32](repeating: Self.infinity, count: count)
        down = up
        upVia = [UInt32](repeating: Self.noVia, count: count)
        downVia = upVia
        // Through raw buffers: element access on the stored arrays of a struct being initialised
        // checks uniqueness at every write, which cost as much as a sixth of the customisation.
        topology.inputSlot.withUnsafeBufferPointer { slots in
        inputWeights.withUnsafeBufferPointer { weights in
        up.withUnsafeMutableBufferPointer { up in
        down.withUnsafeMutableBufferPointer { down in
        upVia.withUnsafeMutableBufferPointer { upVia in
        downVia.withUnsafeMutableBufferPointer { downVia in
            for arc in 0..<slots.count {
                let slot = slots[arc]
                guard slot != CustomisableTopology.noSlot else { continue }
                let weight = weights[arc], index = Int(slot >> 1)
                if slot & 1 == 0 {
                    if weight < up[index] { up[index] = weight; upVia[index] = Self.inputArc | UInt32(arc) }
                } else if weight < down[index] {
                    down[index] = weight
                    downVia[index] = Self.inputArc | UInt32(arc)
                }
            }
        }}}}}}
        try customiseTriangles(topology)
    }

    /// Offers every lower triangle to its top arc.
    ///
    /// The arcs whose lower end is `x` take their lower triangles from the ranks below `x` that
    /// are joined to it, in ascending order, reading only arcs whose lower end is such a rank: a
    /// descendant of `x` in the elimination tree. So ranks of equal height in the tree write
    /// disjoint arcs and read finished ones, and each height runs on all cores; every arc still
    /// sees its triangles in ascending order of their middle, so the result is the sequential one.
    private mutating func customiseTriangles(_ topology: CustomisableTopology) throws(CustomisableTopology.Failure) {
        let broken = UncheckedBox<(rank: Int, low: Int, high: Int)?>(nil)
        let workers = min(max(1, ProcessInfo.processInfo.activeProcessorCount), 8)
        let chunkCount = max(1, workers * 4), ranks = topology.nodeCount
        // Levels wide enough to share out; the narrow ones (most of the tree's height) run on
        // this thread, and need only one scratch map.
        let parallel = workers > 1 && topology.widestLevel >= Self.parallelLevelWidth
        topology.upFirst.withUnsafeBufferPointer { first in
        topology.upHead.withUnsafeBufferPointer { head in
        topology.upTail.withUnsafeBufferPointer { tail in
        topology.downFirst.withUnsafeBufferPointer { downFirst in
        topology.downArc.withUnsafeBufferPointer { downArc in
        topology.levelRanks.withUnsafeBufferPointer { levelRanks in
        topology.levelFirst.withUnsafeBufferPointer { levelFirst in
        up.withUnsafeMutableBufferPointer { upBuffer in
        down.withUnsafeMutableBufferPointer { downBuffer in
        upVia.withUnsafeMutableBufferPointer { upViaBuffer in
        downVia.withUnsafeMutableBufferPointer { downViaBuffer in
            // One rank's work is a static function over plain pointers, so the workers of a
            // height share no closure state.
            let pointers = RankPointers(first: first.baseAddress!, head: head.baseAddress!, tail: tail.baseAddress!,
                                        downFirst: downFirst.baseAddress!, downArc: downArc.baseAddress!,
                                        up: upBuffer.baseAddress!, down: downBuffer.baseAddress!,
                                        upVia: upViaBuffer.baseAddress!, downVia: downViaBuffer.baseAddress!)
            // One scratch map per chunk of a level, so that chunks running at once never share.
            let maps = parallel ? chunkCount : 1
            let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, maps * ranks))
            scratch.initialize(repeating: -1, count: max(1, maps * ranks))
            defer { scratch.deallocate() }
            let shared = UncheckedBox(scratch)
            let order = UncheckedBox(levelRanks)
            for level in 0..<(levelFirst.count - 1) {
                let start = Int(levelFirst[level]), end = Int(levelFirst[level + 1])
                let chunks = parallel && end - start >= Self.parallelLevelWidth ? chunkCount : 1
                if chunks == 1 {
                    for position in start..<end {
                        if let found = Self.customiseRank(Int(levelRanks[position]), pointers, arcTo: scratch) { broken.set(found); return }
                    }
                    continue
                }
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let count = end - start
                    let from = start + count * chunk / chunks, to = start + count * (chunk + 1) / chunks
                    let arcTo = shared.value + chunk * ranks, ranksInOrder = order.value
                    for position in from..<to {
                        if let found = Self.customiseRank(Int(ranksInOrder[position]), pointers, arcTo: arcTo) { broken.set(found); return }
                    }
                }
                if broken.value != nil { return }
            }
        }}}}}}}}}}}
        if let broken = broken.value {
            throw CustomisableTopology.Failure("ranks \(broken.low) and \(broken.high) are neighbours of rank \(broken.rank) but not of each other: the topology is not chordal")
        }
    }

    /// The fewest ranks of one height worth sharing out among the cores.
    static let parallelLevelWidth = 256

    /// The arrays one rank's customisation reads and writes, as raw pointers. Shared by the
    /// workers of one height, which write disjoint arcs (see `customiseTriangles`).
    struct RankPointers: @unchecked Sendable {
        let first: UnsafePointer<UInt32>, head: UnsafePointer<UInt32>, tail: UnsafePointer<UInt32>
        let downFirst: UnsafePointer<UInt32>, downArc: UnsafePointer<UInt32>
        let up: UnsafeMutablePointer<UInt32>, down: UnsafeMutablePointer<UInt32>
        let upVia: UnsafeMutablePointer<UInt32>, downVia: UnsafeMutablePointer<UInt32>
    }

    /// The arcs whose lower end is `x`, from `x`'s lower triangles; the ranks that break
    /// chordality, if any.
    ///
    /// `arcTo` is scratch of one entry per rank, all -1 on entry and on return: it maps each of
    /// `x`'s upward neighbours to its arc for the duration, so that each triangle finds its top
    /// arc at once instead of by walking `x`'s list.
    @inline(__always)
    static func customiseRank(_ x: Int, _ pointers: RankPointers, arcTo: UnsafeMutablePointer<Int32>) -> (rank: Int, low: Int, high: Int)? {
        let first = pointers.first, head = pointers.head, tail = pointers.tail
        let up = pointers.up, down = pointers.down, upVia = pointers.upVia, downVia = pointers.downVia
        let kFirst = Int(first[x]), kEnd = Int(first[x + 1])
        for k in kFirst..<kEnd { arcTo[Int(head[k])] = Int32(k) }
        defer { for k in kFirst..<kEnd { arcTo[Int(head[k])] = -1 } }
        for position in Int(pointers.downFirst[x])..<Int(pointers.downFirst[x + 1]) {
            let low = Int(pointers.downArc[position])
            let v = Int(tail[low]), last = Int(first[v + 1])
            // x → v is the low arc's downward weight, v → x its upward one.
            let intoV = UInt64(down[low]), outOfV = UInt64(up[low])
            for j in (low + 1)..<last {
                let k = Int(arcTo[Int(head[j])])
                guard k >= 0 else { return (v, x, Int(head[j])) }
                let upward = intoV + UInt64(up[j])
                if upward < UInt64(up[k]) { up[k] = UInt32(truncatingIfNeeded: upward); upVia[k] = UInt32(v) }
                let downward = UInt64(down[j]) + outOfV
                if downward < UInt64(down[k]) { down[k] = UInt32(truncatingIfNeeded: downward); downVia[k] = UInt32(v) }
            }
        }
        return nil
    }
}

/// A value shared by concurrent workers; a worker that sets it takes the lock.
final class UncheckedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var value: Value

    init(_ value: Value) { self.value = value }

    func set(_ newValue: Value) {
        lock.lock()
        value = newValue
        lock.unlock()
    }
}
