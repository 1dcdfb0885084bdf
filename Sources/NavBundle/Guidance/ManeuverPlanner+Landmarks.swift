import NavFormat

/// The landmark rule of docs/guidance.md ("Landmarks of maneuvers"): which landmark a maneuver
/// names and where it lies from the walker, and on which side an arrival's destination is.
///
/// It reads only a maneuver's bearings and distances and its decision point's `GLMK` pairs,
/// all integers, so hand-made cases test it and the C core (`guide_landmarks`) gives the same
/// answer to the bit. It runs after the maneuver rules and changes nothing they decided.
enum ManeuverLandmarkRule {
    /// The landmark kind of a connector maneuver's kind (lift, stairs, escalator, ramp), else nil.
    static func landmarkKind(of kind: Maneuver.Kind) -> UInt8? {
        switch kind {
        case .elevator: LandmarkKind.lift.rawValue
        case .stairs: LandmarkKind.stairs.rawValue
        case .escalator: LandmarkKind.escalator.rawValue
        case .ramp: LandmarkKind.ramp.rawValue
        default: nil
        }
    }

    /// A landmark a decision point sees, as `GLMK` pairs it: most salient first.
    struct Sighting: Equatable {
        var landmark: Int
        /// Decimetres from the decision point.
        var distance: Int
        /// From the decision point to the landmark, 1/256 turn clockwise from north.
        var bearing: UInt8
        /// The landmark's stored kind (``LandmarkKind``'s raw value).
        var kind: UInt8 = LandmarkKind.other.rawValue
    }

    /// The landmark chosen, where it lies and on which side.
    struct Choice: Equatable {
        var sighting: Sighting
        var placement: Maneuver.Landmark.Placement
        var side: Maneuver.Landmark.Side?
    }

    /// Within this many decimetres a landmark is at the maneuver (the `turn.landmark.at` keys' 3 m).
    static let atDistance = 30
    /// A landmark neither passed nor ahead is named only within this many decimetres.
    static let besideDistance = 80
    /// Closer than this many decimetres a landmark has no side: the walker stands at it.
    static let sideDistance = 10
    /// Half the cone (1/256 turn) behind the way in or ahead of the way out: 45°.
    static let cone = 32
    /// Half the cone that counts as straight ahead for a side: 22.5°.
    static let aheadCone = 16
    /// Half the cone that counts as straight behind, where a landmark has no side: 22.5°, as ahead.
    static let behindCone = 16

    /// The signed change from bearing `from` to `to`, −128…127, positive clockwise.
    static func delta(_ from: UInt8, _ to: UInt8) -> Int {
        Int(Int8(bitPattern: to &- from))
    }

    /// Where `sighting` lies from a maneuver facing `before` on arrival and `after` on leaving,
    /// `behind` centimetres after the previous maneuver and `ahead` before the next: at it within
    /// 3 m; passed when it lies within 45° of straight back along the way in and no farther than
    /// the previous maneuver; ahead when within 45° of the way out and no farther than the next;
    /// beside within 8 m; else too far to name.
    static func placement(of sighting: Sighting, before: UInt8?, after: UInt8?, behind: UInt64,
                          ahead: UInt64) -> Maneuver.Landmark.Placement? {
        if sighting.distance <= atDistance { return .at }
        let reach = UInt64(sighting.distance) * 10
        if let before, abs(delta(before &+ 128, sighting.bearing)) <= cone, reach <= behind { return .before }
        if let after, abs(delta(after, sighting.bearing)) <= cone, reach <= ahead { return .after }
        return sighting.distance <= besideDistance ? .beside : nil
    }

    /// The side of `sighting` for a walker facing `facing`: ahead within 22.5°, else right when
    /// the bearing lies clockwise of the facing, left otherwise; none within 22.5° of straight
    /// behind (a few degrees of heading would swap left and right there), within 1 m or without a
    /// facing.
    static func side(of sighting: Sighting, facing: UInt8?) -> Maneuver.Landmark.Side? {
        guard let facing, sighting.distance >= sideDistance else { return nil }
        let delta = delta(facing, sighting.bearing)
        if abs(delta) <= aheadCone { return .ahead }
        if abs(delta) >= 128 - behindCone { return nil }
        return delta > 0 ? .right : .left
    }

    /// The landmark a maneuver of `kind` names: the first sighting, in `GLMK`'s order, whose
    /// placement the kind can say. Depart heads towards one straight ahead; a U-turn turns at one;
    /// a turn names any; a fork keeps towards one ahead; continue passes one at, beside or ahead.
    /// Doors, thresholds and connectors name none (they are their own landmark), nor does arrive
    /// (its destination is ``destination(among:before:isDestination:)``). Landmarks of a kind in
    /// `ridden` are passed over: the lift or flight just taken or about to be taken, which its own
    /// maneuver names.
    ///
    /// `standing` is the bearing out of a departure's own node (its first long arc's): depart heads
    /// towards a landmark only when it lies ahead from where the walker stands as well as along
    /// the heading depart gives, which may be a few metres on.
    static func choice(kind: Maneuver.Kind, modifier: Maneuver.Modifier, before: UInt8?, after: UInt8?,
                       behind: UInt64, ahead: UInt64, sightings: [Sighting], ridden: [UInt8] = [],
                       standing: UInt8? = nil) -> Choice? {
        for sighting in sightings where !ridden.contains(sighting.kind) {
            guard let placement = placement(of: sighting, before: before, after: after, behind: behind, ahead: ahead) else {
                continue
            }
            // The side is told against the way out for a landmark ahead, else against the way in.
            let side = side(of: sighting, facing: placement == .after ? after : before ?? after)
            let says: Bool
            switch kind {
            case .depart: says = placement == .after && side == .ahead && Self.side(of: sighting, facing: standing ?? after) == .ahead
            case .turn: says = modifier == .uturn ? placement == .at : true
            case .fork: says = placement == .after
            case .continue: says = placement != .before
            default: says = false
            }
            if says { return Choice(sighting: sighting, placement: placement, side: side) }
        }
        return nil
    }

    /// An arrival's destination: the first sighting at the route's last node that
    /// `isDestination` accepts (a place attached there), at it within 3 m, else beside, with its
    /// side against the way in.
    static func destination(among sightings: [Sighting], before: UInt8?,
                            isDestination: (Int) throws(BundleError) -> Bool) throws(BundleError) -> Choice? {
        for sighting in sightings where try isDestination(sighting.landmark) {
            return Choice(sighting: sighting, placement: sighting.distance <= atDistance ? .at : .beside,
                          side: side(of: sighting, facing: before))
        }
        return nil
    }

    /// A departure's platform: the first sighting at the route's first node that `isOrigin`
    /// accepts (a platform whose place is attached there), at it within 3 m, else beside, with
    /// its side against the way out.
    static func origin(among sightings: [Sighting], after: UInt8?,
                       isOrigin: (Int, UInt8) throws(BundleError) -> Bool) throws(BundleError) -> Choice? {
        for sighting in sightings where try isOrigin(sighting.landmark, sighting.kind) {
            return Choice(sighting: sighting, placement: sighting.distance <= atDistance ? .at : .beside,
                          side: side(of: sighting, facing: after))
        }
        return nil
    }
}
