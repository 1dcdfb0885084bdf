/// A contraction hierarchy as flat arrays, ready to be written out without conversion.
///
/// Nodes are numbered by rank (the order they were contracted in), which keeps each search's
/// memory accesses close together. The upward graph holds, per node, the arcs to higher-ranked
/// nodes; the downward graph holds, per node, the arcs *from* higher-ranked nodes into it, so a
/// backward search also only climbs. Both are CSR: node `r`'s arcs are `first[r] ..< first[r+1]`.
public struct ContractionHierarchy: Hashable, Sendable {
    /// Set in a `via` entry when the arc is an input arc; the low 31 bits are its index.
    public static let originalArc: UInt32 = 0x8000_0000

    /// Rank of each input node.
    public private(set) var rank: [UInt32]
    /// Input node at each rank.
    public private(set) var nodeAtRank: [UInt32]

    public private(set) var upFirst: [UInt32]
    public private(set) var upHead: [UInt32]
    public private(set) var upWeight: [UInt32]
    /// The middle node (by rank) of a shortcut, or ``originalArc`` with the input arc index.
    public private(set) var upVia: [UInt32]

    public private(set) var downFirst: [UInt32]
    public private(set) var downTail: [UInt32]
    public private(set) var downWeight: [UInt32]
    public private(set) var downVia: [UInt32]

    /// Only the builder and the decoder make hierarchies: queries trust these arrays.
    init(rank: [UInt32], nodeAtRank: [UInt32], upFirst: [UInt32], upHead: [UInt32], upWeight: [UInt32],
                upVia: [UInt32], downFirst: [UInt32], downTail: [UInt32], downWeight: [UInt32], downVia: [UInt32]) {
        self.rank = rank
        self.nodeAtRank = nodeAtRank
        self.upFirst = upFirst
        self.upHead = upHead
        self.upWeight = upWeight
        self.upVia = upVia
        self.downFirst = downFirst
        self.downTail = downTail
        self.downWeight = downWeight
        self.downVia = downVia
    }

    public var nodeCount: Int { rank.count }

    /// Arcs of both graphs together.
    public var arcCount: Int { upHead.count + downTail.count }

    /// Arcs that are shortcuts rather than input arcs.
    public var shortcutCount: Int {
        upVia.filter { $0 & Self.originalArc == 0 }.count + downVia.filter { $0 & Self.originalArc == 0 }.count
    }
}
