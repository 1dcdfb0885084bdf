import Foundation
import NavFormat

/// A metric-independent node order by nested dissection: the first phase of a customisable
/// contraction hierarchy (`docs/contraction.md`).
///
/// A part of the graph that falls apart is ordered piece by piece; a connected one is split by
/// an ``InertialFlowSeparator``, its two sides ordered first and the separator last, so that the
/// separator's nodes rank above everything they separate. Parts of three nodes or fewer are
/// taken in node order. Each part fills a range of positions fixed before it is split, so the
/// parts are independent and run on all cores, and the order depends only on the graph and the
/// coordinates, never on weights or on how many threads did the work.
public enum NestedDissection {
    /// Parts this small are not split further.
    static let smallestSplit = 4

    /// The rank of every node.
    ///
    /// - Parameters:
    ///   - tails, heads, usable: the arcs; those not usable are ignored.
    ///   - x, y: each node's position in a plane, in any unit; nodes far apart in it should be far
    ///     apart in the graph (a venue's floors are placed side by side, not stacked).
    ///   - threads: workers; `nil` for one per online processor.
    public static func ranks(nodeCount: Int, tails: [UInt32], heads: [UInt32], usable: [Bool],
                             x: [Double], y: [Double], threads: Int? = nil) -> [UInt32] {
        precondition(x.count == nodeCount && y.count == nodeCount, "a position per node")
        let graph = UndirectedGraph(nodeCount: nodeCount, tails: tails, heads: heads, usable: usable)
        let workers = max(1, min(threads ?? ContractionParameters.processorCount, 8))
        let elimination = UnsafeMutableBufferPointer<Int32>.allocate(capacity: nodeCount)
        defer { elimination.deallocate() }
        let separators = (0..<workers).map { _ in InertialFlowSeparator(graph: graph, x: x, y: y) }
        // A part holding more than half the nodes (there is at most one at a time) is split
        // before the workers start, its directions spread over every worker's separator: until
        // it is split, the other workers would have nothing to do. On Heidelberg that is the
        // whole city's split, and then a side of it. The order is the same either way.
        var parts = [Part(nodes: (0..<Int32(nodeCount)).map { $0 }, start: 0)]
        if workers > 1 {
            while let index = parts.firstIndex(where: { 2 * $0.nodes.count > nodeCount }) {
                let part = parts.remove(at: index)
                parts += split(part, with: separators[0], helpers: Array(separators.dropFirst()), into: elimination)
            }
        }
        let queue = WorkQueue(parts: parts)
        let shared = UncheckedSendable(value: (separators, elimination, queue))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let (separators, elimination, queue) = shared.value
            while let part = queue.take() {
                queue.finish(split(part, with: separators[worker], into: elimination))
            }
        }
        var rank = [UInt32](repeating: 0, count: nodeCount)
        for (position, node) in elimination.enumerated() { rank[Int(node)] = UInt32(position) }
        return rank
    }

    /// Nodes (ascending) and the first of the consecutive positions they fill.
    struct Part {
        var nodes: [Int32]
        var start: Int
    }

    /// Places what of `part` can be placed now and returns the parts still to split. Writes only
    /// the part's own positions of `elimination`.
    static func split(_ part: Part, with separator: InertialFlowSeparator, helpers: [InertialFlowSeparator] = [],
                      into elimination: UnsafeMutableBufferPointer<Int32>) -> [Part] {
        if part.nodes.count < smallestSplit {
            for (offset, node) in part.nodes.enumerated() { elimination[part.start + offset] = node }
            return []
        }
        let pieces = separator.components(of: part.nodes)
        if pieces.count > 1 {
            var position = part.start
            return pieces.map { piece in
                defer { position += piece.count }
                return Part(nodes: piece, start: position)
            }
        }
        let (first, second, cut) = separator.separate(part.nodes, helpers: helpers)
        let top = part.start + first.count + second.count
        for (offset, node) in cut.enumerated() { elimination[top + offset] = node }
        return [Part(nodes: first, start: part.start), Part(nodes: second, start: part.start + first.count)]
            .filter { !$0.nodes.isEmpty }
    }

    /// Parts waiting to be split, shared by the workers; a worker waits while others still split
    /// parts that may yield more.
    final class WorkQueue: @unchecked Sendable {
        // Guarded by `condition`.
        private let condition = NSCondition()
        private var waiting: [Part]
        private var running = 0

        init(parts: [Part]) { waiting = parts }

        /// The next part, or `nil` when every part is placed.
        func take() -> Part? {
            condition.lock()
            defer { condition.unlock() }
            while waiting.isEmpty && running > 0 { condition.wait() }
            guard let part = waiting.popLast() else { return nil }
            running += 1
            return part
        }

        /// Ends the split of one part, queueing what it left.
        func finish(_ parts: [Part]) {
            condition.lock()
            waiting += parts
            running -= 1
            condition.broadcast()
            condition.unlock()
        }
    }
}
