import VenueModel

/// How a profile moves over the ground, which decides how surfaces and barriers treat it.
public enum Mobility: String, Hashable, Sendable, CaseIterable {
    /// On foot: surfaces slow, never close; barriers made for people on foot pass.
    case walking
    /// On small wheels (a wheelchair, a pram, luggage): loose, soft and yielding surfaces
    /// close, rough ones slow; stiles, kissing gates and turnstiles close.
    case wheels
}

extension SurfaceClass {
    /// The time factor on foot: loose stones take a third longer and sand or mud twice as long,
    /// as OSRM's foot profile walks gravel at 0.75 and sand and mud at half the speed.
    var walkingFactor: Double {
        switch self {
        case .smooth, .roughPaved, .firmUnpaved, .soft: return 1
        case .loose: return 4.0 / 3.0
        case .yielding: return 2
        }
    }
}

extension HikingScale {
    /// The time factor of a hiking grade, Valhalla's pedestrian costing's per grade: 1.11 for
    /// `hiking` up to 6.67 for `difficult_alpine_hiking`.
    var timeFactor: Double {
        switch self {
        case .strolling: return 1
        case .hiking: return 1.11
        case .mountainHiking: return 1.25
        case .demandingMountainHiking: return 1.54
        case .alpineHiking: return 2.5
        case .demandingAlpineHiking: return 4
        case .difficultAlpineHiking: return 6.67
        }
    }
}

extension RoutingProfile {
    /// The ground's verdict on an arc: the rule that closes it, or the factor its time takes.
    ///
    /// Each tag is judged on its own and the strictest wins, so a way tagged both
    /// `surface=gravel` and `smoothness=intermediate` is closed to wheels: no tag that closes a
    /// way is outweighed by another. Values navforge does not rate count as untagged.
    func groundVerdict(_ facts: ArcAttributes) -> (rule: ClosingRule?, factor: Double) {
        let surface = facts.ground.surface, smoothness = facts.ground.smoothness, track = facts.ground.trackType
        var factor = 1.0
        switch mobility {
        case .wheels:
            if let surface {
                guard surface.isFirm else { return (.surface, 1) }
                if surface != .smooth { factor = roughSurfaceFactor }
            }
            if let track, track > .grade1 { factor = max(factor, roughSurfaceFactor) }
        case .walking:
            factor = surface?.walkingFactor ?? 1
        }
        if let limit = maximumSmoothness, let smoothness, smoothness > limit { return (.smoothness, 1) }
        if let limit = maximumTrackType, let track, track > limit { return (.trackType, 1) }
        // A track says nothing of its surface: most are farm and forest roads of earth or gravel.
        if !allowsUntaggedTracks, facts.pathKind == .track, surface == nil, smoothness == nil, track == nil {
            return (.untaggedTrack, 1)
        }
        if let hiking = facts.ground.hikingScale {
            if let limit = maximumHikingScale, hiking > limit { return (.sacScale, 1) }
            factor *= hiking.timeFactor
        }
        return (nil, factor)
    }
}
