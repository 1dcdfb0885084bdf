import NavFormat

/// A profile's contraction hierarchy (`CHxx`, layout `CHv2`) read in place from the mapping.
///
/// Opening checks only that the arrays the header announces fit the section, so it costs the
/// same for any size. Everything read from the arrays afterwards is checked where it is used
/// (``BundleRouter`` does this), which keeps a damaged file from leading a query outside the
/// section or into a loop without validating every arc up front.
struct MappedHierarchy {
    /// A little-endian `u32` array inside the mapping; callers check indexes.
    struct Words {
        let base: UnsafeRawPointer?
        let count: Int

        @inline(__always)
        subscript(index: Int) -> UInt32 {
            UInt32(littleEndian: base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
        }
    }

    static let magic: UInt32 = 0x3276_4843
    static let originalArc: UInt32 = 0x8000_0000

    let nodeCount: Int
    let upCount: Int
    let downCount: Int
    let rank: Words
    let upFirst: Words
    let upHead: Words
    let upWeight: Words
    let downFirst: Words
    let downTail: Words
    let downWeight: Words
    let halves: Words

    init(section: ByteReader, tag: String, nodeCount expectedNodes: Int) throws(ContainerError) {
        let header = Result { () throws(ByteReaderError) in
            (try section.uint32(at: 0), try section.uint32(at: 4), try section.uint32(at: 8), try section.uint32(at: 12))
        }
        guard case .success(let (magic, nodes, ups, downs)) = header else {
            throw .malformedSection(section: tag, detail: "too short for its header")
        }
        guard magic == Self.magic else {
            throw .malformedSection(section: tag, detail: "not a CHv2 hierarchy (a bundle of format 0.3 or older: rebuild it)")
        }
        guard Int(nodes) == expectedNodes else {
            throw .malformedSection(section: tag, detail: "\(nodes) nodes, but NODE has \(expectedNodes)")
        }
        nodeCount = Int(nodes)
        upCount = Int(ups)
        downCount = Int(downs)
        // rank, node_at_rank, up_first, up arrays, down_first, down arrays, halves.
        let lengths = [nodeCount, nodeCount, nodeCount + 1, upCount, upCount, upCount,
                       nodeCount + 1, downCount, downCount, downCount, 2 * (upCount + downCount)]
        let words = lengths.reduce(0, +)
        guard section.contains(offset: 16, count: words * 4), ups < Self.originalArc, downs < Self.originalArc else {
            throw .malformedSection(section: tag, detail: "\(nodes) nodes and \(ups) + \(downs) arcs do not fit \(section.count) bytes")
        }
        var arrays: [Words] = []
        var offset = 16
        for length in lengths {
            arrays.append(Words(base: section.buffer.baseAddress.map { $0 + offset }, count: length))
            offset += length * 4
        }
        rank = arrays[0]
        upFirst = arrays[2]
        upHead = arrays[3]
        upWeight = arrays[4]
        downFirst = arrays[6]
        downTail = arrays[7]
        downWeight = arrays[8]
        halves = arrays[10]
    }
}
