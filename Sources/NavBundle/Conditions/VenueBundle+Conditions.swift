public import NavFormat

/// Conditions resolved to the bundle's arcs: which are closed and by what factor others are slowed.
public struct ArcConditions: Hashable, Sendable {
    /// Closed `ARCS` arcs, ascending.
    public var closed: [Int]
    /// Slowed `ARCS` arcs and their factor (the largest of the slow-downs that cover each).
    public var factors: [Int: Double]

    public init(closed: [Int] = [], factors: [Int: Double] = [:]) {
        self.closed = closed
        self.factors = factors
    }
}

extension VenueBundle {
    /// The arcs each target of `conditions` covers (`docs/conditions.md`).
    ///
    /// - Throws: ``BundleError/ambiguousCondition(_:candidates:)`` for the first target, in file
    ///   order, that names several places and nothing else; then
    ///   ``BundleError/unmatchedConditions(_:)`` listing every target that matches nothing.
    public func resolve(_ conditions: RouteConditions) throws(BundleError) -> ArcConditions {
        var unmatched: [RouteConditions.Entry] = []
        var covered: [Set<Int>] = []
        for entry in conditions.entries {
            let arcs = try arcs(of: entry)
            if arcs.isEmpty { unmatched.append(entry) }
            covered.append(arcs)
        }
        guard unmatched.isEmpty else { throw .unmatchedConditions(unmatched) }
        var closed = Set<Int>()
        for arcs in covered.prefix(conditions.closed.count) { closed.formUnion(arcs) }
        var factors: [Int: Double] = [:]
        for (slowDown, arcs) in zip(conditions.slow, covered.dropFirst(conditions.closed.count)) {
            for arc in arcs { factors[arc] = max(factors[arc] ?? 1, slowDown.factor) }
        }
        return ArcConditions(closed: closed.sorted(), factors: factors)
    }

    /// A profile's `PROF` costs with the conditions applied: closed arcs impassable, slowed ones
    /// multiplied (rounded to the millisecond, kept below the impassable mark).
    public func costs(profile: Int, applying conditions: ArcConditions) throws(BundleError) -> [UInt32] {
        var costs = try profileCosts(profile)
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
    /// - Throws: ``BundleError/noCustomizableHierarchy`` for a bundle without one (format 1.x),
    ///   or the section's damage.
    public func customizedMetric(profile: Int, applying conditions: ArcConditions) throws(BundleError)
        -> (metric: CustomizedMetric, weights: [UInt32]) {
        try checkProfile(profile)
        guard hasCustomizableHierarchy else { throw .noCustomizableHierarchy }
        let topology = try customizableTopology()
        let weights = try costs(profile: profile, applying: conditions)
        let changed = Set(conditions.closed).union(conditions.factors.keys)
        guard changed.count * Self.incrementalLimit <= arcCount else {
            return (try customize(topology, weights: weights), weights)
        }
        var metric = try customizedMetric(profile: profile)
        metric.update(topology: topology, inputWeights: weights, changed: changed.sorted())
        return (metric, weights)
    }

    /// Conditions that change more than one arc in this many are customised in full: updating
    /// arc by arc costs more per arc than a full pass, and a change that wide reaches most of
    /// the hierarchy anyway.
    public static let incrementalLimit = 16

    /// The arcs one target covers; empty when it matches nothing.
    func arcs(of entry: RouteConditions.Entry) throws(BundleError) -> Set<Int> {
        switch entry.target {
        case .named(let text):
            return try arcs(named: text, entry: entry)
        case .level(let text):
            let levels = Set(try conditionLevels(text))
            var nodes = Set<Int>()
            for node in 0..<nodeCount where levels.contains(try self.node(node).level) { nodes.insert(node) }
            return try arcsTouching(nodes)
        case .area(let polygon, let text):
            return try arcsWithin(rings: [polygon], levels: Set(try conditionLevels(text)))
        }
    }

    /// Arcs a name covers: a lift, stairs, escalator or ramp by its label, a door or entrance by
    /// its label, all compared folded, and the one place the text resolves to as a route endpoint.
    private func arcs(named text: String, entry: RouteConditions.Entry) throws(BundleError) -> Set<Int> {
        guard let index = searchIndex else { throw .missingSection("SRCH") }
        let wanted = try index.fold(EndpointText.trimmed(text))
        var folded: [String: Bool] = [:]
        func matches(_ label: String?) throws(BundleError) -> Bool {
            guard let label else { return false }
            if let known = folded[label] { return known }
            let match = try index.fold(label) == wanted
            folded[label] = match
            return match
        }
        var covered = Set<Int>(), doors = Set<Int>()
        for node in 0..<nodeCount {
            let record = try self.node(node)
            if [.door, .entrance].contains(record.kind), try matches(record.label) { doors.insert(node) }
            for arc in try arcIndexes(from: node) {
                let record = try self.arc(arc)
                if [.stairs, .elevator, .escalator, .ramp, .steps].contains(record.kind), try matches(record.label) {
                    covered.insert(arc)
                }
            }
        }
        covered.formUnion(try arcsTouching(doors))
        do {
            if case .place(let place) = try resolveEndpoint(text) { covered.formUnion(try arcs(ofPlace: place)) }
        } catch .ambiguousPlace(_, let candidates) where covered.isEmpty {
            throw .ambiguousCondition(entry, candidates: candidates)
        } catch .unknownPlace, .ambiguousPlace, .placeElsewhere, .unknownLevel, .emptyEndpoint, .needsLevel, .badCoordinate {
            // Not one place; a connector or door of that name may have matched above.
        }
        return covered
    }

    /// A place's arcs: those touching its node, and those within its outline on its level.
    private func arcs(ofPlace place: Int) throws(BundleError) -> Set<Int> {
        let record = try self.place(place)
        var arcs = Set<Int>()
        if let node = record.node { arcs.formUnion(try arcsTouching([node])) }
        if let level = record.level, hasOutlines {
            let rings = try outlines(onLevel: level).filter { $0.place == place }.flatMap(\.rings)
            if !rings.isEmpty { arcs.formUnion(try arcsWithin(rings: rings, levels: [level])) }
        }
        return arcs
    }

    /// Arcs into or out of any of `nodes`, in one pass over the arcs.
    private func arcsTouching(_ nodes: Set<Int>) throws(BundleError) -> Set<Int> {
        guard !nodes.isEmpty else { return [] }
        var arcs = Set<Int>()
        for tail in 0..<nodeCount {
            let leaves = nodes.contains(tail)
            for arc in try arcIndexes(from: tail) {
                if leaves { arcs.insert(arc) } else if nodes.contains(try arcHead(arc)) { arcs.insert(arc) }
            }
        }
        return arcs
    }

    /// Arcs between two nodes on `levels` whose tail, head or middle lies inside `rings` (even-odd).
    private func arcsWithin(rings: [[BundleContents.Position]], levels: Set<Int>) throws(BundleError) -> Set<Int> {
        var arcs = Set<Int>()
        for tail in 0..<nodeCount {
            let from = try node(tail)
            guard levels.contains(from.level) else { continue }
            for arc in try arcIndexes(from: tail) {
                let to = try node(try arcHead(arc))
                guard levels.contains(to.level) else { continue }
                let middle = ((from.latitude + to.latitude) / 2, (from.longitude + to.longitude) / 2)
                if Self.inside((from.latitude, from.longitude), rings) || Self.inside((to.latitude, to.longitude), rings)
                    || Self.inside(middle, rings) {
                    arcs.insert(arc)
                }
            }
        }
        return arcs
    }

    /// The levels a target's `level` names, as an endpoint's `@` qualifier does.
    private func conditionLevels(_ text: String) throws(BundleError) -> [Int] {
        guard let index = searchIndex else { throw .missingSection("SRCH") }
        return try matchLevels(text, index: index)
    }

    /// Even-odd point in polygon over every ring, in degrees (a venue is small enough for that).
    static func inside(_ point: (Double, Double), _ rings: [[BundleContents.Position]]) -> Bool {
        var inside = false
        for ring in rings where ring.count >= 3 {
            var previous = ring[ring.count - 1]
            for current in ring {
                if (current.latitude > point.0) != (previous.latitude > point.0) {
                    let longitude = (previous.longitude - current.longitude) * (point.0 - current.latitude)
                        / (previous.latitude - current.latitude) + current.longitude
                    if point.1 < longitude { inside.toggle() }
                }
                previous = current
            }
        }
        return inside
    }
}
