/// A metric-independent node order by nested dissection: the first phase of a customisable
/// contraction hierarchy (`docs/contraction.md`).
///
/// A part of the graph that falls apart is ordered piece by piece; a connected one is split by
/// an ``InertialFlowSeparator``, its two sides ordered first and the separator last, so that the
/// separator's nodes rank above everything they separate. Parts of three nodes or fewer are
/// taken in node order. The order depends only on the graph and the coordinates, never on
/// weights or on how many threads did the work.
public enum NestedDissection {
    /// Parts this small are not split further.
    static let smallestSplit = 4

    /// The rank of every node.
    ///
    /// - Parameters:
    ///   - tails, heads, usable: the arcs; those not usable are ignored.
    ///   - x, y: each node's position in a plane, in any unit; nodes far apart in it should be far
    ///     apart in the graph (a venue's floors are placed side by side, not stacked).
    public static func ranks(nodeCount: Int, tails: [UInt32], heads: [UInt32], usable: [Bool],
                             x: [Double], y: [Double]) -> [UInt32] {
        precondition(x.count == nodeCount && y.count == nodeCount, "a position per node")
        let graph = UndirectedGraph(nodeCount: nodeCount, tails: tails, heads: heads, usable: usable)
        let separator = InertialFlowSeparator(graph: graph, x: x, y: y)
        var elimination = [Int32](repeating: -1, count: nodeCount)
        // A part and the first of the consecutive positions it fills.
        var work: [(part: [Int32], start: Int)] = [((0..<Int32(nodeCount)).map { $0 }, 0)]
        while let (part, start) = work.popLast() {
            if part.count < smallestSplit {
                for (offset, node) in part.enumerated() { elimination[start + offset] = node }
                continue
            }
            let pieces = separator.components(of: part)
            if pieces.count > 1 {
                var position = start
                for piece in pieces {
                    work.append((piece, position))
                    position += piece.count
                }
                continue
            }
            let (first, second, cut) = separator.separate(part)
            work.append((first, start))
            work.append((second, start + first.count))
            let top = start + first.count + second.count
            for (offset, node) in cut.enumerated() { elimination[top + offset] = node }
        }
        var rank = [UInt32](repeating: 0, count: nodeCount)
        for (position, node) in elimination.enumerated() { rank[Int(node)] = UInt32(position) }
        return rank
    }
}
