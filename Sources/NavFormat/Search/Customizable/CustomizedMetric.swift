/// One profile's weights on a ``CustomizableTopology``: for every arc its weight upward and
/// downward and what each weight comes from, so that a path over the arcs unpacks into input arcs.
///
/// Customisation is the CCH's second phase (`docs/contraction.md`). Every arc starts at the
/// lightest input arc it stands for in that direction; then, rank by rank from the lowest, each
/// rank `v` offers every pair of its upward neighbours `x < y` the way through itself:
/// `x → v → y` for the arc's upward weight, `y → v → x` for its downward one. An arc keeps a
/// candidate only when it is strictly lighter, so what it comes from is canonical: its input arc
/// of lowest index among the lightest, else the lowest middle rank among the lightest ways. The
/// runtime's in-place updates keep to the same rule, and every reader customises the same way.
public struct CustomizedMetric: Sendable {
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
    /// - Throws: ``CustomizableTopology/Failure`` when the topology is not chordal, which only a
    ///   damaged bundle causes.
    public init(topology: CustomizableTopology, inputWeights: [UInt32]) throws(CustomizableTopology.Failure) {
        precondition(inputWeights.count == topology.inputArcCount, "one weight per input arc")
        precondition(topology.inputArcCount < Int(Self.inputArc), "input arcs fit 31 bits")
        let count = topology.arcCount
        up = [UInt32](repeating: Self.infinity, count: count)
        down = up
        upVia = [UInt32](repeating: Self.noVia, count: count)
        downVia = upVia
        for (arc, slot) in topology.inputSlot.enumerated() where slot != CustomizableTopology.noSlot {
            let weight = inputWeights[arc], index = Int(slot >> 1)
            if slot & 1 == 0 {
                if weight < up[index] { up[index] = weight; upVia[index] = Self.inputArc | UInt32(arc) }
            } else if weight < down[index] {
                down[index] = weight
                downVia[index] = Self.inputArc | UInt32(arc)
            }
        }
        try customizeTriangles(topology)
    }

    /// Offers every lower triangle to its top arc, ranks in ascending order.
    private mutating func customizeTriangles(_ topology: CustomizableTopology) throws(CustomizableTopology.Failure) {
        var broken: (rank: Int, low: Int, high: Int)?
        topology.upFirst.withUnsafeBufferPointer { first in
        topology.upHead.withUnsafeBufferPointer { head in
        up.withUnsafeMutableBufferPointer { up in
        down.withUnsafeMutableBufferPointer { down in
        upVia.withUnsafeMutableBufferPointer { upVia in
        downVia.withUnsafeMutableBufferPointer { downVia in
            ranks: for v in 0..<topology.nodeCount {
                let last = Int(first[v + 1])
                var i = Int(first[v])
                while i < last {
                    let x = Int(head[i])
                    // Ways through v: x → v is the low arc's downward weight, v → x its upward one.
                    let intoV = UInt64(down[i]), outOfV = UInt64(up[i])
                    var k = Int(first[x])
                    let kEnd = Int(first[x + 1])
                    var j = i + 1
                    while j < last {
                        let y = head[j]
                        while k < kEnd && head[k] < y { k += 1 }
                        guard k < kEnd && head[k] == y else {
                            broken = (v, x, Int(y))
                            break ranks
                        }
                        let upward = intoV + UInt64(up[j])
                        if upward < UInt64(up[k]) { up[k] = UInt32(truncatingIfNeeded: upward); upVia[k] = UInt32(v) }
                        let downward = UInt64(down[j]) + outOfV
                        if downward < UInt64(down[k]) { down[k] = UInt32(truncatingIfNeeded: downward); downVia[k] = UInt32(v) }
                        j += 1
                    }
                    i += 1
                }
            }
        }}}}}}
        if let broken {
            throw CustomizableTopology.Failure("ranks \(broken.low) and \(broken.high) are neighbours of rank \(broken.rank) but not of each other: the topology is not chordal")
        }
    }
}
