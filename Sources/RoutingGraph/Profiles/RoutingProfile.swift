import NavFormat
public import VenueModel

/// A way of moving through the venue: which arcs it may use and how long each takes.
///
/// Costs are travel times, so a route's cost is its ETA. `docs/profiles.md` lists every rule.
public struct RoutingProfile: Hashable, Sendable {
    public var name: String
    /// Metres per second on level ground.
    public var speed: Double
    /// Whether stairs, outdoor steps and anything with a step count may be used.
    public var allowsSteps: Bool
    public var allowsEscalators: Bool
    /// Steepest slope (percent) the profile climbs or descends; `nil` for no limit.
    public var maximumIncline: Double?
    /// Narrowest passage (metres) the profile fits through; `nil` for no limit.
    public var minimumWidth: Double?
    /// Highest kerb (metres) the profile mounts; `nil` for no limit.
    public var maximumKerb: Double?
    public var avoidsRevolvingDoors: Bool
    /// Whether `wheelchair=no` closes an arc to this profile.
    public var respectsWheelchairNo: Bool
    /// Seconds per step climbing and descending.
    public var secondsPerStepUp = 0.6
    public var secondsPerStepDown = 0.45
    /// Average wait for a lift to arrive, seconds.
    public var liftWait = 30.0
    /// Lift travel per storey, seconds.
    public var liftSecondsPerStorey = 4.0
    /// Time to leave a lift car, seconds.
    public var liftAlight = 3.0
    /// Escalator travel per storey, seconds.
    public var escalatorSecondsPerStorey = 20.0
    /// Time factor on outdoor arcs tagged `lit=no`.
    public var unlitFactor = 1.0
    /// Time factor on outdoor arcs whose lighting the data does not give.
    public var unknownLightFactor = 1.0
    /// Seconds added for opening a door that does not open by itself (tagged `automatic_door=no`).
    public var manualDoorPenalty = 0.0
    /// On foot or on wheels: which surfaces close or slow, and which barriers pass.
    public var mobility = Mobility.walking
    /// The roughest smoothness taken; `nil` for any.
    public var maximumSmoothness: Smoothness?
    /// The softest track grade taken; `nil` for any.
    public var maximumTrackType: TrackType?
    /// The hardest hiking grade (`sac_scale`) taken; `nil` for any.
    public var maximumHikingScale: HikingScale? = .mountainHiking
    /// Whether a `highway=track` that tags no surface, smoothness or grade may be used.
    public var allowsUntaggedTracks = true
    /// Time factor on wheels over rough paving (sett, cobblestones) and firm unpaved ground
    /// (compacted, fine gravel, tracks of grade 2).
    public var roughSurfaceFactor = 1.0

    /// Walking at an average adult pace, any way that is open.
    public static let foot = RoutingProfile(
        name: "foot", speed: 1.3, allowsSteps: true, allowsEscalators: true, maximumIncline: nil, minimumWidth: nil,
        maximumKerb: nil, avoidsRevolvingDoors: false, respectsWheelchairNo: false)

    /// A manual wheelchair: no steps, stairs or escalators; ramps up to 8 %, passages of 0.8 m,
    /// kerbs of 3 cm; no revolving doors unless tagged `wheelchair=yes`; nothing tagged
    /// `wheelchair=no`; a door that must be pulled open costs time; firm ground only, no stiles
    /// or turnstiles (``onWheels(_:)``).
    public static let wheelchair: RoutingProfile = {
        var profile = RoutingProfile(
            name: "wheelchair", speed: 1.0, allowsSteps: false, allowsEscalators: false, maximumIncline: 8,
            minimumWidth: 0.8, maximumKerb: 0.03, avoidsRevolvingDoors: true, respectsWheelchairNo: true)
        profile.manualDoorPenalty = 10
        return onWheels(profile)
    }()

    /// Pushing a pram, pulling luggage, on crutches: no steps, stairs or escalators, nothing
    /// tagged `wheelchair=no`, kerbs of 3 cm at most; any slope and width; the ground and
    /// barriers as for a wheelchair.
    public static let stepFree = onWheels(RoutingProfile(
        name: "step-free", speed: 1.1, allowsSteps: false, allowsEscalators: false, maximumIncline: nil,
        minimumWidth: nil, maximumKerb: 0.03, avoidsRevolvingDoors: true, respectsWheelchairNo: true))

    /// The ground rules of small wheels, as the OSM wiki and openrouteservice's wheelchair
    /// profile set them: firm surfaces only, smoothness `intermediate` at worst, tracks of
    /// grade 2 at most and only when tagged, `sac_scale` no harder than `hiking`; rough paving
    /// and firm unpaved ground take 1.3 times as long.
    static func onWheels(_ profile: RoutingProfile) -> RoutingProfile {
        var profile = profile
        profile.mobility = .wheels
        profile.maximumSmoothness = .intermediate
        profile.maximumTrackType = .grade2
        profile.maximumHikingScale = .hiking
        profile.allowsUntaggedTracks = false
        profile.roughSurfaceFactor = 1.3
        return profile
    }

    /// Walking after dark: like `foot`, but unlit outdoor ways take three times as long and ways of
    /// unknown lighting half as long again, so lit routes win unless they are much longer.
    public static let night: RoutingProfile = {
        var profile = foot
        profile.name = "night"
        profile.unlitFactor = 3
        profile.unknownLightFactor = 1.5
        return profile
    }()

    public static let builtIn: [RoutingProfile] = [.foot, .wheelchair, .stepFree, .night]

    public static func named(_ name: String) -> RoutingProfile? {
        builtIn.first { $0.name == name }
    }

    /// Seconds to traverse the arc, or `nil` when the profile may not use it. When `leaving` in
    /// an emergency, emergency exits open.
    public func seconds(for arc: GraphArc, leaving: Bool = false) -> Double? {
        verdict(for: arc, leaving: leaving).seconds
    }

    /// Whether `leaving` can change the arc's ``verdict(for:leaving:)``: only for an emergency
    /// exit that is closed otherwise, the one rule leaving relaxes. A whole graph's costs of
    /// leaving are its costs with these arcs judged again.
    public static func leavingMayOpen(_ arc: GraphArc) -> Bool {
        arc.attributes.access == .no && arc.attributes.emergencyExit
    }

    /// Whether the profile may use the arc, and in how many seconds; when not, the first rule
    /// (in ``ClosingRule`` order) that closes it.
    public func verdict(for arc: GraphArc, leaving: Bool = false) -> ArcVerdict {
        let facts = arc.attributes
        // The only use of `leaving`: keep ``leavingMayOpen(_:)`` in step with it.
        if facts.access == .no, !(leaving && facts.emergencyExit) { return .closed(.access) }
        if facts.carPark != nil { return .closed(.carPark) }
        if respectsWheelchairNo, facts.wheelchair == .no { return .closed(.wheelchairNo) }
        // A revolving door is closed to wheels unless the data vouches for it (a wide, slow
        // segment tagged wheelchair=yes).
        if avoidsRevolvingDoors, facts.doorType == .revolving, facts.wheelchair != .yes, facts.wheelchair != .designated {
            return .closed(.revolvingDoor)
        }
        if let limit = minimumWidth, let width = facts.width, width < limit { return .closed(.width) }
        if let limit = maximumKerb, let kerb = facts.kerbHeight, kerb > limit { return .closed(.kerb) }
        if let limit = maximumIncline, let incline = facts.incline, abs(incline) > limit { return .closed(.incline) }
        if !allowsSteps, (facts.stepCount ?? 0) > 0 || arc.kind == .steps || arc.kind == .stairs { return .closed(.steps) }
        if !allowsEscalators, arc.kind == .escalator { return .closed(.escalator) }
        let barriers = barrierVerdict(facts.barriers)
        if barriers.closed { return .closed(.barrier) }
        let ground = groundVerdict(facts)
        if let rule = ground.rule { return .closed(rule) }

        var seconds: Double
        switch arc.kind {
        case .walk, .outdoorPath, .indoorPath, .entrance, .ramp:
            seconds = arc.length / speed
        case .steps, .stairs:
            seconds = stepSeconds(arc)
        case .escalator:
            seconds = escalatorSecondsPerStorey * max(abs(facts.rise), 0.5)
        case .elevator:
            switch facts.connectorPhase {
            case .board: seconds = liftWait
            case .alight: seconds = liftAlight
            case .ride, .none: seconds = liftSecondsPerStorey * abs(facts.rise)
            }
        }
        seconds *= ground.factor
        if !facts.isIndoor {
            switch facts.lit {
            case false?: seconds *= unlitFactor
            case nil: seconds *= unknownLightFactor
            case true?: break
            }
        }
        if facts.automaticDoor == false { seconds += manualDoorPenalty }
        return .open(seconds: seconds + barriers.seconds)
    }

    /// The bundle's cost unit: whole milliseconds, or the impassable marker.
    ///
    /// A passable arc costs at least 1 ms. An entrance threshold joins two nodes at the same
    /// spot (inside and outside), and at zero cost both ways a route to the outside node could
    /// step in and out again for free; with no free arcs, no shortest route has such a detour.
    public func cost(for arc: GraphArc, leaving: Bool = false) -> UInt32 {
        Self.cost(of: verdict(for: arc, leaving: leaving))
    }

    /// A verdict in the bundle's cost unit (``cost(for:leaving:)``).
    public static func cost(of verdict: ArcVerdict) -> UInt32 {
        guard let seconds = verdict.seconds, seconds.isFinite, seconds >= 0 else { return BundleFormat.impassable }
        return UInt32(min(max((seconds * 1000).rounded(), 1), Double(BundleFormat.impassable - 1)))
    }
}
