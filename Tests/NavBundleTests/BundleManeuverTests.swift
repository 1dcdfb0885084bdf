import Foundation
import Testing
@testable import NavBundle
import NavFormat
import BundleWriting

/// Maneuvers read from a bundle: what `maneuvers(of:)` gathers from its sections and how it
/// refuses a route or a bundle it cannot describe.
@Suite struct BundleManeuverTests {
    @Test func aRouteUpTheStairsIsToldInManeuversThatAddUp() throws {
        let bundle = try BundleClimbTests.bundle()
        let foot = try bundle.profileIndex(named: "foot")
        let route = try #require(try bundle.shortestPath(from: 0, to: 5, profile: foot))
        let maneuvers = try bundle.maneuvers(of: route)
        #expect(maneuvers.first?.kind == .depart && maneuvers.last?.kind == .arrive)
        // Every node lies east of the one before: the walker sets off east (64).
        #expect(maneuvers.first?.bearingAfter == 64)
        let stairs = try #require(maneuvers.first { $0.kind == .stairs })
        #expect(stairs.levelChange == Maneuver.LevelChange(fromLevel: 0, toLevel: 1, direction: 1, stepCount: 18,
                                                            riseHundredths: 100))
        #expect(stairs.way == "Stairs")
        #expect(maneuvers.reduce(0) { $0 + $1.distanceCentimetres } == 3400)
        #expect(maneuvers.reduce(0) { $0 + $1.durationMilliseconds } == UInt64((route.duration * 1000).rounded()))
        #expect(maneuvers.filter { $0.levelChange != nil }.count == 1)
    }

    @Test func aRouteWithoutArcsHasNoManeuvers() throws {
        let bundle = try BundleClimbTests.bundle()
        let here = Route(profile: "foot", nodes: [3], arcs: [], length: 0, duration: 0)
        #expect(try bundle.maneuvers(of: here).isEmpty)
    }

    @Test func arcsThatDoNotJoinTheRouteAreRefused() throws {
        let bundle = try BundleClimbTests.bundle()
        let foot = try bundle.profileIndex(named: "foot")
        var route = try #require(try bundle.shortestPath(from: 0, to: 5, profile: foot))
        route.arcs.swapAt(0, route.arcs.count - 1)
        #expect(throws: BundleError.disjointRoute(position: 0)) { try bundle.maneuvers(of: route) }
        var short = try #require(try bundle.shortestPath(from: 0, to: 5, profile: foot))
        short.nodes.removeLast()
        #expect(throws: BundleError.disjointRoute(position: short.nodes.count)) { try bundle.maneuvers(of: short) }
    }

    @Test func aBundleWithoutBearingsSaysWhatItLacks() throws {
        var image = BundleImage(try BundleWriter.image(of: BundleClimbTests.contents()))
        let entry = try #require(image.entry("GARC"))
        image.data[64 + 32 * entry.index] = UInt8(ascii: "X")
        let bundle = try image.open(verify: false)
        let route = try #require(try bundle.shortestPath(from: 0, to: 5, profile: bundle.profileIndex(named: "foot")))
        #expect(throws: BundleError.file(.missingSection("GARC"))) { try bundle.maneuvers(of: route) }
    }
}
