/// The rule that closes an arc to a profile, in the order ``RoutingProfile/verdict(for:leaving:)``
/// tries them: the first that applies is the one reported.
///
/// The raw values are what the graph artifact stores per arc and profile (0 for an open arc), so
/// they never change meaning; a new rule takes a new value.
public enum ClosingRule: UInt8, Hashable, Sendable, CaseIterable {
    /// `access=no` (or `foot=no`), except exits when leaving in an emergency.
    case access = 1
    /// A driveway of a multi-storey or underground car park not mapped for pedestrians.
    case carPark = 2
    /// `wheelchair=no`, for profiles that respect it.
    case wheelchairNo = 3
    /// A revolving door not tagged for wheelchairs.
    case revolvingDoor = 4
    /// Narrower than the profile's minimum width.
    case width = 5
    /// A kerb higher than the profile mounts.
    case kerb = 6
    /// Steeper than the profile's maximum incline.
    case incline = 7
    /// Stairs, steps or a step count, for profiles without steps.
    case steps = 8
    /// Escalators, for profiles without them.
    case escalator = 9
    /// A barrier at the arc's end that the profile cannot pass (`docs/profiles.md#barriers`).
    case barrier = 10
    /// A surface the profile's wheels cannot take (`docs/profiles.md#surfaces`).
    case surface = 11
    /// Smoothness worse than the profile's limit.
    case smoothness = 12
    /// A track grade worse than the profile's limit.
    case trackType = 13
    /// A `highway=track` that gives no surface, smoothness or grade, for profiles that need one.
    case untaggedTrack = 14
    /// A hiking grade above the profile's limit.
    case sacScale = 15

    /// The rule's name in `export-graph`'s output and in the documentation.
    public var name: String {
        switch self {
        case .access: return "access"
        case .carPark: return "car-park"
        case .wheelchairNo: return "wheelchair=no"
        case .revolvingDoor: return "revolving-door"
        case .width: return "width"
        case .kerb: return "kerb"
        case .incline: return "incline"
        case .steps: return "steps"
        case .escalator: return "escalator"
        case .barrier: return "barrier"
        case .surface: return "surface"
        case .smoothness: return "smoothness"
        case .trackType: return "tracktype"
        case .untaggedTrack: return "untagged-track"
        case .sacScale: return "sac_scale"
        }
    }
}

/// Whether a profile may use an arc and, if so, in how many seconds.
public enum ArcVerdict: Hashable, Sendable {
    case open(seconds: Double)
    case closed(ClosingRule)

    /// The seconds of an open arc; `nil` when closed.
    public var seconds: Double? {
        if case .open(let seconds) = self { return seconds }
        return nil
    }

    /// The rule that closed the arc; `nil` when open.
    public var closingRule: ClosingRule? {
        if case .closed(let rule) = self { return rule }
        return nil
    }
}
