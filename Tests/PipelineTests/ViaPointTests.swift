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
        var detoured = 0, cut = 0
        // Close the arcs each everyday route through its stops takes after its first via.
        for _ in 0..<200 where detoured < 20 {
            let through = (0..<3).map { _ in random.below(bundle.nodeCount) }
            guard let everyday = try bundle.shortestPath(through: through, profile: 0),
                  everyday.stretches[1].lastNode > everyday.stretches[1].firstNode else { continue }
            let closed = Array(everyday.arcs[everyday.stretches[1].firstNode..<everyday.stretches[1].lastNode])
            let router = try BundleRouter(bundle: bundle, profile: 0, conditions: ArcConditions(closed: closed))
            let legs = try zip(through, through.dropFirst()).map { try router.route(from: $0, to: $1) }
            let route = try router.route(through: through)
            guard legs.allSatisfy({ $0 != nil }) else {
                #expect(route == nil, "a leg the conditions cut off was routed")
                cut += 1
                continue
            }
            let found = try #require(route, "every leg reaches under the conditions, the whole does not")
            Self.expectJoined(found, legs.compactMap { $0 }, "conditions")
            #expect(Set(found.arcs).isDisjoint(with: closed), "a closed arc is used")
            detoured += 1
        }
        #expect(detoured == 20, "\(detoured) routes through stops detoured around closures, \(cut) cut off")
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
