import Contraction
import NavBundle
import Testing

/// Routes through via points (docs/endpoints.md, "Via points") on the demo campus: the legs'
/// routes joined, under conditions too, and a round trip back to its start.
@Suite struct ViaPointTests {
    /// Whether `route` is exactly `legs` joined: nodes, arcs, lengths and durations in whole
    /// centimetres and milliseconds, and each leg where it starts and ends.
    static func expectJoined(_ route: Route, _ legs: [Route], _ label: String) {
        var nodes = [legs[0].nodes[0]], arcs = [Int](), centimetres = 0, milliseconds = 0
        for (index, leg) in legs.enumerated() {
            let part = route.stretches[index]
            #expect(part.firstNode == nodes.count - 1 && part.lastNode == part.firstNode + leg.arcs.count, "\(label): leg \(index) bounds")
            #expect(part.duration == leg.duration && part.length == leg.length, "\(label): leg \(index) sums")
            #expect(route.leg(index) == leg, "\(label): leg \(index) as a route of its own")
            nodes += leg.nodes.dropFirst()
            arcs += leg.arcs
            centimetres += Int((leg.length * 100).rounded())
            milliseconds += Int((leg.duration * 1000).rounded())
        }
        #expect(route.nodes == nodes && route.arcs == arcs, "\(label): not the legs' nodes and arcs")
        #expect(route.length == Double(centimetres) / 100 && route.duration == Double(milliseconds) / 1000, "\(label): sums")
        #expect(route.stretches.count == legs.count)
    }

    @Test func aRouteThroughStopsIsItsLegsJoined() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        var random = SplitMix(seed: 31)
        var joined = 0, unreachable = 0
        for profile in bundle.profileNames.indices {
            let router = try BundleRouter(bundle: bundle, profile: profile)
            for round in 0..<60 {
                var stops = (0..<3).map { _ in random.below(bundle.nodeCount) }
                if round % 4 == 0 { stops[1] = stops[0] } // a via on the start: an empty leg
                if round % 2 == 1 { stops.append(stops[0]) } // a round trip
                var legs = [Route]()
                for (source, target) in zip(stops, stops.dropFirst()) {
                    if let leg = try bundle.shortestPath(from: source, to: target, profile: profile) { legs.append(leg) }
                }
                let route = try bundle.shortestPath(through: stops, profile: profile)
                #expect(try router.route(through: stops) == route)
                guard legs.count == stops.count - 1 else {
                    #expect(route == nil, "profile \(profile) round \(round): an unreachable leg was routed")
                    unreachable += 1
                    continue
                }
                let found = try #require(route, "profile \(profile) round \(round): every leg reaches, the whole does not")
                Self.expectJoined(found, legs, "profile \(profile) round \(round)")
                if stops.count == 4 { #expect(found.nodes.first == found.nodes.last, "a round trip comes back") }
                // Each leg's maneuvers are those of the leg routed alone.
                for index in legs.indices {
                    #expect(try bundle.maneuvers(of: found.leg(index)) == bundle.maneuvers(of: legs[index]))
                }
                joined += 1
            }
        }
        #expect(joined > 100, "\(joined) routes through stops compared, \(unreachable) unreachable")
    }

    @Test func underConditionsEachLegAvoidsWhatTheyClose() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        var random = SplitMix(seed: 37)
        // Close the arcs the first route through its stops takes after its first via.
        let stops = try (0..<200).lazy.map { _ in (0..<3).map { _ in random.below(bundle.nodeCount) } }
            .first { try bundle.shortestPath(through: $0, profile: 0).map { $0.stretches[1].lastNode > $0.stretches[1].firstNode } ?? false }
        let through = try #require(stops)
        let everyday = try #require(try bundle.shortestPath(through: through, profile: 0))
        let closed = Array(everyday.arcs[everyday.stretches[1].firstNode..<everyday.stretches[1].lastNode])
        let router = try BundleRouter(bundle: bundle, profile: 0, conditions: ArcConditions(closed: closed))
        let legs = try zip(through, through.dropFirst()).map { try router.route(from: $0, to: $1) }
        let route = try router.route(through: through)
        if legs.allSatisfy({ $0 != nil }) {
            let found = try #require(route)
            Self.expectJoined(found, legs.compactMap { $0 }, "conditions")
            #expect(Set(found.arcs).isDisjoint(with: closed), "a closed arc is used")
        } else {
            #expect(route == nil)
        }
    }

    @Test func fewerThanTwoStopsAreRefused() async throws {
        let bundle = try await RealVenues.shared.build("demo-campus").bundle
        #expect(throws: BundleError.tooFewStops(1)) { try bundle.shortestPath(through: [3], profile: 0) }
        #expect(throws: BundleError.tooFewStops(0)) { try BundleRouter(bundle: bundle, profile: 0).route(through: []) }
        #expect(throws: BundleError.nodeOutOfRange(bundle.nodeCount, nodeCount: bundle.nodeCount)) {
            try bundle.shortestPath(through: [0, bundle.nodeCount], profile: 0)
        }
    }
}
