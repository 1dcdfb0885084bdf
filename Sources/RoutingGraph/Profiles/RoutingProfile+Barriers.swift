import VenueModel

/// What a kind of barrier does to people on foot and on wheels, and how long passing it takes.
///
/// `docs/profiles.md#barriers` lists the table and where each entry comes from. Kinds not in it
/// let walkers through and stop wheels: the data says something stands there, and not what.
struct BarrierRule: Sendable {
    /// How wheels fare.
    enum Wheels: Sendable {
        case pass
        case closed
        /// Passes when the barrier's gap is at least the profile's minimum width; when no width
        /// is given, passes only if `unmeasured` says so (or the profile has no minimum).
        case gap(unmeasured: Bool)
    }

    var walking: Bool
    var wheels: Wheels
    /// Seconds to get through (opening a gate, climbing a stile), half on each arc that meets it.
    var seconds: Double

    static let unknown = BarrierRule(walking: true, wheels: .closed, seconds: 0)

    static let table: [String: BarrierRule] = {
        var table: [String: BarrierRule] = [:]
        func add(_ kinds: [String], _ rule: BarrierRule) {
            for kind in kinds { table[kind] = rule }
        }
        // Lines nobody passes: a node of a wall on a walkway is where the walkway ends.
        add(["wall", "fence", "hedge", "retaining_wall", "city_wall", "ditch", "hedge_bank", "guard_rail",
             "wire_fence", "handrail"], BarrierRule(walking: false, wheels: .closed, seconds: 0))
        // Climbed over or squeezed through.
        add(["stile", "horse_stile"], BarrierRule(walking: true, wheels: .closed, seconds: 10))
        add(["kissing_gate"], BarrierRule(walking: true, wheels: .closed, seconds: 5))
        add(["turnstile"], BarrierRule(walking: true, wheels: .closed, seconds: 3))
        add(["full-height_turnstile"], BarrierRule(walking: true, wheels: .closed, seconds: 5))
        add(["cattle_grid"], BarrierRule(walking: true, wheels: .closed, seconds: 2))
        // Staggered rails built to slow bicycles: wheels need a measured gap.
        add(["cycle_barrier", "motorcycle_barrier"], BarrierRule(walking: true, wheels: .gap(unmeasured: false), seconds: 2))
        // Posts and blocks with room between them, unless a measured gap says otherwise.
        add(["bollard", "block", "jersey_barrier", "planter", "chain", "rope", "log", "bar", "sump_buster",
             "kent_carriage_gap", "height_restrictor", "spikes"], BarrierRule(walking: true, wheels: .gap(unmeasured: true), seconds: 0))
        // Gates open for everyone the access tags let through.
        add(["gate", "swing_gate", "sliding_gate", "hampshire_gate", "bump_gate", "wicket_gate", "sliding_beam"],
            BarrierRule(walking: true, wheels: .pass, seconds: 5))
        add(["lift_gate", "entrance", "border_control", "toll_booth", "sally_port", "coupure", "kerb", "step_over"],
            BarrierRule(walking: true, wheels: .pass, seconds: 0))
        return table
    }()
}

extension RoutingProfile {
    /// The barriers' verdict on an arc: whether one of them stops this profile, and the seconds
    /// passing them adds to the arc (half of each barrier's time, the other half being on the
    /// arc on its other side).
    func barrierVerdict(_ barriers: [Barrier]) -> (closed: Bool, seconds: Double) {
        var seconds = 0.0
        for barrier in barriers {
            guard passes(barrier) else { return (true, 0) }
            seconds += (BarrierRule.table[barrier.kind] ?? .unknown).seconds / 2
        }
        return (false, seconds)
    }

    /// Whether this profile gets past a barrier.
    ///
    /// Access comes first: a barrier with `access=no`, `private` or for staff only, or one only
    /// paying customers pass (`fee=yes`, `access=customers`), is no public way through. Then
    /// the measured gap and kerb against the profile's limits, `wheelchair=no|yes` for profiles
    /// that respect it, and finally the kind's default (``BarrierRule``).
    func passes(_ barrier: Barrier) -> Bool {
        switch barrier.access {
        case .no?, .private?, .employees?, .students?: return false
        case .yes?, nil: break
        }
        if barrier.customersOnly { return false }
        if let limit = minimumWidth, let width = barrier.width, width < limit { return false }
        if let limit = maximumKerb, let kerb = barrier.kerbHeight, kerb > limit { return false }
        let rule = BarrierRule.table[barrier.kind] ?? .unknown
        switch mobility {
        case .walking:
            return rule.walking
        case .wheels:
            if respectsWheelchairNo {
                if barrier.wheelchair == .no { return false }
                if let vouched = barrier.wheelchair, vouched != .no { return true }
            }
            switch rule.wheels {
            case .pass: return true
            case .closed: return false
            case .gap(let unmeasured):
                guard let limit = minimumWidth else { return true }
                guard let width = barrier.width else { return unmeasured }
                return width >= limit
            }
        }
    }
}
