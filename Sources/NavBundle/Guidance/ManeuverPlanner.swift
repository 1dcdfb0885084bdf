import NavFormat

/// A route as the maneuver rules read it: integers only, gathered from the bundle once.
///
/// The rules (docs/guidance.md, "Maneuvers") are written against this plain form so that they
/// can be tested on hand-made routes and ported to the C core line for line.
struct GuidanceRoute: Sendable {
    struct Corner: Sendable {
        /// Global `SHAP` index.
        var index: Int
        /// Centimetres from the arc's tail.
        var along: UInt32
        /// Bearing of the segment leaving the corner.
        var bearing: UInt8
        var latitudeE7: Int32
        var longitudeE7: Int32
    }

    struct Arc: Sendable {
        /// Centimetres.
        var length: UInt32
        var kind: ArcKind
        var label: String?
        /// Bearing leaving the tail and arriving at the head.
        var first: UInt8
        var last: UInt8
        var corners: [Corner] = []
        /// Milliseconds, at most `UInt32.max` (so that a share of it by a length cannot overflow).
        var cost: UInt64
        var stepCount: Int?
        var riseHundredths: Int = 0
    }

    /// Another way out of a route node: the node it leads to and the bearing it leaves at.
    struct Exit: Sendable {
        var head: Int
        var bearing: UInt8
    }

    struct Node: Sendable {
        /// The node's index in the bundle.
        var index: Int
        var kind: NodeKind
        var level: Int
        /// Whether the level belongs to a building (enter and exit are told apart by it).
        var isIndoors: Bool
        var ordinal: Double
        var latitudeE7: Int32
        var longitudeE7: Int32
        /// The arcs leaving the node that the profile may use, its route arcs included: the rules
        /// leave out those that go back or on along the route.
        var exits: [Exit] = []
    }

    /// `arcs[i]` leads from `nodes[i]` to `nodes[i + 1]`.
    var nodes: [Node]
    var arcs: [Arc]
}

/// The maneuver rules of docs/guidance.md over a ``GuidanceRoute``.
///
/// Bearings are bytes and deltas small integers, lengths centimetres and times milliseconds, so
/// that the C core gives the same maneuvers to the bit.
struct ManeuverPlanner {
    /// Arcs shorter than this (centimetres) are links whose bearings say nothing.
    static let shortArc: UInt32 = 100
    /// How far a walker's sense of a bend reaches: the way is looked at this many centimetres
    /// back and ahead of each point, points this close form a group, and a fork, door or
    /// continue is never said this close to another maneuver, the start or the end.
    static let window: UInt64 = 300
    /// The least change of heading (1/256 turn) that is a turn: more than 45°.
    static let turnSize = 33

    let route: GuidanceRoute
    /// Centimetres from the route's start to each arc's tail, and the route's length last.
    let starts: [UInt64]
    /// Milliseconds from the route's start to each arc's tail, and the route's duration last.
    private let times: [UInt64]
    /// Whether each arc is climbed or ridden (see ``isClimb(_:)``).
    private let climbs: [Bool]

    init(_ route: GuidanceRoute) {
        self.route = route
        var starts: [UInt64] = [0], times: [UInt64] = [0]
        for arc in route.arcs {
            starts.append(starts[starts.count - 1] + UInt64(arc.length))
            times.append(times[times.count - 1] + arc.cost)
        }
        self.starts = starts
        self.times = times
        // A run of stairs and steps is walked when it ends on the level it starts on.
        var climbs = route.arcs.map { Self.connector($0.kind) != nil }
        var index = 0
        while index < route.arcs.count {
            guard Self.connector(route.arcs[index].kind) == .stairs else { index += 1; continue }
            var end = index + 1
            while end < route.arcs.count, Self.connector(route.arcs[end].kind) == .stairs { end += 1 }
            if route.nodes[index].level == route.nodes[end].level {
                for arc in index..<end { climbs[arc] = false }
            }
            index = end
        }
        self.climbs = climbs
    }

    /// The signed difference `to − from` of two bearings, in −128…127 (positive: clockwise, to the right).
    static func delta(_ from: UInt8, _ to: UInt8) -> Int {
        Int(Int8(bitPattern: to &- from))
    }

    /// The modifier of a change of heading `delta` (1/256 turn, unwrapped sums allowed): the
    /// classes of docs/guidance.md, which follow Valhalla's turn-degree classes.
    static func modifier(_ delta: Int) -> Maneuver.Modifier {
        let size = abs(delta)
        if size <= 7 { return .straight }
        if size >= 114 { return .uturn }
        let right = delta > 0
        if size <= 32 { return right ? .slightRight : .slightLeft }
        if size <= 96 { return right ? .right : .left }
        return right ? .sharpRight : .sharpLeft
    }

    // MARK: Points

    /// A place where the heading may change: a route node (or a cluster of nodes joined by short
    /// links) or a corner inside an arc.
    struct Point {
        /// The arc the walker takes next (for a corner, the arc it lies on).
        var arc: Int
        var corner: GuidanceRoute.Corner?
        /// Positions in the route's nodes of the cluster's nodes; empty at a corner.
        var nodes: [Int]
        var position: UInt64
        var bearingIn: UInt8
        var bearingOut: UInt8
        /// Labels of the long arcs before and after.
        var labelBefore: String?
        var labelAfter: String?
        var kindBefore: ArcKind
        var kindAfter: ArcKind
        var delta: Int { ManeuverPlanner.delta(bearingIn, bearingOut) }
    }

    /// Whether arc `index` is a flight, lift, escalator or ramp the walker climbs or rides:
    /// every connector except a run of stairs and steps that ends on the level it starts on,
    /// which is walked like a path (a stepped footpath on a hillside bends like any other).
    func isClimb(_ index: Int) -> Bool { climbs[index] }

    /// The route's points in order. A run of short arcs and the nodes at their ends is one point,
    /// at its first node, with the bearings of the long arcs on either side; short arcs at the
    /// route's start or end make no point. Nor do climbs (``isClimb(_:)``), at their ends or
    /// inside: their maneuver describes them, and a lift's way in and out says nothing about
    /// turning.
    func points() -> [Point] {
        var points: [Point] = []
        var incoming: (bearing: UInt8, label: String?, kind: ArcKind, climb: Bool)?
        var cluster: [Int] = []
        var clusterArc = 0
        var clusterHasConnector = false
        for (index, arc) in route.arcs.enumerated() {
            let isConnector = isClimb(index)
            if index > 0 {
                if cluster.isEmpty { clusterArc = index }
                cluster.append(index)
            }
            if arc.length < Self.shortArc {
                clusterHasConnector = clusterHasConnector || isConnector
                continue
            }
            if let incoming, !cluster.isEmpty, !clusterHasConnector, !isConnector, !incoming.climb {
                points.append(Point(arc: clusterArc, corner: nil, nodes: cluster, position: starts[clusterArc],
                                    bearingIn: incoming.bearing, bearingOut: arc.first, labelBefore: incoming.label,
                                    labelAfter: arc.label, kindBefore: incoming.kind, kindAfter: arc.kind))
            }
            cluster = []
            clusterHasConnector = false
            var bearing = arc.first
            for corner in arc.corners where !isConnector {
                points.append(Point(arc: index, corner: corner, nodes: [],
                                    position: starts[index] + UInt64(min(corner.along, arc.length)), bearingIn: bearing,
                                    bearingOut: corner.bearing, labelBefore: arc.label, labelAfter: arc.label,
                                    kindBefore: arc.kind, kindAfter: arc.kind))
                bearing = corner.bearing
            }
            incoming = (arc.last, arc.label, arc.kind, isConnector)
        }
        return points
    }

    /// The headings, relative to the way the walker comes in, of the other usable ways out of a
    /// node point: those that neither go back nor on along the route, nor stay in the cluster.
    func alternatives(at point: Point) -> [Int] {
        guard let first = point.nodes.first, let last = point.nodes.last else { return [] }
        let along = Set(route.nodes[(first - 1)...(last + 1)].map(\.index))
        var deltas: [Int] = []
        for position in point.nodes {
            for exit in route.nodes[position].exits where !along.contains(exit.head) {
                deltas.append(Self.delta(point.bearingIn, exit.bearing))
            }
        }
        return deltas
    }

    // MARK: Groups

    /// Points judged together: every point within ``window`` of the group's first.
    struct Group {
        var points: [Point]
        /// Σ of the points' deltas, not wrapped: two sharp bends in a row are a U-turn.
        var delta: Int
        /// The other ways out at the group's nodes, relative to the heading coming in.
        var alternatives: [Int]
        /// Where the group is announced: its first point with a choice, else its first point.
        var anchor: Point
    }

    func groups(of points: [Point]) -> [Group] {
        var groups: [Group] = []
        var start = 0
        while start < points.count {
            var end = start + 1
            while end < points.count, points[end].position - points[start].position <= Self.window { end += 1 }
            let members = Array(points[start..<end])
            var alternatives: [Int] = []
            var anchor: Point?
            for point in members {
                let found = self.alternatives(at: point)
                if !found.isEmpty, anchor == nil { anchor = point }
                alternatives += found
            }
            groups.append(Group(points: members, delta: members.reduce(0) { $0 + $1.delta }, alternatives: alternatives,
                                anchor: anchor ?? members[0]))
            start = end
        }
        return groups
    }

    // MARK: Candidates

    /// A maneuver before spacing: a lower rank wins where two are close.
    struct Candidate {
        var rank: Int
        var kind: Maneuver.Kind
        var modifier: Maneuver.Modifier
        /// The arc taken next; at a corner, the arc the corner is on.
        var arc: Int
        var corner: GuidanceRoute.Corner?
        var position: UInt64
        var bearingBefore: UInt8?
        var bearingAfter: UInt8?
        var levelChange: Maneuver.LevelChange?
        /// The arcs of a flight, lift, escalator, ramp or threshold, which name the maneuver's way.
        var run: Range<Int>? = nil
        /// A turn's run of places (indexes into ``places()``) and its side (+1 right, −1 left).
        var span: Range<Int>? = nil
        var side = 0
        /// Stairs or steps walked on one level (not a climb): they hide no bend near them.
        var walked = false
    }

    /// The maneuvers of the route, in order, with distances and times to the next; none for a
    /// route without arcs (its start is its destination).
    func maneuvers() -> [Maneuver] {
        guard !route.arcs.isEmpty else { return [] }
        let points = points()
        let groups = groups(of: points)
        let places = places()
        var candidates = connectorCandidates() + thresholdCandidates() + turnCandidates(places, looks(of: places))
        for group in groups { candidates += groupCandidates(group) }
        let chosen = spaced(candidates, places: places)
        return finished(chosen, points: points, places: places)
    }

    /// The bearing arriving at arc `arc`'s tail: that of the last long arc before it, or nil at the start.
    func bearing(before arc: Int) -> UInt8? {
        route.arcs[..<arc].last(where: { $0.length >= Self.shortArc })?.last
    }

    /// The bearing leaving along the first long arc from `arc` on, or nil when none is left.
    func bearing(from arc: Int) -> UInt8? {
        route.arcs[arc...].first(where: { $0.length >= Self.shortArc })?.first
    }

    /// Flights, lifts, escalators and ramps: one maneuver per run of arcs of one kind (stairs and
    /// steps are one kind), walked or climbed as a whole (``isClimb(_:)``).
    private func connectorCandidates() -> [Candidate] {
        var candidates: [Candidate] = []
        var index = 0
        while index < route.arcs.count {
            guard let kind = Self.connector(route.arcs[index].kind) else { index += 1; continue }
            let climb = isClimb(index)
            var end = index + 1
            while end < route.arcs.count, Self.connector(route.arcs[end].kind) == kind { end += 1 }
            let run = route.arcs[index..<end]
            let from = route.nodes[index], to = route.nodes[end]
            let rise = run.reduce(0) { $0 + $1.riseHundredths }
            let counted = run.compactMap(\.stepCount)
            let direction = rise != 0 ? rise.signum() : (to.ordinal > from.ordinal ? 1 : to.ordinal < from.ordinal ? -1 : 0)
            let change = Maneuver.LevelChange(fromLevel: from.level, toLevel: to.level, direction: direction,
                                              stepCount: counted.isEmpty ? nil : counted.reduce(0, +), riseHundredths: rise)
            candidates.append(Candidate(rank: 1, kind: kind, modifier: .none, arc: index, corner: nil, position: starts[index],
                                        bearingBefore: bearing(before: index), bearingAfter: bearing(from: end), levelChange: change,
                                        run: index..<end, walked: !climb))
            index = end
        }
        return candidates
    }

    private static func connector(_ kind: ArcKind) -> Maneuver.Kind? {
        switch kind {
        case .stairs, .steps: .stairs
        case .elevator: .elevator
        case .escalator: .escalator
        case .ramp: .ramp
        case .walk, .outdoorPath, .indoorPath, .entrance: nil
        }
    }

    /// Thresholds: a run of entrance arcs is one `enter` (from outdoors into a building) or `exit`.
    private func thresholdCandidates() -> [Candidate] {
        var candidates: [Candidate] = []
        var index = 0
        while index < route.arcs.count {
            guard route.arcs[index].kind == .entrance else { index += 1; continue }
            var end = index + 1
            while end < route.arcs.count, route.arcs[end].kind == .entrance { end += 1 }
            let entering = route.nodes[end].isIndoors && !route.nodes[index].isIndoors
            candidates.append(Candidate(rank: 2, kind: entering ? .enter : .exit, modifier: .none, arc: index, corner: nil,
                                        position: starts[index], bearingBefore: bearing(before: index),
                                        bearingAfter: bearing(from: end), run: index..<end))
            index = end
        }
        return candidates
    }

    /// Forks, doors and name changes at a group of points (turns come from the looks).
    private func groupCandidates(_ group: Group) -> [Candidate] {
        let anchor = group.anchor
        let first = group.points[0], last = group.points[group.points.count - 1]
        let modifier = Self.modifier(group.delta)
        let size = abs(group.delta)
        var kind: Maneuver.Kind?
        var rank = 0
        if (8..<Self.turnSize).contains(size), group.alternatives.contains(where: { abs($0) <= 32 }) {
            (kind, rank) = (.fork, 5)
        } else if group.points.contains(where: { isDoor($0) && $0.labelBefore != $0.labelAfter }) {
            (kind, rank) = (.door, 6)
        } else if size <= 7, group.alternatives.contains(where: { abs($0) <= 7 }) {
            (kind, rank) = (.continue, 7)
        } else if let before = first.labelBefore, let after = last.labelAfter, before != after,
                  Self.isWay(first.kindBefore), Self.isWay(last.kindAfter) {
            (kind, rank) = (.continue, 7)
        }
        guard let kind else { return [] }
        return [Candidate(rank: rank, kind: kind, modifier: modifier, arc: anchor.arc, corner: anchor.corner,
                          position: anchor.position, bearingBefore: anchor.bearingIn, bearingAfter: anchor.bearingOut)]
    }

    private func isDoor(_ point: Point) -> Bool {
        point.nodes.contains { route.nodes[$0].kind == .door }
    }

    private static func isWay(_ kind: ArcKind) -> Bool {
        kind == .walk || kind == .outdoorPath || kind == .indoorPath
    }

    // MARK: Spacing and fields

    /// Connectors and thresholds always stay. A turn stays unless each of its places lies within
    /// ``window`` of the start, the end, a climb or threshold (the bend is part of departing,
    /// arriving or reaching it), or a turn to its side kept already: so no bend over 45° goes
    /// unsaid because another maneuver is near. Another candidate stays unless one already kept
    /// lies within ``window`` of it, or the start or the end does. Candidates are taken by rank,
    /// then position, then the order they were found in.
    private func spaced(_ candidates: [Candidate], places: [Point]) -> [Candidate] {
        let length = starts[starts.count - 1]
        // Ties fall to the order the candidates were found in, as in the C core.
        let order = candidates.indices.sorted {
            (candidates[$0].rank, candidates[$0].position, $0) < (candidates[$1].rank, candidates[$1].position, $1)
        }
        let passages = candidates.filter { $0.rank <= 2 && !$0.walked }.map(\.position)
        func near(_ one: UInt64, _ other: UInt64) -> Bool { max(one, other) - min(one, other) <= Self.window }
        var kept: [Int] = []
        for index in order {
            let candidate = candidates[index]
            if candidate.rank <= 2 {
                kept.append(index)
                continue
            }
            if let span = candidate.span {
                let covered = span.allSatisfy { place in
                    let at = places[place].position
                    return near(at, 0) || near(at, length) || passages.contains { near(at, $0) }
                        || kept.contains { candidates[$0].side == candidate.side && near(at, candidates[$0].position) }
                }
                if !covered { kept.append(index) }
                continue
            }
            if near(candidate.position, 0) || near(candidate.position, length)
                || kept.contains(where: { near(candidates[$0].position, candidate.position) }) { continue }
            kept.append(index)
        }
        return kept.sorted {
            (candidates[$0].position, candidates[$0].arc, candidates[$0].rank, $0)
                < (candidates[$1].position, candidates[$1].arc, candidates[$1].rank, $1)
        }.map { candidates[$0] }
    }

    /// The depart and arrive maneuvers around `chosen`, with positions, distances, times and ways.
    private func finished(_ chosen: [Candidate], points: [Point], places: [Point]) -> [Maneuver] {
        let arcCount = route.arcs.count
        let length = starts[arcCount]
        // Depart faces the way the walker goes once past the bends within the window of the start
        // that nothing after it says (a kept turn's places from its first on are its own).
        let said = chosen.map { $0.span.map { places[$0.lowerBound].position } ?? $0.position }.min() ?? length
        let limit = min(Self.window, said)
        let departBearing = points.last(where: { $0.position < limit })?.bearingOut ?? bearing(from: 0)
        let depart = Candidate(rank: 0, kind: .depart, modifier: .none, arc: 0, corner: nil, position: 0,
                               bearingBefore: nil, bearingAfter: departBearing)
        let arrive = Candidate(rank: 0, kind: .arrive, modifier: .none, arc: arcCount, corner: nil, position: length,
                               bearingBefore: route.arcs.last(where: { $0.length >= Self.shortArc })?.last,
                               bearingAfter: nil)
        let all = [depart] + chosen + [arrive]
        return all.indices.map { index in
            let candidate = all[index]
            let next = index + 1 < all.count ? all[index + 1] : nil
            let node = route.nodes[min(candidate.arc, arcCount)]
            var maneuver = Maneuver(kind: candidate.kind, modifier: candidate.modifier, routeIndex: candidate.arc,
                                    corner: candidate.corner?.index,
                                    latitudeE7: candidate.corner?.latitudeE7 ?? node.latitudeE7,
                                    longitudeE7: candidate.corner?.longitudeE7 ?? node.longitudeE7, level: node.level,
                                    alongCentimetres: candidate.position,
                                    distanceCentimetres: (next?.position ?? candidate.position) - candidate.position,
                                    durationMilliseconds: 0, bearingBefore: candidate.bearingBefore,
                                    bearingAfter: candidate.bearingAfter, way: nil, levelChange: candidate.levelChange)
            if let next {
                maneuver.durationMilliseconds = time(at: next) - time(at: candidate)
                maneuver.way = way(from: candidate, to: next)
            }
            return maneuver
        }
    }

    /// Milliseconds from the start to a candidate: every arc before its arc, and at a corner the
    /// share of its arc's cost up to the corner (rounded down; the rest goes to the next one).
    private func time(at candidate: Candidate) -> UInt64 {
        var total = times[candidate.arc]
        if let corner = candidate.corner {
            let arc = route.arcs[candidate.arc]
            if arc.length > 0 { total += arc.cost * UInt64(min(corner.along, arc.length)) / UInt64(arc.length) }
        }
        return total
    }

    /// The way a candidate leads along: a connector's or threshold's own name, else the label of
    /// the first labelled arc from its arc up to the next candidate (the arc of a corner it lies
    /// on included), long arcs first, since links are rarely named.
    private func way(from candidate: Candidate, to next: Candidate) -> String? {
        if let run = candidate.run, let label = route.arcs[run].first(where: { $0.label != nil })?.label { return label }
        let end = min(max(next.arc + (next.corner == nil ? 0 : 1), candidate.arc + 1), route.arcs.count)
        let followed = route.arcs[candidate.arc..<end]
        return followed.first(where: { $0.label != nil && $0.length >= Self.shortArc })?.label
            ?? followed.first(where: { $0.label != nil })?.label
    }
}
