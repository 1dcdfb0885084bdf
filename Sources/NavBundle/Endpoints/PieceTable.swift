import NavFormat

/// The `PIEC` section read in place: per profile, a bit per node set when the node lies in one
/// of the main pieces of the graph that profile may use.
struct PieceTable {
    let profileCount: Int
    let nodeCount: Int
    let headers: ByteReader
    let bits: ByteReader

    var wordsPerProfile: Int { BundleFormat.PieceSection(profileCount: profileCount, nodeCount: nodeCount).wordsPerProfile }

    init(section: ByteReader, profileCount expectedProfiles: Int, nodeCount expectedNodes: Int) throws(BundleError) {
        typealias Section = BundleFormat.PieceSection
        let header = Result { () throws(FormatError) in
            (try section.uint32(at: Section.profileCount), try section.uint32(at: Section.nodeCount))
        }
        guard case .success(let (profiles, nodes)) = header else {
            throw .malformedSection(section: "PIEC", detail: "too short for its header")
        }
        guard Int(profiles) == expectedProfiles, Int(nodes) == expectedNodes else {
            throw .malformedSection(section: "PIEC", detail: "\(profiles) profiles of \(nodes) nodes; PROF has \(expectedProfiles), NODE \(expectedNodes)")
        }
        profileCount = Int(profiles)
        nodeCount = Int(nodes)
        let layout = Section(profileCount: profileCount, nodeCount: nodeCount)
        guard let headers = try? section.slice(offset: Section.counts, count: profileCount * BundleFormat.PieceCountsEntry.size),
              let bits = try? section.slice(offset: layout.bits, count: layout.bitBytes) else {
            throw .malformedSection(section: "PIEC", detail: "\(profiles) tables of \(nodes) nodes do not fit the section")
        }
        self.headers = headers
        self.bits = bits
    }

    func isInMainPiece(node: Int, profile: Int) throws(BundleError) -> Bool {
        let perWord = BundleFormat.PieceSection.nodesPerWord
        let word = try BundleError.reading("PIEC") { () throws(FormatError) in
            try bits.uint32(at: (profile * wordsPerProfile + node / perWord) * BundleFormat.wordSize)
        }
        return word >> UInt32(node % perWord) & 1 == 1
    }

    /// The piece count, main piece count and main node count of `profile`.
    func counts(profile: Int) throws(BundleError) -> (pieces: Int, main: Int, mainNodes: Int) {
        typealias Entry = BundleFormat.PieceCountsEntry
        let base = profile * Entry.size
        return try BundleError.reading("PIEC") { () throws(FormatError) in
            (Int(try headers.uint32(at: base + Entry.pieceCount)), Int(try headers.uint32(at: base + Entry.mainPieceCount)),
             Int(try headers.uint32(at: base + Entry.mainNodeCount)))
        }
    }
}
