import Foundation
public import NavFormat

/// A bundle opened for reading: memory-mapped, structure checked, records read in place.
///
/// Opening checks the container (magic, version, section bounds) and, unless told not to, every
/// checksum. Records are read on access with bounds checks, so a corrupt bundle yields a
/// ``BundleError/file(_:)`` and never a read outside the file.
public final class VenueBundle: @unchecked Sendable {
    // Immutable after init; all storage is a read-only mapping.
    public let file: ContainerFile
    public let metadata: BundleMetadata
    let strings: ByteReader
    let stringCount: Int
    let levels: ByteReader
    public let levelCount: Int
    let nodes: ByteReader
    public let nodeCount: Int
    let firstOut: ByteReader
    let arcs: ByteReader
    public let arcCount: Int
    let costs: ByteReader
    public let profileNames: [String]
    let places: ByteReader
    public let placeCount: Int
    let events: ByteReader
    public let eventCount: Int
    /// `first_point` offsets and corner coordinates (`SHAP`); `nil` in bundles before format 0.2.
    /// `SHAP`, in either section version.
    let shapes: ShapeTable?
    /// The ways out (`EGRS`, section version 2); `nil` when the bundle has none.
    let egress: EgressTables?
    /// `EGRC` (2.0, with `CCHT`): the arcs that cost differently when leaving; checked on use.
    let egressCosts: ByteReader?
    /// The optional sections of format 1.0; `nil` in bundles of the development formats.
    let searchIndex: SearchIndex?
    let snapIndex: SnapIndex?
    let outlineTable: OutlineTable?
    let geofenceIndex: GeofenceIndex?
    /// The tours (`TOUR`, 2.3 and 1.5), their tables checked to fit; `nil` without.
    let tourTable: TourTable?
    /// The crowd map (`CRWD`, 2.3 and 1.5), its tables checked to fit; `nil` without.
    let crowdTable: CrowdTable?
    /// The optional sections of format 1.2; `nil` in older bundles.
    let placeSources: ByteReader?
    let aliasIndex: AliasIndex?
    let attachmentTable: ByteReader?
    let pieceTable: PieceTable?
    /// Arcs with steps and their counts (`STPC`, 1.2); `nil` when no arc has a count.
    let stepTable: ByteReader?
    /// Landmarks and the decision points that see them (`GLMK`), checked in full; `nil` without.
    let landmarkTable: LandmarkTable?
    /// The customisable hierarchy's topology (`CCHT`, 2.0), its size checked; `nil` without one.
    let customisableSection: ByteReader?
    /// The arcs' bearings at their ends and corners (`GARC`, 2.1 and 1.3), its counts checked
    /// against `ARCS` and `SHAP`; `nil` in older bundles.
    let arcBearingTable: ArcBearingTable?
    /// The instruction languages (`GTXT`, 1.3/2.1), their structure checked; `nil` without them.
    let guidanceTextTable: GuidanceTextTable?
    /// The topology and each profile's customised metric, made on first use.
    let customisableCache = CustomisableCache()
    /// What resolving conditions needs from the graph's records, made on first use.
    let conditionsCache = ConditionsIndexCache()
    /// Each profile's graph of open arcs for plain Dijkstra searches, made on first use.
    let openSearchCache = ProfileCache<OpenArcs>()

    public convenience init(path: String, verifyChecksums: Bool = true) throws(BundleError) {
        let file = try BundleError.inFile { () throws(FormatError) in
            try ContainerFile(path: path, kind: BundleFormat.kind, kindName: BundleFormat.name)
        }
        try self.init(file: file, verifyChecksums: verifyChecksums)
    }

    public init(file: ContainerFile, verifyChecksums: Bool = true) throws(BundleError) {
        self.file = file
        typealias Tag = BundleFormat.Tag
        // The table's rules come before the checksums, as in the C, Python and JavaScript readers:
        // a required section missing or of a later version is damage to the structure, and is
        // refused as such even when the file's hash is stale too (docs/bundle-format.md, "Layout").
        for tag in Self.requiredTags { _ = try Self.required(tag, in: file) }
        if verifyChecksums { try BundleError.inFile { () throws(FormatError) in try file.verifyChecksums() } }

        let meta = try Self.required(Tag.metadata, in: file)
        do {
            metadata = try JSONDecoder().decode(BundleMetadata.self, from: Data(meta.buffer))
        } catch {
            throw .malformedSection(section: "META", detail: "metadata is not the expected JSON: \(error)")
        }

        let stringSection = try Self.required(Tag.strings, in: file)
        stringCount = try Self.count(in: stringSection, tag: "STRS")
        strings = stringSection
        let stringOffsets = BundleFormat.StringSection.offsets
        guard stringSection.contains(offset: stringOffsets,
                                     count: BundleFormat.StringSection(stringCount: stringCount).bytes - stringOffsets) else {
            throw .malformedSection(section: "STRS", detail: "offset table runs past the section")
        }

        (levels, levelCount) = try Self.table(file, Tag.levels, entrySize: BundleFormat.LevelEntry.size)
        (nodes, nodeCount) = try Self.table(file, Tag.nodes, entrySize: BundleFormat.NodeEntry.size)
        (places, placeCount) = try Self.table(file, Tag.places, entrySize: BundleFormat.PlaceEntry.size)
        (events, eventCount) = try Self.table(file, Tag.events, entrySize: BundleFormat.EventEntry.size)

        typealias ArcSection = BundleFormat.ArcSection
        let arcSection = try Self.required(Tag.arcs, in: file)
        let arcHeader = Result { () throws(FormatError) in
            (try arcSection.uint32(at: ArcSection.nodeCount), try arcSection.uint32(at: ArcSection.arcCount))
        }
        guard case .success(let (arcNodes, arcTotal)) = arcHeader, Int(arcNodes) == nodeCount else {
            throw .malformedSection(section: "ARCS", detail: "node count differs from NODE")
        }
        arcCount = Int(arcTotal)
        let arcLayout = ArcSection(nodeCount: nodeCount)
        guard let firstOut = try? arcSection.slice(offset: ArcSection.firstOut, count: arcLayout.firstOutBytes),
              let arcs = try? arcSection.slice(offset: arcLayout.entries, count: arcCount * BundleFormat.ArcEntry.size) else {
            throw .malformedSection(section: "ARCS", detail: "\(arcCount) arcs do not fit the section")
        }
        self.firstOut = firstOut
        self.arcs = arcs

        typealias ProfileSection = BundleFormat.ProfileSection
        let profileSection = try Self.required(Tag.profiles, in: file)
        let profileHeader = Result { () throws(FormatError) in
            (try profileSection.uint32(at: ProfileSection.profileCount), try profileSection.uint32(at: ProfileSection.arcCount))
        }
        guard case .success(let (profileCount, profileArcs)) = profileHeader, Int(profileArcs) == arcCount,
              profileCount < ProfileSection.profileLimit,
              let costs = try? profileSection.slice(offset: ProfileSection(profileCount: Int(profileCount)).costs,
                                                    count: Int(profileCount) * arcCount * BundleFormat.wordSize) else {
            throw .malformedSection(section: "PROF", detail: "profile table does not match ARCS")
        }
        self.costs = costs
        var names: [String] = []
        for index in 0..<Int(profileCount) {
            guard let nameIndex = try? profileSection.uint32(at: ProfileSection.name(index) + BundleFormat.ProfileNameEntry.name) else {
                throw .malformedSection(section: "PROF", detail: "profile \(index) is unreadable")
            }
            names.append(try Self.string(nameIndex, in: stringSection, count: stringCount) ?? "profile\(index)")
        }
        profileNames = names
        shapes = try ShapeTable(file, arcCount: arcCount)
        egress = try Self.egress(file, profileCount: names.count, nodeCount: nodeCount)
        egressCosts = file.section(BundleFormat.Tag.egressCosts)
        searchIndex = try file.section(Tag.search).map { section throws(BundleError) in try SearchIndex(section: section) }
        let (levels, nodes) = (levelCount, nodeCount)
        snapIndex = try file.section(Tag.snap).map { section throws(BundleError) in
            try SnapIndex(section: section, levelCount: levels, nodeCount: nodes)
        }
        outlineTable = try file.section(Tag.outlines).map { section throws(BundleError) in
            try OutlineTable(section: section, levelCount: levels)
        }
        geofenceIndex = try file.section(Tag.geofences).map { section throws(BundleError) in
            try GeofenceIndex(section: section, levelCount: levels)
        }
        tourTable = try file.section(Tag.tours).map { section throws(BundleError) in try TourTable(section: section) }
        crowdTable = try file.section(Tag.crowds).map { section throws(BundleError) in try CrowdTable(section: section) }
        let (placeTotal, profileTotal) = (placeCount, names.count)
        placeSources = try file.section(Tag.sources).map { section throws(BundleError) in
            typealias Table = BundleFormat.CountedTable
            guard let count = try? section.uint32(at: Table.count), Int(count) == placeTotal,
                  let sources = try? section.slice(offset: Table.entries, count: placeTotal * BundleFormat.wordSize) else {
                throw .malformedSection(section: "PSRC", detail: "does not hold one source per place of PLAC")
            }
            return sources
        }
        aliasIndex = try file.section(Tag.aliases).map { section throws(BundleError) in
            try AliasIndex(section: section, placeCount: placeTotal)
        }
        attachmentTable = try file.section(Tag.attachments).map { section throws(BundleError) in
            typealias Section = BundleFormat.AttachmentSection
            guard let profiles = try? section.uint32(at: Section.profileCount), let places = try? section.uint32(at: Section.placeCount),
                  Int(profiles) == profileTotal, Int(places) == placeTotal,
                  let table = try? section.slice(offset: Section.nodes, count: profileTotal * placeTotal * BundleFormat.wordSize) else {
                throw .malformedSection(section: "ATCH", detail: "does not hold a node per profile of PROF and place of PLAC")
            }
            return table
        }
        pieceTable = try file.section(Tag.pieces).map { section throws(BundleError) in
            try PieceTable(section: section, profileCount: profileTotal, nodeCount: nodes)
        }
        let arcTotalCount = arcCount
        stepTable = try file.section(Tag.steps).map { section throws(BundleError) in
            typealias Table = BundleFormat.CountedTable
            guard let count = try? section.uint32(at: Table.count), Int(count) <= arcTotalCount,
                  let entries = try? section.slice(offset: Table.entries, count: Int(count) * BundleFormat.StepEntry.size) else {
                throw .malformedSection(section: "STPC", detail: "its entries do not fit the section or outnumber the arcs")
            }
            return entries
        }
        let cornerTotal = shapes?.cornerCount ?? 0
        // GARC and GLMK kept their layout at version 2 (since 2.5 and 1.7), beside SHAP's.
        let guidanceVersions: ClosedRange<UInt16> = 1...BundleFormat.ArcBearingSection.version
        arcBearingTable = try file.section(Tag.arcBearings, versions: guidanceVersions).map { section throws(BundleError) in
            try ArcBearingTable(section: section, arcCount: arcTotalCount, cornerCount: cornerTotal)
        }
        let (stringTotal, levelTotal) = (stringCount, levelCount)
        landmarkTable = try file.section(BundleFormat.Tag.landmarks, versions: guidanceVersions).map { section throws(BundleError) in
            try LandmarkTable(section: section, nodeCount: nodes, cornerCount: cornerTotal, stringCount: stringTotal,
                              placeCount: placeTotal, levelCount: levelTotal)
        }
        guidanceTextTable = try file.section(Tag.guidanceTexts).map { section throws(BundleError) in
            try GuidanceTextTable(section: section)
        }
        let (nodeTotal, inputTotal) = (nodeCount, arcCount)
        customisableSection = try file.section(Tag.customisableTopology).map { section throws(BundleError) in
            let header = Result { () throws(FormatError) in
                (try section.uint32(at: 0), try section.uint32(at: 4), try section.uint32(at: 8), try section.uint32(at: 12))
            }
            guard case .success(let (magic, nodes, arcs, inputs)) = header, magic == CustomisableLayout.magic else {
                throw .malformedSection(section: "CCHT", detail: "not a CCT1 topology")
            }
            let layout = CustomisableLayout(nodeCount: Int(nodes), arcCount: Int(arcs), inputArcCount: Int(inputs))
            guard layout.nodeCount == nodeTotal, layout.inputArcCount == inputTotal,
                  section.contains(offset: 0, count: layout.wordCount * 4) else {
                throw .malformedSection(section: "CCHT", detail: "\(nodes) ranks, \(arcs) arcs and \(inputs) input slots do not match NODE and ARCS or fit the section")
            }
            return section
        }
    }

    /// The optional `EGRS` section: empty, or one table per profile. Version 1, which held an
    /// entry for every node, is not read: such a bundle has no ways out until it is rebuilt.
    private static func egress(_ file: ContainerFile, profileCount: Int, nodeCount: Int) throws(BundleError) -> EgressTables? {
        guard let section = file.section(BundleFormat.Tag.egress, version: BundleFormat.EgressSection.version) else { return nil }
        return try EgressTables(section, profileCount: profileCount, nodeCount: nodeCount)
    }

    /// A section the format requires, or the file's error saying it is missing.
    /// The sections every bundle has, at section version 1 (docs/bundle-format.md, "Sections").
    private static let requiredTags: [SectionTag] = [
        BundleFormat.Tag.metadata, BundleFormat.Tag.strings, BundleFormat.Tag.levels, BundleFormat.Tag.nodes,
        BundleFormat.Tag.arcs, BundleFormat.Tag.profiles, BundleFormat.Tag.places, BundleFormat.Tag.events,
    ]

    private static func required(_ tag: SectionTag, in file: ContainerFile) throws(BundleError) -> ByteReader {
        try BundleError.inFile { () throws(FormatError) in try file.requiredSection(tag) }
    }

    /// The leading `u32` count of a section.
    private static func count(in section: ByteReader, tag: String) throws(BundleError) -> Int {
        guard let count = try? section.uint32(at: BundleFormat.CountedTable.count) else {
            throw .malformedSection(section: tag, detail: "too short for its count")
        }
        return Int(count)
    }

    /// A section of `count u32, reserved u32, count × entrySize` records.
    private static func table(_ file: ContainerFile, _ tag: SectionTag,
                              entrySize: Int) throws(BundleError) -> (ByteReader, Int) {
        let section = try Self.required(tag, in: file)
        let count = try count(in: section, tag: tag.description)
        let start = BundleFormat.CountedTable.entries
        guard count <= (section.count - start) / entrySize,
              let records = try? section.slice(offset: start, count: count * entrySize) else {
            throw .malformedSection(section: tag.description, detail: "\(count) records do not fit \(section.count) bytes")
        }
        return (records, count)
    }

    static func string(_ index: UInt32, in section: ByteReader, count: Int) throws(BundleError) -> String? {
        guard index != BundleFormat.none else { return nil }
        guard Int(index) < count else {
            throw .malformedSection(section: "STRS", detail: "string \(index) does not exist (\(count) strings)")
        }
        typealias Strings = BundleFormat.StringSection
        guard let start = try? section.uint32(at: Strings.offset(Int(index))),
              let end = try? section.uint32(at: Strings.offset(Int(index) + 1)), start <= end,
              let bytes = try? section.bytes(offset: Strings(stringCount: count).bytes + Int(start), count: Int(end - start)) else {
            throw .malformedSection(section: "STRS", detail: "string \(index) lies outside the section")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The string at `index` of the string table; `nil` for the absent marker.
    public func string(_ index: UInt32) throws(BundleError) -> String? {
        try Self.string(index, in: strings, count: stringCount)
    }

    /// Runs reads inside a named section, reporting a failed read as that section's damage.
    func read<T>(_ section: String, _ body: () throws(FormatError) -> T) throws(BundleError) -> T {
        try BundleError.reading(section, body)
    }
}
