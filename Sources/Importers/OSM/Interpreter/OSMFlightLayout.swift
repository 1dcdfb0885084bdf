/// Where the two ends of a flight (stairs, escalator or ramp drawn as a way between levels) lie.
///
/// A way tagged `level=0;-1` says which levels it joins, not which end is on which. In order:
/// 1. an end whose node is shared with walkways or indoor outlines of exactly one of the
///    flight's levels (or carries that `level` itself) is on that level;
/// 2. an end where only flights meet is a half-landing between levels: its height is the middle
///    of the levels those flights span;
/// 3. the other end of a two-level flight with one known end is on the other level;
/// 4. `incline=up` (`down`) puts the first node on the lowest (highest) level;
/// 5. otherwise the ends stay unknown and the flight is placed at its middle, as Simple Indoor
///    Tagging's stair flights inside stairwells are.
///
/// A half-landing must lead somewhere: ``validated(_:ends:)`` drops the layouts of flights whose
/// half-landings do not join two different levels.
struct OSMFlightLayout: Equatable {
    /// The height of each end in level ordinals; a whole level or a half-landing.
    var first: Double
    var last: Double
    /// Whether each end is a half-landing between levels (where only flights meet).
    var firstIsHalfLanding = false
    var lastIsHalfLanding = false

    /// Why a flight's ends could not be placed.
    enum Problem: Error, Equatable {
        /// Both ends touch walkways of the same level: the flight joins nothing vertically.
        case bothEndsOn(Double)
        /// Nothing tells which end is on which level.
        case unknown
    }

    /// Lays out a flight spanning `ordinals` (sorted, at least two) from `first` to `last` node.
    /// `rises` is `true` when `incline=up` (the drawing climbs), `false` for `down`.
    static func resolve(first: Int64, last: Int64, ordinals: [Double], rises: Bool?,
                        topology: OSMWalkwayTopology) -> Result<OSMFlightLayout, Problem> {
        guard let low = ordinals.first, let high = ordinals.last, low < high else { return .failure(.unknown) }
        let levels = Set(ordinals)
        func anchor(_ node: Int64) -> Double? {
            guard let seen = topology.observedLevels[node]?.intersection(levels), seen.count == 1 else { return nil }
            return seen.first
        }
        func halfLanding(_ node: Int64) -> Double? {
            guard let meeting = topology.flightEnds[node], meeting.count >= 2 else { return nil }
            // A landing tagged with its own height between the levels (`level=0.5`) keeps it.
            if let own = topology.ownLevels[node], own > meeting.low, own < meeting.high { return own }
            return (meeting.low + meeting.high) / 2
        }
        func opposite(_ height: Double, atFirst: Bool) -> Double? {
            if height == low { return high }
            if height == high { return low }
            // A half-landing or a middle level: the drawing's slope says which way the flight goes.
            guard let rises else { return nil }
            return rises == atFirst ? high : low
        }
        var start = anchor(first)
        var end = anchor(last)
        if let start, let end, start == end { return .failure(.bothEndsOn(start)) }
        let startLanding = start == nil ? halfLanding(first) : nil
        let endLanding = end == nil ? halfLanding(last) : nil
        start = start ?? startLanding
        end = end ?? endLanding
        var layout: OSMFlightLayout
        switch (start, end) {
        case let (start?, end?):
            // Two half-landings at one height: a flight between landings, still joined at both ends.
            layout = OSMFlightLayout(first: start, last: end)
        case let (start?, nil):
            guard let other = opposite(start, atFirst: true), other != start else { return .failure(.unknown) }
            layout = OSMFlightLayout(first: start, last: other)
        case let (nil, end?):
            guard let other = opposite(end, atFirst: false), other != end else { return .failure(.unknown) }
            layout = OSMFlightLayout(first: other, last: end)
        case (nil, nil):
            guard let rises else { return .failure(.unknown) }
            layout = rises ? OSMFlightLayout(first: low, last: high) : OSMFlightLayout(first: high, last: low)
        }
        layout.firstIsHalfLanding = startLanding != nil
        layout.lastIsHalfLanding = endLanding != nil
        return .success(layout)
    }

    /// Keeps a half-landing only where the flights meeting at it (directly, or through other
    /// half-landings) reach two different levels; the flights of any other half-landing lose their
    /// layout (and are placed at their middle), which may in turn strand others, so it repeats.
    /// `ends` gives each flight's first and last node.
    static func validated(_ layouts: [OSMFlightLayout?], ends: [(Int64, Int64)]) -> [OSMFlightLayout?] {
        var result = layouts
        var changed = true
        while changed {
            changed = false
            // Half-landings joined by flights between them form clusters.
            var parent: [Int64: Int64] = [:]
            func find(_ node: Int64) -> Int64 {
                var current = node
                while let next = parent[current], next != current { current = next }
                return current
            }
            for (index, layout) in result.enumerated() {
                guard let layout else { continue }
                let (first, last) = ends[index]
                if layout.firstIsHalfLanding, parent[first] == nil { parent[first] = first }
                if layout.lastIsHalfLanding, parent[last] == nil { parent[last] = last }
                if layout.firstIsHalfLanding, layout.lastIsHalfLanding { parent[find(first)] = find(last) }
            }
            var reached: [Int64: (low: Double, high: Double)] = [:]
            for (index, layout) in result.enumerated() {
                guard let layout else { continue }
                let (first, last) = ends[index]
                for (landing, isLanding, otherIsLanding, other) in [
                    (first, layout.firstIsHalfLanding, layout.lastIsHalfLanding, layout.last),
                    (last, layout.lastIsHalfLanding, layout.firstIsHalfLanding, layout.first),
                ] where isLanding && !otherIsLanding {
                    let root = find(landing)
                    let known = reached[root] ?? (other, other)
                    reached[root] = (min(known.low, other), max(known.high, other))
                }
            }
            for (index, layout) in result.enumerated() {
                guard let layout else { continue }
                let (first, last) = ends[index]
                let stranded = [(first, layout.firstIsHalfLanding), (last, layout.lastIsHalfLanding)].contains { node, isLanding in
                    guard isLanding, let span = reached[find(node)] else { return isLanding }
                    return span.low == span.high
                }
                if stranded {
                    result[index] = nil
                    changed = true
                }
            }
        }
        return result
    }
}
