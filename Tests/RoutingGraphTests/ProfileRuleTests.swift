@testable import RoutingGraph
import Testing
import VenueModel
import NavFormat

/// The rules of the step-free and night profiles, door penalties, emergency exits and overrides.
struct ProfileRuleTests {
    func arc(_ kind: ArcKind = .outdoorPath, length: Double = 13, _ adjust: (inout ArcAttributes) -> Void = { _ in })
        -> GraphArc {
        var facts = ArcAttributes()
        adjust(&facts)
        return GraphArc(tail: 0, head: 1, length: length, kind: kind, label: nil, attributes: facts)
    }

    @Test func nightMakesUnlitAndUnknownOutdoorWaysSlower() {
        let lit = arc { $0.lit = true }, dark = arc { $0.lit = false }, unknown = arc()
        let indoorDark = arc { $0.isIndoor = true; $0.lit = false }
        #expect(RoutingProfile.night.seconds(for: lit) == 10)
        #expect(RoutingProfile.night.seconds(for: dark) == 30)
        #expect(RoutingProfile.night.seconds(for: unknown) == 15)
        #expect(RoutingProfile.night.seconds(for: indoorDark) == 10, "indoor ways count as lit")
        #expect(RoutingProfile.foot.seconds(for: dark) == 10)
    }

    @Test func stepFreeClosesStepsButNotSlopesOrNarrowPassages() {
        let stepFree = RoutingProfile.stepFree
        #expect(stepFree.seconds(for: arc(.stairs)) == nil)
        #expect(stepFree.seconds(for: arc(.escalator)) == nil)
        #expect(stepFree.seconds(for: arc(.steps)) == nil)
        #expect(stepFree.seconds(for: arc { $0.stepCount = 2 }) == nil, "a path with a step count has steps")
        #expect(stepFree.seconds(for: arc { $0.wheelchair = .no }) == nil)
        #expect(stepFree.seconds(for: arc { $0.kerbHeight = 0.1 }) == nil)
        #expect(stepFree.seconds(for: arc { $0.incline = 12; $0.width = 0.6 }) != nil)
        #expect(RoutingProfile.wheelchair.seconds(for: arc { $0.incline = 12 }) == nil)
        #expect(RoutingProfile.foot.seconds(for: arc { $0.stepCount = 2 }) != nil)
    }

    @Test func manualDoorsCostAWheelchairTime() {
        let manual = arc(.walk, length: 10) { $0.isIndoor = true; $0.automaticDoor = false }
        let automatic = arc(.walk, length: 10) { $0.isIndoor = true; $0.automaticDoor = true }
        #expect(RoutingProfile.wheelchair.seconds(for: manual) == 20)
        #expect(RoutingProfile.wheelchair.seconds(for: automatic) == 10)
        #expect(RoutingProfile.foot.seconds(for: manual) == 10 / 1.3)
    }

    @Test func emergencyExitsOpenOnlyWhenLeaving() {
        let exit = arc(.entrance) { $0.access = .no; $0.emergencyExit = true }
        let closed = arc(.entrance) { $0.access = .no }
        #expect(RoutingProfile.foot.seconds(for: exit) == nil)
        #expect(RoutingProfile.foot.seconds(for: exit, leaving: true) != nil)
        #expect(RoutingProfile.foot.seconds(for: closed, leaving: true) == nil)
    }

    /// ``RoutingProfile/leavingMayOpen(_:)`` lets the egress tables judge only some arcs again:
    /// for every other arc, leaving must not change any profile's verdict.
    @Test func leavingChangesOnlyTheArcsItMayOpen() {
        // A linear congruential generator (Knuth's MMIX constants): the test needs spread, not quality.
        var state: UInt64 = 41
        func below(_ count: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % count
        }
        var opened = 0
        for _ in 0..<5_000 {
            let kind = ArcKind.allCases[below(ArcKind.allCases.count)]
            let candidate = arc(kind, length: Double(1 + below(40))) { facts in
                facts.access = [nil, .yes, .no, .private, .employees][below(5)]
                facts.emergencyExit = below(2) == 0
                facts.wheelchair = [nil, .yes, .no, .limited][below(4)]
                facts.doorType = [nil, .hinged, .revolving, .sliding][below(4)]
                facts.width = [nil, 0.6, 0.9, 1.5][below(4)]
                facts.kerbHeight = [nil, 0.02, 0.1][below(3)]
                facts.incline = [nil, 0.02, 0.12][below(3)]
                facts.lit = [nil, true, false][below(3)]
                facts.isIndoor = below(2) == 0
            }
            for profile in RoutingProfile.builtIn {
                let staying = profile.verdict(for: candidate), leaving = profile.verdict(for: candidate, leaving: true)
                if RoutingProfile.leavingMayOpen(candidate) {
                    if staying != leaving { opened += 1 }
                } else {
                    #expect(staying == leaving, "\(profile.name), \(candidate.attributes)")
                }
            }
        }
        #expect(opened > 0, "some emergency exits open when leaving")
    }

    @Test func settingsAreCheckedAndApplied() throws {
        var profile = RoutingProfile.wheelchair
        try profile.set(.speed, to: 0.8)
        try profile.set(.liftWait, to: 45)
        try profile.set(.steps, to: true)
        #expect(profile.speed == 0.8 && profile.liftWait == 45 && profile.allowsSteps)
        #expect(throws: RoutingGraphError.invalidSetting(.speed, reason: "must be between 0 and 10 m/s")) { try profile.set(.speed, to: 0) }
        #expect(throws: RoutingGraphError.invalidSetting(.unlitFactor, reason: "must be at least 1")) { try profile.set(.unlitFactor, to: 0.5) }
        #expect(throws: RoutingGraphError.invalidSetting(.steps, reason: "takes true or false")) { try profile.set(.steps, to: 1) }
        #expect(throws: RoutingGraphError.invalidSetting(.speed, reason: "takes a number")) { try profile.set(.speed, to: true) }
    }
}

/// Reachability findings, egress tables and entrances inferred for buildings that tag none.
struct ConnectivityTests {
    @Test func unreachableRoomsAreReportedWithTheProfilesThatCannotReachThem() throws {
        let venue = SmallVenue.venue(roomDoor: false)
        let graph = GraphBuilder(venue: venue, parameters: GraphParameters()).build().graph
        let reachability = Reachability(venue: venue, compiled: CompiledGraph(graph: graph, profiles: RoutingProfile.builtIn))
        let messages = reachability.issues.filter { $0.code == .placeUnreachable }.map(\.message)
        #expect(messages.contains("room H.0.1 is not reachable from any entrance"))
        #expect(messages.contains("room H.1.1 is not reachable from any entrance"))
        #expect(reachability.figures.map(\.reachableRooms) == [0, 0, 0, 0])
        #expect(reachability.figures.first?.roomPhrase == "0/2 rooms (0.0 %)")

        // Stairs tagged wheelchair=no and no lift: upstairs is out of reach on wheels only.
        var stairsOnly = SmallVenue.venue(stairsWheelchair: .no)
        stairsOnly.connectors.removeAll { $0.kind == .elevator }
        let upstairs = GraphBuilder(venue: stairsOnly, parameters: GraphParameters()).build().graph
        let found = Reachability(venue: stairsOnly, compiled: CompiledGraph(graph: upstairs, profiles: RoutingProfile.builtIn))
        #expect(found.issues.map(\.message).contains("room H.1.1 is not reachable in a wheelchair or step-free from any entrance"))
        #expect(found.figures.map(\.reachableRooms) == [2, 1, 1, 2])
    }

    @Test func wheelchairRoomsReachedOnlyByStairsAreContradictions() throws {
        // The upper room says wheelchair=yes, but only stairs lead up.
        var venue = SmallVenue.venue(stairsWheelchair: .no)
        venue.connectors.removeAll { $0.kind == .elevator }
        venue.spaces[3].accessibility.wheelchair = .yes
        venue.spaces[3].source = VenueModel.SourceLocation(file: "house.geojson", line: 14, feature: "room1")
        let graph = GraphBuilder(venue: venue, parameters: GraphParameters()).build().graph
        let found = Reachability(venue: venue, compiled: CompiledGraph(graph: graph, profiles: RoutingProfile.builtIn))
        let upper = found.issues.filter { $0.location?.feature == "room1" }
        #expect(upper.map(\.code) == [.wheelchairRoomNotStepFree], "instead of place-unreachable, not beside it")
        #expect(upper.first?.levelID == "H@1" && upper.first?.location?.line == 14)
        #expect(upper.first?.message.hasPrefix("room H.1.1 is tagged wheelchair=yes, but a wheelchair cannot reach it") == true)
        let node = try #require(graph.placeNodes[.space("room1")])
        #expect(upper.first?.coordinate == graph.nodes[node].coordinate)

        // Untagged, it is an ordinary place a wheelchair cannot reach; with the lift back, nothing.
        venue.spaces[3].accessibility.wheelchair = nil
        let plain = Reachability(venue: venue, compiled: CompiledGraph(graph: graph, profiles: RoutingProfile.builtIn))
        #expect(plain.issues.filter { $0.location?.feature == "room1" }.map(\.code) == [.placeUnreachable])
        var withLift = SmallVenue.venue(stairsWheelchair: .no)
        withLift.spaces[3].accessibility.wheelchair = .yes
        let lifted = GraphBuilder(venue: withLift, parameters: GraphParameters()).build().graph
        #expect(Reachability(venue: withLift, compiled: CompiledGraph(graph: lifted, profiles: RoutingProfile.builtIn))
            .issues.filter { $0.code == .wheelchairRoomNotStepFree }.isEmpty)
    }

    @Test func roomsAreAlsoCountedFromTheMainEntranceAlone() throws {
        var venue = SmallVenue.venue()
        let plain = Reachability(venue: venue, compiled: CompiledGraph(
            graph: GraphBuilder(venue: venue, parameters: GraphParameters()).build().graph, profiles: [.foot]))
        #expect(plain.figures.first?.mainEntrancePhrase == nil, "no entrance is marked main")

        // A main entrance upstairs and no stairs or lift: from it only the upper room, while the
        // front door still reaches the lower one.
        let source = VenueModel.SourceLocation(file: "house.geojson")
        venue.openings.append(Opening(id: "balcony", levelIDs: ["H@1"], location: SmallVenue.at(10, 6), isEntrance: true,
                                      source: source))
        venue.openings[venue.openings.count - 1].isMainEntrance = true
        venue.connectors.removeAll()
        // The garden path passes 11 m from the balcony; keep the balcony off it.
        var parameters = GraphParameters()
        parameters.entranceSnapDistance = 5
        let graph = GraphBuilder(venue: venue, parameters: parameters).build().graph
        let figures = try #require(Reachability(venue: venue, compiled: CompiledGraph(graph: graph, profiles: [.foot])).figures.first)
        #expect(figures.reachableRooms == 2 && figures.roomsFromMainEntrance == 1)
        #expect(figures.mainEntrancePhrase == "1/2 rooms (50.0 %)")
    }

    @Test func aVenueWithoutEntrancesSaysSoOnce() {
        var venue = SmallVenue.venue()
        venue.openings.removeAll { $0.isEntrance }
        let graph = GraphBuilder(venue: venue, parameters: GraphParameters()).build().graph
        let reachability = Reachability(venue: venue, compiled: CompiledGraph(graph: graph, profiles: [.foot]))
        #expect(reachability.issues.map(\.code) == [.noEntrance])
    }

    @Test func egressLeadsFromEveryNodeToItsExit() throws {
        let graph = GraphBuilder(venue: SmallVenue.venue(), parameters: GraphParameters()).build().graph
        let compiled = CompiledGraph(graph: graph, profiles: [.foot, .wheelchair])
        let exit = try #require(graph.nodes.indices.first { graph.nodes[$0].kind == .entrance })
        let upstairs = try #require(graph.placeNodes[.space("room1")])
        for (profile, table) in zip(compiled.profiles, compiled.egress) {
            #expect(table.exit[upstairs] == UInt32(exit))
            // Following the first arcs reaches the exit, and their costs add up to the table's.
            var node = upstairs, total: UInt32 = 0
            while table.firstArc[node] != BundleFormat.none {
                let arc = Int(table.firstArc[node])
                #expect(graph.arcs[arc].tail == node)
                total += profile.costs[arc]
                node = graph.arcs[arc].head
            }
            #expect(node == exit && total == table.cost[upstairs])
        }
        // On wheels the way down is the lift, which waits: it takes longer than the stairs.
        #expect(compiled.egress[1].cost[upstairs] > compiled.egress[0].cost[upstairs])
    }

    @Test func groundFloorDoorsOnTheFootprintBecomeEntrancesWhenNoneIsTagged() throws {
        var venue = SmallVenue.venue()
        venue.openings = venue.openings.map { opening in
            var untagged = opening
            untagged.isEntrance = false
            return untagged
        }
        guard case .polygon(let outline) = SmallVenue.rectangle(0, 0, 20, 9) else { return }
        venue.buildings[0].footprint = outline
        let (graph, issues) = GraphBuilder(venue: venue, parameters: GraphParameters()).build()
        let entrances = graph.nodes.filter { $0.kind == .entrance }
        // The front door on the west wall; the room door between two spaces is not one.
        #expect(entrances.count == 1 && entrances.first?.label == "Front door")
        #expect(issues.filter { $0.code == .entranceInferred }.map(\.message)
            == ["building House tags no entrance; 1 ground-floor doors on its footprint are taken as entrances"])
    }
}

/// Graphs nothing can be routed on fail validation instead of reporting "0/0 rooms (100.0 %)".
struct UnroutableGraphTests {
    @Test func anEmptyGraphIsAnError() {
        var venue = Venue(id: "v", name: "V")
        venue.levels = [.outdoor()]
        venue.pointsOfInterest = [PointOfInterest(id: "p", name: "Kiosk", category: "kiosk", location: SmallVenue.at(0, 0),
                                                  buildingID: nil, levelID: Level.outdoorID, source: SourceLocation(file: "f"))]
        let graph = GraphBuilder(venue: venue, parameters: GraphParameters()).build().graph
        let reachability = Reachability(venue: venue, compiled: CompiledGraph(graph: graph, profiles: RoutingProfile.builtIn))
        #expect(reachability.issues.map(\.code) == [.emptyGraph])
        #expect(reachability.issues.first?.severity == .error)
    }

    @Test func placesThatEachStandAloneAreAnError() {
        // Two rooms, each behind its own door to nowhere: arcs inside each, nothing between them.
        var venue = SmallVenue.venue()
        venue.spaces.removeAll { $0.kind != .room }
        venue.connectors.removeAll()
        venue.paths.removeAll()
        venue.pointsOfInterest.removeAll()
        venue.openings = [Opening(id: "door", levelIDs: ["H@0", "H@1"], location: SmallVenue.at(5, 3), isEntrance: false,
                                  source: SourceLocation(file: "house.geojson"))]
        let graph = GraphBuilder(venue: venue, parameters: GraphParameters()).build().graph
        let reachability = Reachability(venue: venue, compiled: CompiledGraph(graph: graph, profiles: RoutingProfile.builtIn))
        #expect(reachability.issues.map(\.code) == [.noPlaceReachable], "\(reachability.issues)")
        // With the venue's doors, the same rooms share the graph: no such error.
        let doors = SmallVenue.venue()
        let joined = Reachability(venue: doors, compiled: CompiledGraph(
            graph: GraphBuilder(venue: doors, parameters: GraphParameters()).build().graph, profiles: RoutingProfile.builtIn))
        #expect(!joined.issues.contains { $0.code == .noPlaceReachable || $0.code == .emptyGraph })
    }
}

/// Steps the data does not count (docs/profiles.md#steps-and-stairs).
@Suite struct StepEstimateTests {
    @Test func aSlopeGivesTheRiseOverFifteenCentimetreRisers() {
        #expect(StepEstimate.steps(length: 50, incline: 10) == 33)
        #expect(StepEstimate.steps(length: 50, incline: -10) == 33, "the direction does not change the count")
    }

    @Test func withoutOneTheLengthGivesAFlightThenLandings() {
        #expect(StepEstimate.steps(length: 4, incline: nil) == 12)
        #expect(StepEstimate.steps(length: 5, incline: nil) == 15)
        #expect(StepEstimate.steps(length: 763, incline: nil) == 1152)
        #expect(StepEstimate.steps(length: 0.1, incline: nil) == 1, "a stretch of steps has at least one")
    }
}
