public import NavFormat

/// Answers routes for one profile on the bundle's contraction hierarchy, read in place.
///
/// A forward search climbs the upward arcs from the start and a backward search climbs the
/// downward arcs from the destination, both pruned by stall-on-demand; the best meeting node
/// gives the distance, and the shortcuts on the way are unpacked through `halves` into `ARCS`
/// arcs. A router owns its search buffers and reuses them, so keep one per thread.
///
/// Nothing in the hierarchy is trusted: every rank, offset, arc end and half is checked before it
/// is followed, unpacking stops after as many arcs as `ARCS` holds, and the unpacked path must
/// chain from the start to the destination and cost what the search found. A damaged hierarchy
/// therefore yields an error, never a read outside the file, a hang or a wrong path.
public final class BundleRouter {
    public let bundle: VenueBundle
    public let profile: Int
    let hierarchy: MappedHierarchy
    let tag: String
    let forward: SearchLabels
    let backward: SearchLabels
    let forwardQueue = RouterQueue()
    let backwardQueue = RouterQueue()
    var best: UInt64 = .max
    var meeting = -1
    /// Nodes the two searches of the last query settled: its search space.
    public internal(set) var settledNodes = 0

    /// A router for `profile` (an index into ``VenueBundle/profileNames``).
    ///
    /// - Throws: ``RouteError/noHierarchy`` when the bundle has no hierarchy for the profile
    ///   (its pipeline had no `contract` stage), or the section's damage.
    public init(bundle: VenueBundle, profile: Int) throws(RouteError) {
        guard bundle.profileNames.indices.contains(profile) else {
            throw .unknownProfile("#\(profile)", available: bundle.profileNames)
        }
        let sectionTag = BundleFormat.Tag.hierarchy(profile)
        guard let section = bundle.file.section(sectionTag) else { throw .noHierarchy(bundle.profileNames[profile]) }
        self.bundle = bundle
        self.profile = profile
        tag = sectionTag.description
        do {
            hierarchy = try MappedHierarchy(section: section, tag: tag, nodeCount: bundle.nodeCount)
        } catch {
            throw .bundle(error)
        }
        forward = SearchLabels(count: bundle.nodeCount)
        backward = SearchLabels(count: bundle.nodeCount)
    }

    /// The cheapest route from node `source` to node `target`; `nil` when there is none.
    public func route(from source: Int, to target: Int) throws(RouteError) -> Route? {
        do {
            guard let distance = try search(from: source, to: target) else { return nil }
            let arcs = try unpack()
            return try bundle.route(profile: profile, from: source, to: target, arcs: arcs, milliseconds: distance,
                                    section: tag)
        } catch {
            throw .bundle(error)
        }
    }

    /// The cost of the cheapest route in milliseconds and its `ARCS` arcs in order, without the
    /// nodes; `nil` when there is none.
    ///
    /// Unpacking is checked to stay inside the hierarchy and to end, and every arc index exists,
    /// but unlike ``route(from:to:)`` the arcs are not checked to chain: for callers that read
    /// the arcs' records themselves anyway, or trust the bundle's checksums.
    public func path(from source: Int, to target: Int) throws(RouteError) -> (milliseconds: UInt64, arcs: [Int])? {
        do {
            guard let distance = try search(from: source, to: target) else { return nil }
            return (distance, try unpack())
        } catch {
            throw .bundle(error)
        }
    }

    /// The cost of the cheapest route in milliseconds, without unpacking it; `nil` when there is none.
    public func distance(from source: Int, to target: Int) throws(RouteError) -> UInt64? {
        do {
            return try search(from: source, to: target)
        } catch {
            throw .bundle(error)
        }
    }

    func malformed(_ detail: String) -> ContainerError {
        .malformedSection(section: tag, detail: detail)
    }
}
