import Testing
@testable import NavBundle
import NavFormat

/// The landmark rule of docs/guidance.md ("Landmarks of maneuvers") on hand-made decision
/// points, and the words it leads to.
@Suite struct ManeuverLandmarkTests {
    typealias Rule = ManeuverLandmarkRule
    typealias Sighting = ManeuverLandmarkRule.Sighting

    /// A walker heading east (64) turns left to north (0), 10 m after the previous maneuver and
    /// 20 m before the next.
    static func turnLeft(_ sightings: [Sighting], behind: UInt64 = 1_000) -> Rule.Choice? {
        Rule.choice(kind: .turn, modifier: .left, before: 64, after: 0, behind: behind, ahead: 2_000, sightings: sightings)
    }

    @Test func aLiftJustBeforeTheTurnIsPassed() throws {
        // The lift lies 5 m back along the way in, to the walker's right (bearing 168 from the
        // turn, 34° off straight back).
        let choice = try #require(Self.turnLeft([Sighting(landmark: 4, distance: 50, bearing: 168)]))
        #expect(choice.placement == .before && choice.side == .right && choice.sighting.landmark == 4)
        let bundle = try BundleManeuverTests.spoken()
        var turn = Self.maneuver(.turn, .left, before: 64, after: 0)
        turn.landmark = Maneuver.Landmark(index: 4, name: nil, kindCode: LandmarkKind.lift.rawValue, naming: .unnamed,
                                          placement: choice.placement, side: choice.side)
        #expect(try bundle.instruction(for: turn, language: "en") == "Turn left after the lift")
        turn.landmark?.name = "Lift A"
        turn.landmark?.naming = .named
        #expect(try bundle.instruction(for: turn, language: "en") == "Turn left after Lift A")
    }

    /// Within 22.5° of straight behind a landmark has no side: a few degrees of heading would
    /// swap left and right there. Just outside, it has the side it was passed on.
    @Test func aLandmarkStraightBehindHasNoSide() {
        // Heading east (64), straight behind is 192; the cone reaches 112 units either side of 64.
        for (bearing, side) in [(192, nil), (176, nil), (208, nil), (175, Maneuver.Landmark.Side.right),
                                (209, .left)] as [(UInt8, Maneuver.Landmark.Side?)] {
            let choice = Self.turnLeft([Sighting(landmark: 4, distance: 50, bearing: bearing)])
            #expect(choice?.placement == .before && choice?.side == side, "bearing \(bearing)")
        }
        #expect(Rule.side(of: Sighting(landmark: 1, distance: 50, bearing: 128 + 16), facing: 16) == nil)
        #expect(Rule.side(of: Sighting(landmark: 1, distance: 50, bearing: 16), facing: 16) == .ahead)
    }

    /// Depart heads towards a landmark only when it lies ahead where the walker stands as well as
    /// along the heading depart gives, which may be a few metres on.
    @Test func departHeadsOnlyTowardsALandmarkAheadFromWhereTheWalkerStands() {
        let sighting = Sighting(landmark: 2, distance: 50, bearing: 48)
        func depart(standing: UInt8?) -> Int? {
            Rule.choice(kind: .depart, modifier: .none, before: nil, after: 64, behind: 0, ahead: 1_000,
                        sightings: [sighting], standing: standing)?.sighting.landmark
        }
        // 16 units left of the heading (ahead); 24 left of a walker standing facing 72: not ahead.
        #expect(depart(standing: 64) == 2 && depart(standing: nil) == 2 && depart(standing: 56) == 2)
        #expect(depart(standing: 72) == nil)
    }

    @Test func theLiftJustTakenOrAboutToBeTakenIsNotNamed() {
        let lift = Sighting(landmark: 4, distance: 50, bearing: 180, kind: LandmarkKind.lift.rawValue)
        let door = Sighting(landmark: 5, distance: 60, bearing: 180, kind: LandmarkKind.door.rawValue)
        #expect(Self.turnLeft([lift, door])?.sighting.landmark == 4)
        #expect(Rule.choice(kind: .turn, modifier: .left, before: 64, after: 0, behind: 1_000, ahead: 2_000, sightings: [lift, door],
                            ridden: [LandmarkKind.lift.rawValue])?.sighting.landmark == 5)
        #expect(Rule.landmarkKind(of: .elevator) == LandmarkKind.lift.rawValue && Rule.landmarkKind(of: .turn) == nil)
    }

    @Test func aLandmarkBehindThePreviousManeuverWasNotPassed() {
        // 5 m back, but the previous maneuver is 4 m back: the walker came from elsewhere. It is
        // still near enough (within 8 m) to be beside the turn.
        let choice = Self.turnLeft([Sighting(landmark: 4, distance: 50, bearing: 180)], behind: 400)
        #expect(choice?.placement == .beside)
        // Farther than 8 m and not passed: not named.
        #expect(Self.turnLeft([Sighting(landmark: 4, distance: 90, bearing: 180)], behind: 400) == nil)
    }

    @Test func placementsFollowTheWayInAndOut() {
        // Within 3 m: at, whatever the direction; its side against the way in.
        #expect(Self.turnLeft([Sighting(landmark: 1, distance: 30, bearing: 0)])
                == Rule.Choice(sighting: Sighting(landmark: 1, distance: 30, bearing: 0), placement: .at, side: .left))
        // Ahead on the way out (north), 12 m, before the next maneuver 20 m on: towards it.
        let ahead = Self.turnLeft([Sighting(landmark: 2, distance: 120, bearing: 236)])
        #expect(ahead?.placement == .after && ahead?.side == .left)
        // Beyond the next maneuver it is not ahead of this one.
        #expect(Rule.choice(kind: .turn, modifier: .left, before: 64, after: 0, behind: 1_000, ahead: 1_000,
                            sightings: [Sighting(landmark: 2, distance: 120, bearing: 236)]) == nil)
        // The first sighting that qualifies wins: GLMK order is salience first.
        let first = Self.turnLeft([Sighting(landmark: 9, distance: 140, bearing: 128), Sighting(landmark: 3, distance: 60, bearing: 128)])
        #expect(first?.sighting.landmark == 3 && first?.placement == .beside && first?.side == .right)
    }

    @Test func eachKindNamesOnlyWhatItCanSay() {
        let behind = Sighting(landmark: 1, distance: 50, bearing: 192)
        let ahead = Sighting(landmark: 2, distance: 50, bearing: 64)
        let near = Sighting(landmark: 3, distance: 20, bearing: 10)
        func choose(_ kind: Maneuver.Kind, _ modifier: Maneuver.Modifier, _ sightings: [Sighting]) -> Int? {
            Rule.choice(kind: kind, modifier: modifier, before: 64, after: 64, behind: 1_000, ahead: 1_000,
                        sightings: sightings)?.sighting.landmark
        }
        // Depart heads towards a landmark straight ahead only (it has no way in).
        #expect(Rule.choice(kind: .depart, modifier: .none, before: nil, after: 64, behind: 0, ahead: 1_000,
                            sightings: [near, ahead])?.sighting.landmark == 2)
        #expect(Rule.choice(kind: .depart, modifier: .none, before: nil, after: 64, behind: 0, ahead: 1_000,
                            sightings: [Sighting(landmark: 5, distance: 50, bearing: 90)]) == nil)
        #expect(choose(.fork, .slightRight, [behind, near, ahead]) == 2)
        #expect(choose(.continue, .straight, [behind, ahead]) == 2)
        #expect(choose(.turn, .uturn, [behind, ahead, near]) == 3)
        #expect(choose(.door, .straight, [near]) == nil)
        #expect(choose(.elevator, .none, [near]) == nil)
    }

    @Test func aRoomOnTheRightAtArrival() throws {
        // Arriving eastwards, Room 2.14 lies 4 m to the south-east; a shop, more salient, is no destination.
        let sightings = [Sighting(landmark: 8, distance: 60, bearing: 0), Sighting(landmark: 7, distance: 40, bearing: 100)]
        let choice = try #require(try Rule.destination(among: sightings, before: 64) { $0 == 7 })
        #expect(choice.sighting.landmark == 7 && choice.placement == .beside && choice.side == .right)
        // Standing at it: no side.
        #expect(try Rule.destination(among: [Sighting(landmark: 7, distance: 5, bearing: 100)], before: 64) { $0 == 7 }?.side == nil)
        let bundle = try BundleManeuverTests.spoken()
        var arrive = Self.maneuver(.arrive, .none, before: 64, after: nil)
        arrive.landmark = Maneuver.Landmark(index: 7, name: "2.14", kindCode: LandmarkKind.room.rawValue, naming: .refOnly,
                                            placement: choice.placement, side: choice.side)
        #expect(try bundle.instruction(for: arrive, language: "en", destination: "Room 2.14") == "Arrive at Room 2.14, on your right")
        #expect(try bundle.instruction(for: arrive, language: "en") == "Your destination is on your right")
        arrive.landmark?.side = nil
        #expect(try bundle.instruction(for: arrive, language: "en") == "You have arrived")
    }

    @Test func departHeadsTowardsALandmarkAhead() throws {
        let bundle = try BundleManeuverTests.spoken()
        var depart = Self.maneuver(.depart, .none, before: nil, after: 64)
        depart.landmark = Maneuver.Landmark(index: 0, name: "Info", kindCode: LandmarkKind.information.rawValue,
                                            naming: .named, placement: .after, side: .ahead)
        #expect(try bundle.instruction(for: depart, language: "en") == "Head towards Info")
    }

    @Test func aRouteFromAPlatformLeavesIt() throws {
        // Heading east from a node two places attach to: a room, more salient, and platform 5 to the south.
        let room = Sighting(landmark: 3, distance: 20, bearing: 0, kind: LandmarkKind.room.rawValue)
        let platform = Sighting(landmark: 4, distance: 40, bearing: 128, kind: LandmarkKind.platform.rawValue)
        let attached: Set<Int> = [3, 4]
        let choice = try #require(try Rule.origin(among: [room, platform], after: 64) { landmark, kind in
            kind == LandmarkKind.platform.rawValue && attached.contains(landmark)
        })
        #expect(choice.sighting == platform && choice.placement == .beside && choice.side == .right)
        // A platform the route does not start at is no origin.
        #expect(try Rule.origin(among: [platform], after: 64) { _, _ in false } == nil)

        let bundle = try BundleManeuverTests.spoken()
        var leave = Self.maneuver(.platform, .none, before: nil, after: 64)
        leave.landmark = Maneuver.Landmark(index: 4, name: "5", kindCode: LandmarkKind.platform.rawValue, naming: .refOnly,
                                           placement: .beside, side: .right)
        #expect(try bundle.instruction(for: leave, language: "en") == "Leave platform 5 heading east")
        #expect(try bundle.instruction(for: leave, language: "de") == "Gleis 5 Richtung Osten verlassen")
        leave.bearingAfter = nil
        #expect(try bundle.instruction(for: leave, language: "en") == "Leave platform 5")
    }

    @Test func aRouteToAPlatformBoardsThere() throws {
        let bundle = try BundleManeuverTests.spoken()
        var board = Self.maneuver(.platform, .none, before: 64, after: nil)
        board.routeIndex = 3
        board.landmark = Maneuver.Landmark(index: 4, name: "7", kindCode: LandmarkKind.platform.rawValue, naming: .refOnly,
                                           placement: .beside, side: .left)
        #expect(try bundle.instruction(for: board, language: "en") == "Arrive at platform 7, on your left")
        #expect(try bundle.instruction(for: board, language: "fr", destination: "Voie 7")
                == "Votre destination, Voie 7, se trouve sur votre gauche")
        board.landmark?.side = nil
        #expect(try bundle.instruction(for: board, language: "es") == "Ha llegado a la vía 7")
    }

    static func maneuver(_ kind: Maneuver.Kind, _ modifier: Maneuver.Modifier, before: UInt8?, after: UInt8?) -> Maneuver {
        Maneuver(kind: kind, modifier: modifier, routeIndex: 0, corner: nil, latitudeE7: 0, longitudeE7: 0, level: 0,
                 alongCentimetres: 0, distanceCentimetres: 0, durationMilliseconds: 0, bearingBefore: before,
                 bearingAfter: after, way: nil, levelChange: nil)
    }
}
