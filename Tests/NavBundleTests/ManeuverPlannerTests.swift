import Foundation
import NavFormat
import Testing
@testable import NavBundle

/// The maneuver rules of docs/guidance.md on hand-made routes, one rule per test.
@Suite struct ManeuverPlannerTests {
    /// Bearings in 1/256 of a turn.
    static let north: UInt8 = 0, east: UInt8 = 64, south: UInt8 = 128, west: UInt8 = 192

    /// A route node on level 0 outdoors; `exits` are the other ways out (heads are fresh nodes).
    static func node(_ index: Int, exits: [UInt8] = [], kind: NodeKind = .junction, level: Int = 0,
                     indoors: Bool = false) -> GuidanceRoute.Node {
        GuidanceRoute.Node(index: index, kind: kind, level: level, isIndoors: indoors, ordinal: Double(level),
                           latitudeE7: Int32(index), longitudeE7: 0,
                           exits: exits.enumerated().map { GuidanceRoute.Exit(head: 1000 + 10 * index + $0.offset, bearing: $0.element) })
    }

    /// A straight arc of `metres` heading `bearing`, costing a second a metre.
    static func arc(_ metres: Double, _ bearing: UInt8, kind: ArcKind = .outdoorPath, label: String? = nil,
                    corners: [(along: UInt32, bearing: UInt8)] = [], rise: Int = 0) -> GuidanceRoute.Arc {
        let length = UInt32(metres * 100)
        return GuidanceRoute.Arc(length: length, kind: kind, label: label, first: bearing,
                                 last: corners.last?.bearing ?? bearing,
                                 corners: corners.enumerated().map {
                                     GuidanceRoute.Corner(index: $0.offset, along: $0.element.along, bearing: $0.element.bearing,
                                                          latitudeE7: 7, longitudeE7: 7)
                                 },
                                 cost: UInt64(length) * 10, riseHundredths: rise)
    }

    static func plan(_ nodes: [GuidanceRoute.Node], _ arcs: [GuidanceRoute.Arc]) -> [Maneuver] {
        ManeuverPlanner(GuidanceRoute(nodes: nodes, arcs: arcs)).maneuvers()
    }

    static func kinds(_ maneuvers: [Maneuver]) -> [String] {
        maneuvers.map { $0.modifier == .none ? $0.kind.name : "\($0.kind.name) \($0.modifier.name)" }
    }

    @Test func classesFollowTheDocumentedThresholds() {
        let expected: [(Int, Maneuver.Modifier)] = [
            (0, .straight), (7, .straight), (-7, .straight), (8, .slightRight), (-8, .slightLeft), (32, .slightRight),
            (33, .right), (-33, .left), (96, .right), (97, .sharpRight), (-113, .sharpLeft), (114, .uturn),
            (-128, .uturn), (200, .uturn),
        ]
        for (delta, modifier) in expected {
            #expect(ManeuverPlanner.modifier(delta) == modifier, "delta \(delta)")
        }
        #expect(ManeuverPlanner.delta(250, 10) == 16)
        #expect(ManeuverPlanner.delta(10, 250) == -16)
        #expect(ManeuverPlanner.delta(0, 128) == -128)
    }

    @Test func aChordsDirectionIsTheNearestByteBearing() {
        for bearing in 0...255 {
            let exact = (16384 * sin(2 * Double.pi * Double(bearing) / 256)).rounded()
            #expect(ManeuverPlanner.sine(UInt8(bearing)) == Int(exact), "bearing \(bearing)")
            var chord = ManeuverPlanner.Chord()
            chord.add(UInt8(bearing), 300)
            #expect(ManeuverPlanner.direction(chord) == UInt8(bearing), "bearing \(bearing)")
        }
        // Between bearings, the nearest: 1 m north then 1 m east is north-east (32); 3 m north
        // then 1 m east is 18.4°, 13.1 of 256 (13).
        var square = ManeuverPlanner.Chord(), long = ManeuverPlanner.Chord()
        square.add(Self.north, 100)
        square.add(Self.east, 100)
        long.add(Self.north, 300)
        long.add(Self.east, 100)
        #expect(ManeuverPlanner.direction(square) == 32 && ManeuverPlanner.direction(long) == 13)
        #expect(ManeuverPlanner.direction(ManeuverPlanner.Chord()) == nil)
        // A look's heading keeps its mean's whole turns: the chord heads 250, the mean −10.
        var west = ManeuverPlanner.Chord()
        west.add(250, 100)
        #expect(ManeuverPlanner.heading(of: west, near: -10) == -6 && ManeuverPlanner.heading(of: west, near: 246) == 250)
    }

    @Test func aTurnAtAJunctionIsAnnouncedOnItsSide() {
        let maneuvers = Self.plan([Self.node(0), Self.node(1, exits: [Self.east]), Self.node(2)],
                                  [Self.arc(20, Self.north, label: "Hauptstraße"), Self.arc(30, Self.west, label: "Plöck")])
        #expect(Self.kinds(maneuvers) == ["depart", "turn left", "arrive"])
        #expect(maneuvers[1].alongCentimetres == 2000)
        #expect(maneuvers[1].bearingBefore == Self.north && maneuvers[1].bearingAfter == Self.west)
        #expect(maneuvers[1].way == "Plöck")
        #expect(maneuvers[0].way == "Hauptstraße")
        #expect(maneuvers[0].bearingAfter == Self.north && maneuvers[0].bearingBefore == nil)
        #expect(maneuvers.map(\.distanceCentimetres) == [2000, 3000, 0])
        #expect(maneuvers.map(\.durationMilliseconds) == [20_000, 30_000, 0])
    }

    @Test func straightOnPastSideWaysSaysNothing() {
        let maneuvers = Self.plan([Self.node(0), Self.node(1, exits: [Self.east, Self.west]), Self.node(2)],
                                  [Self.arc(20, Self.north), Self.arc(20, Self.north &+ 3)])
        #expect(Self.kinds(maneuvers) == ["depart", "arrive"])
        #expect(maneuvers[0].distanceCentimetres == 4000)
    }

    @Test func aSharpBendWithoutChoiceIsSaidAndAGentleOneIsNot() {
        // An L-shaped corridor drawn as one arc: its corner is where the walker turns.
        let bend = Self.plan([Self.node(0), Self.node(1)],
                             [Self.arc(20, Self.north, kind: .walk, label: "Corridor", corners: [(1200, Self.east)])])
        #expect(Self.kinds(bend) == ["depart", "turn right", "arrive"])
        #expect(bend[1].corner == 0 && bend[1].alongCentimetres == 1200 && bend[1].routeIndex == 0)
        #expect(bend[1].latitudeE7 == 7)
        // Time is shared by the corner's place on the arc, and still adds up.
        #expect(bend.map(\.durationMilliseconds) == [12_000, 8_000, 0])
        let gentle = Self.plan([Self.node(0), Self.node(1)], [Self.arc(20, Self.north, corners: [(1000, 20)])])
        #expect(Self.kinds(gentle) == ["depart", "arrive"])
    }

    @Test func aDoorJogAndAZigZagAreNotTurns() {
        // Short links at a door between two walks heading the same way.
        let jog = Self.plan([Self.node(0), Self.node(1), Self.node(2), Self.node(3)],
                            [Self.arc(10, Self.north), Self.arc(0.3, Self.east, kind: .walk), Self.arc(10, Self.north)])
        #expect(Self.kinds(jog) == ["depart", "arrive"])
        // 50° right and 50° left two metres apart, around a pillar.
        let zigZag = Self.plan([Self.node(0), Self.node(1)],
                               [Self.arc(20, Self.north, corners: [(1000, 36), (1200, Self.north)])])
        #expect(Self.kinds(zigZag) == ["depart", "arrive"])
    }

    @Test func twoSharpBendsCloseTogetherAreAUTurn() {
        let maneuvers = Self.plan([Self.node(0), Self.node(1)],
                                  [Self.arc(30, Self.north, corners: [(1000, 72), (1150, 144)])])
        #expect(Self.kinds(maneuvers) == ["depart", "turn uturn", "arrive"])
    }

    @Test func aBendJustPastTheDepartureWindowIsSaid() {
        // Left 25° at 142 cm, then left 86° at 361 cm: the second bend lies outside the start's
        // window and is a turn of its own, though a bend within the window leads into it.
        let maneuvers = Self.plan([Self.node(0), Self.node(1)],
                                  [Self.arc(20, Self.north, corners: [(142, 238), (361, 177)])])
        #expect(Self.kinds(maneuvers) == ["depart", "turn left", "arrive"])
        #expect(maneuvers[1].alongCentimetres == 361)
        // Depart faces the way before the bends the turn says. The look ahead at 142 cm heads
        // 45.1° left over its chord, not a turn, so the turn says only the bend at 361 cm and
        // departing faces the way between the two (238).
        #expect(maneuvers[0].bearingAfter == 238 && maneuvers[1].bearingAfter == 177)
    }

    @Test func opposedTurnsCloseTogetherAreBothSaid() {
        // Right 90° and left 90° 2.1 m apart across a street: two turns, not a straight way.
        let maneuvers = Self.plan([Self.node(0), Self.node(1, exits: [Self.west]), Self.node(2, exits: [Self.south]),
                                   Self.node(3)],
                                  [Self.arc(20, Self.north), Self.arc(2.1, Self.east), Self.arc(20, Self.north)])
        #expect(Self.kinds(maneuvers) == ["depart", "turn right", "turn left", "arrive"])
        #expect(maneuvers.map(\.alongCentimetres) == [0, 2000, 2210, 4210])
    }

    @Test func aLookHeadsAlongItsChordNotItsMeanHeading() {
        // Right 55° at 10 m, then left 90° 2.7 m on. Over the 3 m ahead of the first bend the
        // way heads 48.5° right as the crow flies (34.5 of 256), the mean of its headings only
        // 32 (45°, no turn): the first bend is a turn of its own, on its side.
        let maneuvers = Self.plan([Self.node(0), Self.node(1)],
                                  [Self.arc(20, Self.north, corners: [(1000, 39), (1270, 231)])])
        #expect(Self.kinds(maneuvers) == ["depart", "turn right", "turn left", "arrive"])
        #expect(maneuvers.map(\.alongCentimetres) == [0, 1000, 1270, 2000])
    }

    @Test func aBendReachingBeyondAFlightsWindowIsSaid() {
        // Right 45° at a corner 4.1 m before a flight and right 55° at a door 2.8 m before it:
        // the corner lies beyond the flight's window, so the bend is said.
        let nodes = [Self.node(0, indoors: true), Self.node(1, exits: [Self.west], kind: .door, indoors: true),
                     Self.node(2, indoors: true), Self.node(3, level: 1, indoors: true), Self.node(4, level: 1, indoors: true)]
        let arcs = [Self.arc(20, Self.north, kind: .walk, corners: [(1870, 32)]), Self.arc(2.8, 71, kind: .walk),
                    Self.arc(4, 71, kind: .stairs, rise: 100), Self.arc(10, 71, kind: .walk)]
        #expect(Self.kinds(Self.plan(nodes, arcs)) == ["depart", "turn right", "stairs", "arrive"])
    }

    @Test func aGradualBendOverSeveralCornersIsOneTurn() {
        // 15°, 30° and 35° over 3.9 m: no bend alone is a turn, together they are one.
        let maneuvers = Self.plan([Self.node(0), Self.node(1)],
                                  [Self.arc(30, Self.north, corners: [(1000, 11), (1200, 32), (1390, 57)])])
        #expect(Self.kinds(maneuvers) == ["depart", "turn right", "arrive"])
    }

    @Test func stepsOnOneLevelBendLikeAPath() {
        // A stepped path on a hillside with a switchback: the steps are said with their count,
        // and the switchback on them is a turn.
        var steps = Self.arc(10, Self.north, kind: .steps, corners: [(500, 110)], rise: 0)
        steps.stepCount = 30
        let nodes = [Self.node(0), Self.node(1), Self.node(2), Self.node(3)]
        let maneuvers = Self.plan(nodes, [Self.arc(10, Self.north), steps, Self.arc(10, 110)])
        #expect(Self.kinds(maneuvers) == ["depart", "stairs", "turn sharp right", "arrive"])
        #expect(maneuvers[1].levelChange?.stepCount == 30 && maneuvers[1].levelChange?.fromLevel == 0
            && maneuvers[1].levelChange?.toLevel == 0)
        // Between levels, the same flight is climbed and its bend is the flight's own.
        let climbed = Self.plan([Self.node(0), Self.node(1), Self.node(2, level: 1), Self.node(3, level: 1)],
                                [Self.arc(10, Self.north), steps, Self.arc(10, 110)])
        #expect(Self.kinds(climbed) == ["depart", "stairs", "arrive"])
    }

    @Test func bendsBetweenLinksAreLookedAtNodeByNode() {
        // A 1.8 m sidestep drawn with links: the links join into one point whose ways in and out
        // both head north, but the walker turns right, then left, at nodes of the links.
        let nodes = (0..<6).map { Self.node($0) }
        let arcs = [Self.arc(20, Self.north), Self.arc(0.9, Self.east), Self.arc(0.9, Self.east), Self.arc(0.9, Self.north),
                    Self.arc(20, Self.north)]
        let maneuvers = Self.plan(nodes, arcs)
        #expect(Self.kinds(maneuvers) == ["depart", "turn right", "turn left", "arrive"])
        #expect(maneuvers.map(\.routeIndex) == [0, 1, 3, 5])
    }

    @Test func aForkNamesTheSideToKeep() {
        let maneuvers = Self.plan([Self.node(0), Self.node(1, exits: [UInt8(256 - 14)]), Self.node(2)],
                                  [Self.arc(20, Self.north), Self.arc(20, 14)])
        #expect(Self.kinds(maneuvers) == ["depart", "fork slight right", "arrive"])
        // Without a way as close on the other side, the slight bend is obvious.
        let obvious = Self.plan([Self.node(0), Self.node(1, exits: [Self.west]), Self.node(2)],
                                [Self.arc(20, Self.north), Self.arc(20, 14)])
        #expect(Self.kinds(obvious) == ["depart", "arrive"])
    }

    /// A maneuver's bearings are those at the point it is announced at, not its group's or run's
    /// ends: what the walker faces there, which its landmark's side is told against.
    @Test func aManeuverFacesTheWayAtItsOwnPoint() {
        // A jog to 10 at node 1, with no other way, then to 20 at node 2 1.5 m on, where a way
        // leaves at 240: one group of 20 (a fork), announced at node 2, the first with a choice.
        let fork = Self.plan([Self.node(0), Self.node(1), Self.node(2, exits: [240]), Self.node(3)],
                             [Self.arc(10, Self.north), Self.arc(1.5, 10), Self.arc(10, 20)])
        #expect(Self.kinds(fork) == ["depart", "fork slight right", "arrive"])
        #expect(fork[1].routeIndex == 2 && fork[1].bearingBefore == 10 && fork[1].bearingAfter == 20)
        // 15°, 30° and 35° over 3.9 m: one turn, announced at the corner whose look changes
        // most (the middle one, 12 m along), facing the way into that corner and out of it
        // rather than the run's first way in (north) and last way out (57).
        let bend = Self.plan([Self.node(0), Self.node(1)],
                             [Self.arc(30, Self.north, corners: [(1000, 11), (1200, 32), (1390, 57)])])
        #expect(Self.kinds(bend) == ["depart", "turn right", "arrive"])
        #expect(bend[1].corner == 1 && bend[1].bearingBefore == 11 && bend[1].bearingAfter == 32)
    }

    @Test func straightOnWhereAnotherWayGoesAlmostAsStraightIsContinue() {
        let maneuvers = Self.plan([Self.node(0), Self.node(1, exits: [6]), Self.node(2)],
                                  [Self.arc(20, Self.north), Self.arc(20, 250)])
        #expect(Self.kinds(maneuvers) == ["depart", "continue straight", "arrive"])
    }

    @Test func aNewNameIsContinue() {
        let maneuvers = Self.plan([Self.node(0), Self.node(1), Self.node(2)],
                                  [Self.arc(20, Self.north, label: "Bergheimer Straße"),
                                   Self.arc(20, Self.north, label: "Hauptstraße")])
        #expect(Self.kinds(maneuvers) == ["depart", "continue straight", "arrive"])
        #expect(maneuvers[1].way == "Hauptstraße")
    }

    @Test func aDoorBetweenTwoSpacesIsAManeuver() {
        let maneuvers = Self.plan([Self.node(0), Self.node(1, kind: .door, indoors: true), Self.node(2)],
                                  [Self.arc(10, Self.north, kind: .walk, label: "Corridor A"),
                                   Self.arc(10, Self.north, kind: .walk, label: "Room 2.14")])
        #expect(Self.kinds(maneuvers) == ["depart", "door straight", "arrive"])
    }

    @Test func anyDoorOfAGroupBetweenTwoSpacesIsSaid() {
        // Two doors 2 m apart: the first joins two parts of one corridor, the second leads into
        // the room; the group's second door is the one that changes space.
        let maneuvers = Self.plan([Self.node(0, indoors: true), Self.node(1, kind: .door, indoors: true),
                                   Self.node(2, kind: .door, indoors: true), Self.node(3, indoors: true)],
                                  [Self.arc(10, Self.north, kind: .walk, label: "Corridor A"),
                                   Self.arc(2, Self.north, kind: .walk, label: "Corridor A"),
                                   Self.arc(10, Self.north, kind: .walk, label: "Room 2.14")])
        #expect(Self.kinds(maneuvers) == ["depart", "door straight", "arrive"])
    }

    @Test func aLiftRideStatesBothLevelsAndTakesInTheBendBeforeIt() {
        let nodes = [Self.node(0, indoors: true), Self.node(1, indoors: true), Self.node(2, indoors: true),
                     Self.node(3, level: 2, indoors: true), Self.node(4, level: 2, indoors: true)]
        let arcs = [Self.arc(15, Self.north, kind: .walk, label: "Hall", corners: [(1400, Self.east)]),
                    Self.arc(2, Self.east, kind: .walk, label: "Lift A shaft"),
                    Self.arc(0, Self.north, kind: .elevator, label: "Lift A", rise: 200),
                    Self.arc(10, Self.west, kind: .walk, label: "Corridor 2")]
        let maneuvers = Self.plan(nodes, arcs)
        #expect(Self.kinds(maneuvers) == ["depart", "elevator", "arrive"])
        let ride = maneuvers[1]
        #expect(ride.levelChange == Maneuver.LevelChange(fromLevel: 0, toLevel: 2, direction: 1, stepCount: nil, riseHundredths: 200))
        #expect(ride.way == "Lift A")
        #expect(ride.alongCentimetres == 1700 && ride.routeIndex == 2)
    }

    @Test func flightsAreOneManeuverWithTheirStepsCounted() {
        var first = Self.arc(4, Self.north, kind: .stairs, rise: -50)
        first.stepCount = 9
        var second = Self.arc(4, Self.south, kind: .stairs, rise: -50)
        second.stepCount = 8
        let nodes = [Self.node(0, level: 1, indoors: true), Self.node(1, level: 1, indoors: true),
                     Self.node(2, level: 1, indoors: true), Self.node(3, level: 0, indoors: true),
                     Self.node(4, level: 0, indoors: true)]
        let maneuvers = Self.plan(nodes, [Self.arc(10, Self.north, kind: .walk), first, second, Self.arc(10, Self.south, kind: .walk)])
        #expect(Self.kinds(maneuvers) == ["depart", "stairs", "arrive"])
        #expect(maneuvers[1].levelChange == Maneuver.LevelChange(fromLevel: 1, toLevel: 0, direction: -1, stepCount: 17,
                                                                 riseHundredths: -100))
    }

    @Test func thresholdsSayEnterOrExit() {
        let nodes = [Self.node(0), Self.node(1), Self.node(2, indoors: true), Self.node(3, indoors: true),
                     Self.node(4), Self.node(5)]
        let arcs = [Self.arc(20, Self.north), Self.arc(1, Self.north, kind: .entrance), Self.arc(20, Self.north, kind: .walk),
                    Self.arc(1, Self.north, kind: .entrance), Self.arc(20, Self.north)]
        #expect(Self.kinds(Self.plan(nodes, arcs)) == ["depart", "enter", "exit", "arrive"])
    }

    @Test func distancesAndTimesAddUpToTheRoute() {
        let nodes = (0..<6).map { Self.node($0, exits: [Self.south &+ 20]) }
        let arcs = [Self.arc(12.34, Self.north, corners: [(500, 40), (900, Self.north)]), Self.arc(7.5, Self.east),
                    Self.arc(0.4, Self.north), Self.arc(33.3, Self.north, corners: [(1111, 200)]), Self.arc(3, Self.west)]
        let maneuvers = Self.plan(nodes, arcs)
        #expect(maneuvers.first?.kind == .depart && maneuvers.last?.kind == .arrive)
        #expect(maneuvers.reduce(0) { $0 + $1.distanceCentimetres } == arcs.reduce(0) { $0 + UInt64($1.length) })
        #expect(maneuvers.reduce(0) { $0 + $1.durationMilliseconds } == arcs.reduce(0) { $0 + $1.cost })
        #expect(zip(maneuvers, maneuvers.dropFirst()).allSatisfy { $0.alongCentimetres + $0.distanceCentimetres == $1.alongCentimetres })
    }

    @Test func aRouteWithoutArcsHasNoManeuvers() {
        #expect(Self.plan([Self.node(0)], []).isEmpty)
    }
}
