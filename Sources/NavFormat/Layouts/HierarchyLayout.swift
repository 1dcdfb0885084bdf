/// The layout `CHv2` of a contraction hierarchy, as a graph artifact holds it and as a bundle's
/// `CHxx` sections do (`docs/contraction.md`): little-endian `u32` words, a header of four, then
/// the arrays in ``Array`` order. The encoder and every reader take offsets from here.
public struct HierarchyLayout: Hashable, Sendable {
    /// `CHv2` in the first word.
    public static let magic: UInt32 = 0x3276_4843
    /// Set in a `via` or halves entry when it names an input arc; the low 31 bits are its index.
    public static let originalArc: UInt32 = 0x8000_0000
    /// Magic, node count, upward arc count, downward arc count.
    public static let headerWords = 4

    /// The arrays after the header, in file order.
    public enum Array: Int, CaseIterable, Sendable {
        case rank = 0, nodeAtRank, upFirst, upHead, upWeight, upVia, downFirst, downTail, downWeight, downVia, halves
    }

    public let nodeCount: Int
    public let upCount: Int
    public let downCount: Int

    public init(nodeCount: Int, upCount: Int, downCount: Int) {
        self.nodeCount = nodeCount
        self.upCount = upCount
        self.downCount = downCount
    }

    /// Words in one array.
    public func length(of array: Array) -> Int {
        switch array {
        case .rank, .nodeAtRank: nodeCount
        case .upFirst, .downFirst: nodeCount + 1
        case .upHead, .upWeight, .upVia: upCount
        case .downTail, .downWeight, .downVia: downCount
        case .halves: 2 * (upCount + downCount)
        }
    }

    /// The word where an array starts, counting the header.
    public func start(of array: Array) -> Int {
        Self.headerWords + Array.allCases.prefix(array.rawValue).reduce(0) { $0 + length(of: $1) }
    }

    /// Words in the whole encoding, header included.
    public var wordCount: Int { start(of: .halves) + length(of: .halves) }
}
