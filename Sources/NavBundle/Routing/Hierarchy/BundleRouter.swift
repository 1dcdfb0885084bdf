import NavFormat

/// Answers routes for one profile on the bundle's contraction hierarchy, read in place.
///
/// The search is the shared ``HierarchySearch``: a forward search climbs the upward arcs from the
/// start and a backward search climbs the downward arcs from the destination, both pruned by
/// stall-on-demand; the best meeting node gives the distance, and the shortcuts on the way are
/// unpacked into `ARCS` arcs. A router owns its search buffers and reuses them, so keep one per
/// thread.
///
/// Nothing in the hierarchy is trusted: every rank, offset, arc end and half is checked before it
/// is followed, unpacking stops after as many arcs as `ARCS` holds, and the unpacked path must
/// chain from the start to the destination and cost what the search found. A damaged hierarchy
/// therefore yields an error, never a read outside the file, a hang or a wrong path.
public final class BundleRouter {
    public let bundle: VenueBundle
    public let profile: Int
    let search: HierarchySearch<MappedHierarchy, ExactSearch>

    /// A router for `profile` (an index into ``VenueBundle/profileNames``).
    ///
    /// - Throws: ``BundleError/profileOutOfRange(_:profileCount:)`` for a profile the bundle does
    ///   not have, ``BundleError/noHierarchy(_:)`` when the bundle has no hierarchy for it (its
    ///   pipeline had no `contract` stage), or the section's damage.
    public init(bundle: VenueBundle, profile: Int) throws(BundleError) {
        try bundle.checkProfile(profile)
        let tag = BundleFormat.Tag.hierarchy(profile)
        guard let section = bundle.file.section(tag) else { throw .noHierarchy(bundle.profileNames[profile]) }
        self.bundle = bundle
        self.profile = profile
        do {
            let hierarchy = try MappedHierarchy(section: section, tag: tag.description, nodeCount: bundle.nodeCount,
                                                arcCount: bundle.arcCount)
            search = HierarchySearch(storage: hierarchy)
        } catch {
            throw .file(error)
        }
    }

    /// Nodes the two searches of the last query settled: its search space.
    public var settledNodes: Int { search.settledNodes }

    /// The cheapest route from node `source` to node `target`; `nil` when there is none.
    public func route(from source: Int, to target: Int) throws(BundleError) -> Route? {
        try bundle.checkNodes(source, target)
        guard let distance = try distance(source, target) else { return nil }
        let arcs = try BundleError.inFile { () throws(FormatError) in try search.unpack() }
        return try bundle.route(profile: profile, from: source, to: target, arcs: arcs, milliseconds: distance,
                                section: search.storage.tag)
    }

    /// The cost of the cheapest route in milliseconds and its `ARCS` arcs in order, without the
    /// nodes; `nil` when there is none.
    ///
    /// Unpacking is checked to stay inside the hierarchy and to end, and every arc index exists,
    /// but unlike ``route(from:to:)`` the arcs are not checked to chain: for callers that read
    /// the arcs' records themselves anyway, or trust the bundle's checksums.
    public func path(from source: Int, to target: Int) throws(BundleError) -> (milliseconds: UInt64, arcs: [Int])? {
        try bundle.checkNodes(source, target)
        guard let distance = try distance(source, target) else { return nil }
        return (distance, try BundleError.inFile { () throws(FormatError) in try search.unpack() })
    }

    /// The cost of the cheapest route in milliseconds, without unpacking it; `nil` when there is none.
    public func distance(from source: Int, to target: Int) throws(BundleError) -> UInt64? {
        try bundle.checkNodes(source, target)
        return try distance(source, target)
    }

    private func distance(_ source: Int, _ target: Int) throws(BundleError) -> UInt64? {
        try BundleError.inFile { () throws(FormatError) in try search.run(from: [source], to: [target]) }
    }
}
