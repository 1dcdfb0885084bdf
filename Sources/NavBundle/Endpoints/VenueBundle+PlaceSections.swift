public import NavFormat

extension VenueBundle {
    /// Whether the bundle says where each place came from (`PSRC`, format 1.2 on).
    public var hasPlaceSources: Bool { placeSources != nil }
    /// Whether the bundle has place aliases (`ALIA`, format 1.2 on).
    public var hasAliases: Bool { aliasIndex != nil }
    /// Whether the bundle has per-profile attachments (`ATCH`, format 1.2 on).
    public var hasAttachments: Bool { attachmentTable != nil }
    /// Whether the bundle has per-profile main pieces (`PIEC`, format 1.2 on).
    public var hasPieces: Bool { pieceTable != nil }

    /// The source feature id of place `index` (`node/123`); `nil` when it has none or the bundle
    /// predates `PSRC`.
    public func placeSource(_ index: Int) throws(BundleError) -> String? {
        try checkPlace(index)
        guard let placeSources else { return nil }
        return try string(try read("PSRC") { () throws(FormatError) in
            try placeSources.uint32(at: index * BundleFormat.wordSize)
        })
    }

    /// The aliases of place `index`, in stored order; empty without `ALIA`.
    public func placeAliases(_ index: Int) throws(BundleError) -> [BundleContents.Alias] {
        try checkPlace(index)
        guard let aliasIndex else { return [] }
        var result: [BundleContents.Alias] = []
        for entry in try aliasIndex.range(of: index) {
            let (text, language, kind) = try aliasIndex.entry(entry)
            guard let value = try string(text), !value.isEmpty else {
                throw .malformedSection(section: "ALIA", detail: "alias \(entry) has no text")
            }
            // A kind this reader does not know is still an alias; it reads as a keyword.
            result.append(.init(text: value, language: try string(language), kind: AliasKind(rawValue: kind) ?? .keyword))
        }
        return result
    }

    /// The node place `index` attaches to for `profile` (`ATCH`), or its `PLAC` node in bundles
    /// before 1.2; `nil` when it is not on the graph.
    public func attachedNode(place index: Int, profile: Int) throws(BundleError) -> Int? {
        try checkPlace(index)
        try checkProfile(profile)
        guard let attachmentTable else { return try placeNode(index) }
        let node = try read("ATCH") { () throws(FormatError) in
            try attachmentTable.uint32(at: (profile * placeCount + index) * BundleFormat.wordSize)
        }
        guard node != BundleFormat.none else { return nil }
        guard Int(node) < nodeCount else {
            throw .malformedSection(section: "ATCH", detail: "place \(index) attaches to missing node \(node) for profile \(profile)")
        }
        return Int(node)
    }

    /// Whether `node` lies in a main piece of `profile`'s usable graph; every node does in
    /// bundles without `PIEC`.
    public func isInMainPiece(node: Int, profile: Int) throws(BundleError) -> Bool {
        try checkNodes(node)
        try checkProfile(profile)
        guard let pieceTable else { return true }
        return try pieceTable.isInMainPiece(node: node, profile: profile)
    }

    /// `profile`'s pieces as stored: counts and each node's membership; `nil` without `PIEC`.
    public func pieces(profile: Int) throws(BundleError) -> BundleContents.Pieces? {
        try checkProfile(profile)
        guard let pieceTable else { return nil }
        let counts = try pieceTable.counts(profile: profile)
        var inMain: [Bool] = []
        inMain.reserveCapacity(nodeCount)
        for node in 0..<nodeCount { inMain.append(try pieceTable.isInMainPiece(node: node, profile: profile)) }
        guard counts.main <= counts.pieces, counts.mainNodes == inMain.filter({ $0 }).count else {
            throw .malformedSection(section: "PIEC", detail: "the counts of profile \(profile) do not match its nodes")
        }
        return .init(pieceCount: counts.pieces, mainPieceCount: counts.main, inMainPiece: inMain)
    }

    /// The `PLAC` node of place `index`, read alone.
    func placeNode(_ index: Int) throws(BundleError) -> Int? {
        typealias Entry = BundleFormat.PlaceEntry
        let base = index * Entry.size
        let node = try read("PLAC") { () throws(FormatError) in try places.uint32(at: base + Entry.node) }
        guard node != BundleFormat.none else { return nil }
        guard Int(node) < nodeCount else { throw .malformedSection(section: "PLAC", detail: "place \(index) has no node \(node)") }
        return Int(node)
    }
}
