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
    /// - Throws: ``BundleError/unmatchedConditions(_:)`` listing every target that matches
    ///   nothing; ``BundleError/ambiguousPlace(_:candidates:)`` for a name several places share
    ///   when nothing else has it.
    public func resolve(_ conditions: RouteConditions) throws(BundleError) -> ArcConditions {
        var unmatched: [String] = []
        var closed = Set<Int>()
        for target in conditions.closed {
            let arcs = try arcs(of: target)
            if arcs.isEmpty { unmatched.append(target.description) }
            closed.formUnion(arcs)
        }
        var factors: [Int: Double] = [:]
        for slowDown in conditions.slow {
            let arcs = try arcs(of: slowDown.target)
            if arcs.isEmpty { unmatched.append(slowDown.target.description) }
            for arc in arcs { factors[arc] = max(factors[arc] ?? 1, slowDown.factor) }
        }
        guard unmatched.isEmpty else { throw .unmatchedConditions(unmatched) }
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

    /// The arcs one target covers; empty when it matches nothing.
    func arcs(of target: RouteConditions.Target) throws(BundleError) -> Set<Int> {
        switch target {
        case .named(let text):
            return try arcs(named: text)
        case .level(let text):
            let levels = try levels(matching: text)
            var nodes = Set<Int>()
            for node in 0..<nodeCount where levels.contains(try self.node(node).level) { nodes.insert(node) }
            return try arcsTouching(nodes)
        case .area(let polygon, let text):
            return try arcsWithin(rings: [polygon], levels: try levels(matching: text))
        }
    }

    /// Arcs a name covers: a lift, stairs, escalator or ramp by its label, a door or entrance by
    /// its label, and the one place the text resolves to as a route endpoint.
    private func arcs(named text: String) throws(BundleError) -> Set<Int> {
        let wanted = text.lowercased()
        var covered = Set<Int>(), doors = Set<Int>()
        for node in 0..<nodeCount {
            let record = try self.node(node)
            if [.door, .entrance].contains(record.kind), record.label?.lowercased() == wanted { doors.insert(node) }
            for arc in try arcIndexes(from: node) {
                let record = try self.arc(arc)
                if [.stairs, .elevator, .escalator, .ramp, .steps].contains(record.kind), record.label?.lowercased() == wanted {
                    covered.insert(arc)
                }
            }
        }
        covered.formUnion(try arcsTouching(doors))
        do {
            if case .place(let place) = try resolveEndpoint(text) { covered.formUnion(try arcs(ofPlace: place)) }
        } catch .unknownPlace {
            // Not a place: what matched above is the answer.
        } catch .ambiguousPlace(let name, let candidates) where covered.isEmpty {
            throw .ambiguousPlace(name, candidates: candidates)
        } catch .ambiguousPlace, .placeElsewhere, .unknownLevel, .emptyEndpoint, .needsLevel, .badCoordinate {
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

    /// Levels whose id or name is `text`, or whose ordinal it writes (`1`, `-1`, `0.5`).
    private func levels(matching text: String) throws(BundleError) -> Set<Int> {
        let ordinal = Double(text)
        var levels = Set<Int>()
        for index in 0..<levelCount {
            let level = try level(index)
            if level.id == text || level.name == text || ordinal == level.ordinal { levels.insert(index) }
        }
        return levels
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
