public import NavFormat

extension VenueBundle {
    /// The arcs each target of `conditions` covers (`docs/conditions.md`).
    ///
    /// - Throws: ``BundleError/ambiguousCondition(_:candidates:)`` for the first target, in file
    ///   order, that names several places and nothing else; then
    ///   ``BundleError/unmatchedConditions(_:)`` listing every target that matches nothing.
    public func resolve(_ conditions: RouteConditions) throws(BundleError) -> ArcConditions {
        var unmatched: [RouteConditions.Entry] = []
        var covered: [[Int]] = []
        for entry in conditions.entries {
            let arcs = try arcs(of: entry)
            if arcs.isEmpty { unmatched.append(entry) }
            covered.append(arcs)
        }
        guard unmatched.isEmpty else { throw .unmatchedConditions(unmatched) }
        // Marks rather than sets: a target can cover thousands of arcs, and conditions come often.
        var isClosed = [Bool](repeating: false, count: arcCount)
        for arcs in covered.prefix(conditions.closed.count) {
            for arc in arcs { isClosed[arc] = true }
        }
        var factor = [Double](repeating: 0, count: arcCount)
        for (slowDown, arcs) in zip(conditions.slow, covered.dropFirst(conditions.closed.count)) {
            for arc in arcs { factor[arc] = max(factor[arc], slowDown.factor) }
        }
        var closed: [Int] = [], factors: [Int: Double] = [:]
        for arc in 0..<arcCount {
            if isClosed[arc] { closed.append(arc) }
            if factor[arc] != 0 { factors[arc] = factor[arc] }
        }
        return ArcConditions(closed: closed, factors: factors)
    }

    /// A profile's `PROF` costs with the conditions applied (``applying(_:to:)``).
    public func costs(profile: Int, applying conditions: ArcConditions) throws(BundleError) -> [UInt32] {
        Self.applying(conditions, to: try profileCosts(profile))
    }

    /// `costs` with the conditions applied: closed arcs impassable, slowed ones multiplied and
    /// rounded half away from zero, kept below the impassable mark.
    static func applying(_ conditions: ArcConditions, to costs: [UInt32]) -> [UInt32] {
        var costs = costs
        for (arc, factor) in conditions.factors where costs[arc] != BundleFormat.impassable {
            costs[arc] = UInt32(min((Double(costs[arc]) * factor).rounded(), Double(BundleFormat.impassable - 1)))
        }
        for arc in conditions.closed { costs[arc] = BundleFormat.impassable }
        return costs
    }

    /// The profile's metric with `conditions` applied, and the costs it was customised from.
    ///
    /// The profile's own metric (customised once and kept) is updated incrementally where the
    /// conditions change few arcs, and customised in full where they change more than one in
    /// ``incrementalLimit``; both give the same metric (`docs/conditions.md`).
    ///
    /// - Throws: ``BundleError/noCustomisableHierarchy`` for a bundle without one (format 1.x),
    ///   or the section's damage.
    public func customisedMetric(profile: Int, applying conditions: ArcConditions) throws(BundleError)
        -> (metric: CustomisedMetric, weights: [UInt32]) {
        try checkProfile(profile)
        guard hasCustomisableHierarchy else { throw .noCustomisableHierarchy }
        let topology = try customisableTopology()
        let weights = try costs(profile: profile, applying: conditions)
        // An arc both closed and slowed counts twice here, which only moves the limit a little.
        let changed = conditions.closed + conditions.factors.keys
        guard changed.count * Self.incrementalLimit <= arcCount else {
            return (try customise(topology, weights: weights), weights)
        }
        var metric = try customisedMetric(profile: profile)
        metric.update(topology: topology, inputWeights: weights, changed: changed)
        return (metric, weights)
    }

    /// Conditions that change more than one arc in this many are customised in full: updating
    /// arc by arc costs more per arc than a full pass, and a change that wide reaches most of
    /// the hierarchy anyway.
    public static let incrementalLimit = 16

    /// The bundle's ``ConditionsIndex``, made on first use.
    func conditionsIndex() throws(BundleError) -> ConditionsIndex {
        guard let search = searchIndex else { throw .missingSection("SRCH") }
        return try conditionsCache.index { () throws(BundleError) in
            try ConditionsIndex(bundle: self, fold: { (text: String) throws(BundleError) -> [UInt8] in try search.fold(text) })
        }
    }

    /// The arcs one target covers, perhaps more than once; empty when it matches nothing.
    func arcs(of entry: RouteConditions.Entry) throws(BundleError) -> [Int] {
        guard let search = searchIndex else { throw .missingSection("SRCH") }
        let index = try conditionsIndex()
        switch entry.target {
        case .named(let text):
            return try arcs(named: text, entry: entry, index: index, search: search)
        case .level(let text):
            var arcs: [Int] = []
            for level in try matchLevels(text, index: search) {
                for node in index.nodes(on: level) { arcs += index.arcs(touching: node) }
            }
            return arcs
        case .area(let polygon, let text):
            return index.arcs(within: [polygon], levels: try matchLevels(text, index: search))
        }
    }

    /// Arcs a name covers: a lift, stairs, escalator or ramp by its label, a door or entrance by
    /// its label, all compared folded, and the one place the text resolves to as a route endpoint.
    private func arcs(named text: String, entry: RouteConditions.Entry, index: ConditionsIndex,
                      search: SearchIndex) throws(BundleError) -> [Int] {
        let wanted = try search.fold(EndpointText.trimmed(text))
        var covered = index.connectorArcs[wanted] ?? []
        for door in index.doorNodes[wanted] ?? [] { covered += index.arcs(touching: door) }
        do {
            if case .place(let place) = try resolveEndpoint(text) { covered += try arcs(ofPlace: place, index: index) }
        } catch .ambiguousPlace(_, let candidates) where covered.isEmpty {
            throw .ambiguousCondition(entry, candidates: candidates)
        } catch .unknownPlace, .ambiguousPlace, .placeElsewhere, .unknownLevel, .emptyEndpoint, .needsLevel, .badCoordinate {
            // Not one place; a connector or door of that name may have matched above.
        }
        return covered
    }

    /// A place's arcs: those touching its node, and those within its outline on its level.
    func arcs(ofPlace place: Int, index: ConditionsIndex) throws(BundleError) -> [Int] {
        var arcs = index.placeArcs[place] ?? []
        if let node = try self.place(place).node { arcs += index.arcs(touching: node) }
        return arcs
    }
}
