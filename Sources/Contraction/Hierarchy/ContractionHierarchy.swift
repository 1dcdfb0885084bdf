import NavFormat

/// A contraction hierarchy as flat arrays, ready to be written out without conversion.
///
/// Nodes are numbered by rank (the order they were contracted in), which keeps each search's
/// memory accesses close together. The upward graph holds, per node, the arcs to higher-ranked
/// nodes; the downward graph holds, per node, the arcs *from* higher-ranked nodes into it, so a
/// backward search also only climbs. Both are CSR: node `r`'s arcs are `first[r] ..< first[r+1]`.
public struct ContractionHierarchy: Hashable, Sendable {
    /// Set in a `via` entry when the arc is an input arc; the low 31 bits are its index.
    public static let originalArc = HierarchyLayout.originalArc

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

    /// What each arc of either graph unpacks to: one slot per arc, slot `s` being the entries
    /// `2s` and `2s + 1`. Slots are grouped by node: node `r`'s block starts at slot
    /// `upFirst[r] + downFirst[r]` and holds the downward arcs stored at `r`, then its upward arcs
    /// (``slot(down:at:)``, ``slot(up:at:)``). A shortcut's entries are the slots of its halves,
    /// the downward arc into its middle node and the upward arc out of it; an input arc's are its
    /// `via`, twice.
    ///
    /// Unpacking follows these instead of searching the middle node's arcs, and as both halves of
    /// a shortcut sit in its middle node's block, one cache line usually serves both.
    public private(set) var halves: [UInt32]

    /// Only the builder and the decoder make hierarchies: queries trust these arrays.
    init(rank: [UInt32], nodeAtRank: [UInt32], upFirst: [UInt32], upHead: [UInt32], upWeight: [UInt32],
         upVia: [UInt32], downFirst: [UInt32], downTail: [UInt32], downWeight: [UInt32], downVia: [UInt32],
         halves: [UInt32]) {
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
        self.halves = halves
    }

    public var nodeCount: Int { rank.count }

    /// The slot in ``halves`` of the downward arc `arc`, stored at node `node`.
    @inline(__always)
    func slot(down arc: Int, at node: Int) -> Int { Int(upFirst[node]) + arc }

    /// The slot in ``halves`` of the upward arc `arc`, stored at node `node`.
    @inline(__always)
    func slot(up arc: Int, at node: Int) -> Int { Int(downFirst[node + 1]) + arc }

    /// One of the arrays, by its place in the encoding.
    subscript(array: HierarchyLayout.Array) -> [UInt32] {
        switch array {
        case .rank: rank
        case .nodeAtRank: nodeAtRank
        case .upFirst: upFirst
        case .upHead: upHead
        case .upWeight: upWeight
        case .upVia: upVia
        case .downFirst: downFirst
        case .downTail: downTail
        case .downWeight: downWeight
        case .downVia: downVia
        case .halves: halves
        }
    }

    /// Arcs of both graphs together.
    public var arcCount: Int { upHead.count + downTail.count }

    /// Arcs that are shortcuts rather than input arcs.
    public var shortcutCount: Int {
        upVia.filter { $0 & Self.originalArc == 0 }.count + downVia.filter { $0 & Self.originalArc == 0 }.count
    }
}
