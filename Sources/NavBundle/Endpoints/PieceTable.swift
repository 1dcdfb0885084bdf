import NavFormat

/// The `PIEC` section read in place: per profile, a bit per node set when the node lies in one
/// of the main pieces of the graph that profile may use.
struct PieceTable {
    let profileCount: Int
    let nodeCount: Int
    let headers: ByteReader
    let bits: ByteReader

    var wordsPerProfile: Int { (nodeCount + 31) / 32 }

    init(section: ByteReader, profileCount expectedProfiles: Int, nodeCount expectedNodes: Int) throws(ContainerError) {
        let header = Result { () throws(ByteReaderError) in (try section.uint32(at: 0), try section.uint32(at: 4)) }
        guard case .success(let (profiles, nodes)) = header else {
            throw .malformedSection(section: "PIEC", detail: "too short for its header")
        }
        guard Int(profiles) == expectedProfiles, Int(nodes) == expectedNodes else {
            throw .malformedSection(section: "PIEC", detail: "\(profiles) profiles of \(nodes) nodes; PROF has \(expectedProfiles), NODE \(expectedNodes)")
        }
        profileCount = Int(profiles)
        nodeCount = Int(nodes)
        let headerBytes = profileCount * BundleFormat.pieceHeaderSize
        let words = (nodeCount + 31) / 32
        guard let headers = try? section.slice(offset: 8, count: headerBytes),
              let bits = try? section.slice(offset: 8 + headerBytes, count: profileCount * words * 4) else {
            throw .malformedSection(section: "PIEC", detail: "\(profiles) tables of \(nodes) nodes do not fit the section")
        }
        self.headers = headers
        self.bits = bits
    }

    func isInMainPiece(node: Int, profile: Int) throws(ContainerError) -> Bool {
        let word = try ContainerError.reading("PIEC") { () throws(ByteReaderError) in
            try bits.uint32(at: (profile * wordsPerProfile + node / 32) * 4)
        }
        return word >> UInt32(node % 32) & 1 == 1
    }

    /// The piece count, main piece count and main node count of `profile`.
    func counts(profile: Int) throws(ContainerError) -> (pieces: Int, main: Int, mainNodes: Int) {
        let base = profile * BundleFormat.pieceHeaderSize
        return try ContainerError.reading("PIEC") { () throws(ByteReaderError) in
            (Int(try headers.uint32(at: base)), Int(try headers.uint32(at: base + 4)), Int(try headers.uint32(at: base + 8)))
        }
    }
}
