import NavFormat

extension VenueBundle {
    /// The fastest way out of the venue from `node` for a profile under `conditions`: a closed
    /// exit, stairwell or corridor is not used, a slowed one costs its factor.
    ///
    /// The egress table was computed without conditions, so this searches again: Dijkstra from
    /// `node` over the costs of leaving (`PROF` with `EGRC`'s emergency exits) with the conditions
    /// applied, to the first exit settled (an entrance, or a node outdoors, which `EGRS` gives no
    /// entry), which is the nearest and, of equals, the lowest node (`docs/conditions.md`). `nil` when no exit can be reached.
    ///
    /// - Throws: ``BundleError/noCustomisableHierarchy`` for a bundle without `EGRC` (one built
    ///   before 2.0 or with `method: ch`), ``BundleError/noEgress`` without egress tables.
    public func wayOut(from node: Int, profile: Int, conditions: ArcConditions) throws(BundleError) -> Route? {
        guard hasEgress else { throw .noEgress }
        try checkProfile(profile)
        try checkNodes(node)
        let costs = try leavingCosts(profile: profile, applying: conditions)
        let (search, arcs) = try openSearch(costs: costs)
        let exits = try egressExits(entrances: try conditionsIndex().isEntrance)
        guard let exit = search.run(from: [node], untilAnyOf: exits), let slots = search.pathSlots(to: exit) else { return nil }
        let path = slots.map { arcs[Int(search.graph.arc[$0])] }
        return try route(profile: profile, from: node, to: exit, arcs: path, milliseconds: search.distance(exit),
                         section: "EGRC", weights: costs)
    }

    /// A profile's costs of leaving (its `PROF` costs with `EGRC` applied) under `conditions`,
    /// changed as ``costs(profile:applying:)`` changes the ordinary ones.
    public func leavingCosts(profile: Int, applying conditions: ArcConditions) throws(BundleError) -> [UInt32] {
        var costs = try profileCosts(profile)
        for (arc, cost) in try leavingExceptions(profile: profile) { costs[arc] = cost }
        return Self.applying(conditions, to: costs)
    }

    /// `EGRC`'s arcs and costs of leaving for `profile`, checked.
    func leavingExceptions(profile: Int) throws(BundleError) -> [(arc: Int, cost: UInt32)] {
        guard let section = egressCosts else { throw .noCustomisableHierarchy }
        typealias Section = BundleFormat.EgressCostSection
        return try read("EGRC") { () throws(FormatError) in
            let profiles = Int(try section.uint32(at: Section.profileCount)), count = Int(try section.uint32(at: Section.entryCount))
            guard profiles == profileNames.count else {
                throw FormatError.malformedSection(section: "EGRC", detail: "\(profiles) profiles, not the \(profileNames.count) of PROF")
            }
            let base = Section.entries(profileCount: profiles)
            guard try section.uint32(at: Section.first) == 0, Int(try section.uint32(at: Section.first + profiles * 4)) == count,
                  section.count >= base + count * Section.entrySize else {
                throw FormatError.malformedSection(section: "EGRC", detail: "the offsets do not run from 0 to the \(count) entries the section holds")
            }
            let first = Int(try section.uint32(at: Section.first + profile * 4)), last = Int(try section.uint32(at: Section.first + (profile + 1) * 4))
            guard first <= last, last <= count else {
                throw FormatError.malformedSection(section: "EGRC", detail: "entries \(first)..<\(last) of profile \(profile) are not among \(count)")
            }
            var entries: [(arc: Int, cost: UInt32)] = []
            for entry in first..<last {
                let arc = Int(try section.uint32(at: base + entry * Section.entrySize))
                guard arc < arcCount, entries.last.map({ $0.arc < arc }) ?? true else {
                    throw FormatError.malformedSection(section: "EGRC", detail: "arc \(arc) is not an arc above the one before it")
                }
                entries.append((arc, try section.uint32(at: base + entry * Section.entrySize + 4)))
            }
            return entries
        }
    }
}
