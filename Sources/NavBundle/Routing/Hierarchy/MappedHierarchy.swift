import NavFormat

/// A profile's contraction hierarchy (`CHxx`, ``HierarchyLayout``) read in place from the mapping.
///
/// Opening checks only that the arrays the header announces fit the section, so it costs the
/// same for any size. Everything read from the arrays afterwards is checked where it is used:
/// each rank, arc range and arc end the search is handed, and each slot unpacking follows. A
/// damaged file therefore leads to an error, never to a read outside the section or a loop,
/// without validating every arc up front.
struct MappedHierarchy: HierarchyStorage {
    typealias Failure = FormatError

    /// A little-endian `u32` array inside the mapping; callers check indexes.
    struct Words {
        let base: UnsafeRawPointer?

        @inline(__always)
        subscript(index: Int) -> UInt32 {
            UInt32(littleEndian: base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
        }
    }

    let layout: HierarchyLayout
    let tag: String
    /// Arcs of the bundle's graph (`ARCS`), which unpacking may name and never exceed.
    let inputArcCount: Int
    let rank: Words
    let nodeAtRank: Words
    let upFirst: Words
    let upHead: Words
    let upWeight: Words
    let downFirst: Words
    let downTail: Words
    let downWeight: Words
    let halvesWords: Words

    init(section: ByteReader, tag: String, nodeCount expectedNodes: Int, arcCount: Int) throws(FormatError) {
        let header = Result { () throws(FormatError) in
            (try section.uint32(at: 0), try section.uint32(at: 4), try section.uint32(at: 8), try section.uint32(at: 12))
        }
        guard case .success(let (magic, nodes, ups, downs)) = header else {
            throw .malformedSection(section: tag, detail: "too short for its header")
        }
        guard magic == HierarchyLayout.magic else {
            throw .malformedSection(section: tag, detail: "not a CHv2 hierarchy (a bundle of format 0.3 or older: rebuild it)")
        }
        guard Int(nodes) == expectedNodes else {
            throw .malformedSection(section: tag, detail: "\(nodes) nodes, but NODE has \(expectedNodes)")
        }
        let layout = HierarchyLayout(nodeCount: Int(nodes), upCount: Int(ups), downCount: Int(downs))
        guard ups < HierarchyLayout.originalArc, downs < HierarchyLayout.originalArc,
              section.contains(offset: 0, count: layout.wordCount * 4) else {
            throw .malformedSection(section: tag, detail: "\(nodes) nodes and \(ups) + \(downs) arcs do not fit \(section.count) bytes")
        }
        func words(_ array: HierarchyLayout.Array) -> Words {
            Words(base: section.buffer.baseAddress.map { $0 + layout.start(of: array) * 4 })
        }
        self.layout = layout
        self.tag = tag
        inputArcCount = arcCount
        rank = words(.rank)
        nodeAtRank = words(.nodeAtRank)
        upFirst = words(.upFirst)
        upHead = words(.upHead)
        upWeight = words(.upWeight)
        downFirst = words(.downFirst)
        downTail = words(.downTail)
        downWeight = words(.downWeight)
        halvesWords = words(.halves)
    }

    var nodeCount: Int { layout.nodeCount }
    var slotCount: Int { layout.upCount + layout.downCount }

    @inline(__always)
    func rank(of node: Int) throws(FormatError) -> Int {
        let rank = Int(rank[node])
        guard rank < layout.nodeCount else { throw damaged("node \(node) has rank \(rank)") }
        return rank
    }

    func node(atRank rank: Int) throws(FormatError) -> Int {
        let node = Int(nodeAtRank[rank])
        guard node < layout.nodeCount else { throw damaged("rank \(rank) is node \(node)") }
        return node
    }

    /// The arcs of `rank` in one graph, checked to lie inside its arrays.
    @inline(__always)
    func arcs(_ graph: HierarchyGraph, of rank: Int) throws(FormatError) -> Range<Int> {
        let (offsets, count) = graph == .up ? (upFirst, layout.upCount) : (downFirst, layout.downCount)
        let first = Int(offsets[rank]), last = Int(offsets[rank + 1])
        guard first <= last, last <= count else { throw damaged("arcs of rank \(rank) lie outside the arrays") }
        return first..<last
    }

    @inline(__always)
    func higherEnd(_ graph: HierarchyGraph, of arc: Int) throws(FormatError) -> Int {
        let end = Int(graph == .up ? upHead[arc] : downTail[arc])
        guard end < layout.nodeCount else { throw damaged("arc \(arc) leads to rank \(end)") }
        return end
    }

    @inline(__always)
    func weight(_ graph: HierarchyGraph, of arc: Int) -> UInt32 {
        graph == .up ? upWeight[arc] : downWeight[arc]
    }

    /// Slots are grouped by rank: the downward arcs stored at a rank, then its upward arcs.
    @inline(__always)
    func slot(_ graph: HierarchyGraph, arc: Int, at rank: Int) -> Int {
        graph == .up ? Int(downFirst[rank + 1]) + arc : Int(upFirst[rank]) + arc
    }

    @inline(__always)
    func halves(_ slot: Int) -> (first: UInt32, second: UInt32) { (halvesWords[2 * slot], halvesWords[2 * slot + 1]) }

    /// A bundle's bytes are checked as they are read, never trusted.
    static var isTrusted: Bool { false }

    func damaged(_ detail: String) -> FormatError {
        .malformedSection(section: tag, detail: detail)
    }
}
