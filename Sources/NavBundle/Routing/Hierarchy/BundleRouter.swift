import NavFormat

/// Answers routes for one profile on the bundle's hierarchy: its customisable hierarchy when it
/// has one (format 2.0), else the profile's contraction hierarchy read in place.
///
/// On a contraction hierarchy the search is the shared ``HierarchySearch``: a forward search
/// climbs the upward arcs from the start and a backward search climbs the downward arcs from the
/// destination, both pruned by stall-on-demand; the best meeting node gives the distance, and the
/// shortcuts on the way are unpacked into `ARCS` arcs. Nothing in it is trusted: every rank,
/// offset, arc end and half is checked before it is followed, unpacking stops after as many arcs
/// as `ARCS` holds, and the unpacked path must chain from the start to the destination and cost
/// what the search found.
///
/// On a customisable hierarchy the search is the shared ``EliminationTreeSearch`` over the
/// profile's metric, customised on first use (or, with conditions, for this router alone) from a
/// topology that was checked in full first; its paths are checked the same way.
///
/// A router owns its search buffers and reuses them, so keep one per thread.
public final class BundleRouter {
    public let bundle: VenueBundle
    public let profile: Int
    let engine: Engine

    enum Engine {
        case hierarchy(HierarchySearch<MappedHierarchy, ExactSearch>)
        /// The search, its metric and the input weights the metric was customised from when they
        /// are not the profile's `PROF` costs.
        case customisable(EliminationTreeSearch, CustomisedMetric, weights: [UInt32]?)
    }

    /// A router for `profile` (an index into ``VenueBundle/profileNames``).
    ///
    /// - Throws: ``BundleError/profileOutOfRange(_:profileCount:)`` for a profile the bundle does
    ///   not have, ``BundleError/noHierarchy(_:)`` when the bundle has no hierarchy for it (its
    ///   pipeline had no `contract` stage), or the section's damage.
    public convenience init(bundle: VenueBundle, profile: Int) throws(BundleError) {
        try bundle.checkProfile(profile)
        if bundle.hasCustomisableHierarchy {
            try self.init(bundle: bundle, profile: profile, metric: try bundle.customisedMetric(profile: profile), weights: nil)
            return
        }
        let tag = BundleFormat.Tag.hierarchy(profile)
        guard let section = bundle.file.section(tag) else { throw .noHierarchy(bundle.profileNames[profile]) }
        do {
            let hierarchy = try MappedHierarchy(section: section, tag: tag.description, nodeCount: bundle.nodeCount,
                                                arcCount: bundle.arcCount)
            self.init(bundle: bundle, profile: profile, engine: .hierarchy(HierarchySearch(storage: hierarchy)))
        } catch {
            throw .file(error)
        }
    }

    /// A router for `profile` under `conditions`: the profile's costs with the conditions applied,
    /// on a metric brought up to date for this router alone
    /// (``VenueBundle/customisedMetric(profile:applying:)``).
    ///
    /// - Throws: ``BundleError/noCustomisableHierarchy`` for a bundle without one (format 1.x),
    ///   or the section's damage.
    public convenience init(bundle: VenueBundle, profile: Int, conditions: ArcConditions) throws(BundleError) {
        let (metric, weights) = try bundle.customisedMetric(profile: profile, applying: conditions)
        try self.init(bundle: bundle, profile: profile, metric: metric, weights: weights)
    }

    /// A router on the customisable hierarchy with `metric`, customised from `weights` (`nil`: the
    /// profile's `PROF` costs).
    convenience init(bundle: VenueBundle, profile: Int, metric: CustomisedMetric, weights: [UInt32]?) throws(BundleError) {
        let search = EliminationTreeSearch(topology: try bundle.customisableTopology())
        self.init(bundle: bundle, profile: profile, engine: .customisable(search, metric, weights: weights))
    }

    private init(bundle: VenueBundle, profile: Int, engine: Engine) {
        self.bundle = bundle
        self.profile = profile
        self.engine = engine
    }

    /// Nodes (or, on a customisable hierarchy, ranks) the last query looked at: its search space.
    public var settledNodes: Int {
        switch engine {
        case .hierarchy(let search): search.settledNodes
        case .customisable(let search, _, _): search.visitedRanks
        }
    }

    /// The cheapest route from node `source` to node `target`; `nil` when there is none.
    public func route(from source: Int, to target: Int) throws(BundleError) -> Route? {
        guard let (milliseconds, arcs) = try path(from: source, to: target) else { return nil }
        switch engine {
        case .hierarchy(let search):
            return try bundle.route(profile: profile, from: source, to: target, arcs: arcs, milliseconds: milliseconds,
                                    section: search.storage.tag)
        case .customisable(_, _, let weights):
            return try bundle.route(profile: profile, from: source, to: target, arcs: arcs, milliseconds: milliseconds,
                                    section: "CCHT", weights: weights)
        }
    }

    /// The cheapest route from `stops[0]` through the others in order to the last, each leg as
    /// ``route(from:to:)`` finds it, joined (``Route/init(joining:)``); `nil` when any leg cannot
    /// be reached.
    public func route(through stops: [Int]) throws(BundleError) -> Route? {
        try bundle.route(through: stops) { (source, target) throws(BundleError) in try route(from: source, to: target) }
    }

    /// The cost of the cheapest route in milliseconds and its `ARCS` arcs in order, without the
    /// nodes; `nil` when there is none.
    ///
    /// Unpacking is checked to stay inside the hierarchy and to end, and every arc index exists,
    /// but unlike ``route(from:to:)`` the arcs are not checked to chain: for callers that read
    /// the arcs' records themselves anyway, or trust the bundle's checksums.
    public func path(from source: Int, to target: Int) throws(BundleError) -> (milliseconds: UInt64, arcs: [Int])? {
        try bundle.checkNodes(source, target)
        switch engine {
        case .hierarchy(let search):
            guard let distance = try BundleError.inFile({ () throws(FormatError) in try search.run(from: [source], to: [target]) }) else {
                return nil
            }
            return (distance, try BundleError.inFile { () throws(FormatError) in try search.unpack() })
        case .customisable(let search, let metric, _):
            guard let distance = search.distance(from: source, to: target, metric: metric),
                  let arcs = search.path(metric: metric) else { return nil }
            return (distance, arcs)
        }
    }

    /// The cost of the cheapest route in milliseconds, without unpacking it; `nil` when there is none.
    public func distance(from source: Int, to target: Int) throws(BundleError) -> UInt64? {
        try bundle.checkNodes(source, target)
        switch engine {
        case .hierarchy(let search):
            return try BundleError.inFile { () throws(FormatError) in try search.run(from: [source], to: [target]) }
        case .customisable(let search, let metric, _):
            return search.distance(from: source, to: target, metric: metric)
        }
    }
}
