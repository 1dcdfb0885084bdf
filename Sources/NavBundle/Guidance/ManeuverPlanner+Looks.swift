/// Turns as a walker perceives them: the looks 3 m back and ahead at every node and corner
/// (docs/guidance.md, "Looks" and "Turns").
extension ManeuverPlanner {
    /// What a walker perceives at a point: the direction of the way from up to ``window`` back to
    /// the point and from the point to up to ``window`` ahead, within the point's stretch. Each is
    /// the chord's direction (the vector sum of the segments), unwrapped near the mean of the
    /// segments' unwrapped headings weighted by their centimetres.
    struct Look {
        /// The stretch: the index of its first arc. A stretch is a maximal run of arcs that are
        /// not climbs; the look stops at a climb, whose way in says nothing of its way out.
        var stretch: Int
        var back: Int
        var ahead: Int
        /// The change of heading the walker perceives at the point.
        var change: Int { ahead - back }
    }

    /// The places a walker may turn at: every route node between two arcs that are not climbs,
    /// links included (a curve drawn with 30 cm arcs bends at each of its nodes), and every corner
    /// of an arc that is not a climb. A node's bearings are those of the long arcs on either side.
    func places() -> [Point] {
        var places: [Point] = []
        for (index, arc) in route.arcs.enumerated() {
            let climb = isClimb(index)
            if index > 0, !climb, !isClimb(index - 1) {
                places.append(Point(arc: index, corner: nil, nodes: [index], position: starts[index],
                                    bearingIn: bearing(before: index) ?? route.arcs[index - 1].last,
                                    bearingOut: bearing(from: index) ?? arc.first, labelBefore: route.arcs[index - 1].label,
                                    labelAfter: arc.label, kindBefore: route.arcs[index - 1].kind, kindAfter: arc.kind))
            }
            guard !climb else { continue }
            var bearing = arc.first
            for corner in arc.corners {
                places.append(Point(arc: index, corner: corner, nodes: [],
                                    position: starts[index] + UInt64(min(corner.along, arc.length)), bearingIn: bearing,
                                    bearingOut: corner.bearing, labelBefore: arc.label, labelAfter: arc.label,
                                    kindBefore: arc.kind, kindAfter: arc.kind))
                bearing = corner.bearing
            }
        }
        return places
    }

    /// The look at each place: what the way does within ``window`` on either side of it, which is
    /// how a walker perceives a bend (a jog through a door is a few centimetres of another
    /// heading, two turns 2 m apart are two turns), from every segment of the stretch's arcs,
    /// links included, with integer sums and divisions only.
    func looks(of points: [Point]) -> [Look] {
        let arcCount = route.arcs.count
        var looks: [Look] = []
        var next = 0
        var first = 0
        while first < arcCount {
            if isClimb(first) { first += 1; continue }
            var end = first + 1
            while end < arcCount, !isClimb(end) { end += 1 }
            // The stretch's segments of non-zero length in route order, each heading unwrapped
            // from the one before (a zero-length segment's bearing means nothing), the first's its
            // bearing, so that every heading is its bearing modulo a whole turn.
            var segments: [(start: Int, end: Int, heading: Int, bearing: UInt8)] = []
            var previous: UInt8?
            var heading = 0
            for index in first..<end {
                let arc = route.arcs[index], tail = Int(starts[index]), length = Int(arc.length)
                var cuts = [(along: 0, bearing: arc.first)]
                for corner in arc.corners { cuts.append((min(Int(corner.along), length), corner.bearing)) }
                for (k, cut) in cuts.enumerated() {
                    let stop = k + 1 < cuts.count ? cuts[k + 1].along : length
                    guard stop > cut.along else { continue }
                    if let previous { heading += Self.delta(previous, cut.bearing) } else { heading = Int(cut.bearing) }
                    previous = cut.bearing
                    segments.append((tail + cut.along, tail + stop, heading, cut.bearing))
                }
            }
            let low = Int(starts[first]), high = Int(starts[end]), window = Int(Self.window)
            var cursor = 0
            while next < points.count, points[next].arc < end {
                let here = Int(points[next].position)
                let from = max(here - window, low), to = min(here + window, high)
                while cursor < segments.count, segments[cursor].end <= from { cursor += 1 }
                var back = 0, ahead = 0
                var backChord = Chord(), aheadChord = Chord()
                var k = cursor
                while k < segments.count, segments[k].start < to {
                    let segment = segments[k]
                    let before = max(0, min(segment.end, here) - max(segment.start, from))
                    let after = max(0, min(segment.end, to) - max(segment.start, here))
                    back += segment.heading * before
                    ahead += segment.heading * after
                    backChord.add(segment.bearing, before)
                    aheadChord.add(segment.bearing, after)
                    k += 1
                }
                // An empty look takes the heading of the stretch's first or last segment.
                let outer = (segments.first?.heading ?? 0, segments.last?.heading ?? 0)
                looks.append(Look(stretch: first,
                                  back: here > from ? Self.heading(of: backChord, near: back / (here - from)) : outer.0,
                                  ahead: to > here ? Self.heading(of: aheadChord, near: ahead / (to - here)) : outer.1))
                next += 1
            }
            first = end
        }
        return looks
    }

    /// Turns: each run of places whose look changes by a turn (``turnSize`` or more) to one side,
    /// each within ``window`` of the last and in one stretch, is one turn at the place of the run
    /// that changes most (the first of equals). Its modifier is the change from the look back at
    /// the run's first place to the look ahead at its last, so a hairpin is a U-turn; where that
    /// says less than a turn on the run's side, the largest change of the run.
    func turnCandidates(_ points: [Point], _ looks: [Look]) -> [Candidate] {
        var candidates: [Candidate] = []
        var index = 0
        while index < points.count {
            let change = looks[index].change
            guard abs(change) >= Self.turnSize else { index += 1; continue }
            let side = change > 0 ? 1 : -1
            var end = index + 1, peak = index
            while end < points.count, looks[end].stretch == looks[index].stretch, looks[end].change * side >= Self.turnSize,
                  points[end].position - points[end - 1].position <= Self.window {
                if abs(looks[end].change) > abs(looks[peak].change) { peak = end }
                end += 1
            }
            var total = looks[end - 1].ahead - looks[index].back
            if total * side < Self.turnSize { total = looks[peak].change }
            let anchor = points[peak]
            candidates.append(Candidate(rank: 4, kind: .turn, modifier: Self.modifier(total), arc: anchor.arc,
                                        corner: anchor.corner, position: anchor.position,
                                        bearingBefore: anchor.bearingIn, bearingAfter: anchor.bearingOut,
                                        span: index..<end, side: side))
            index = end
        }
        return candidates
    }
}
