import Foundation
import NavBundle
import Testing
@testable import Pipeline

/// Route steps on walkway-network fixtures built into bundles: each step names what is walked
/// and every change of level its means, direction, levels and, where counted, its steps; the
/// route GeoJSON carries the same words.
@Suite struct WalkwayRouteTextTests {
    static func bundle(_ fixture: String) throws -> VenueBundle {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("navforge-walkway-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // The bundle maps its file, so the folder can go once it is open.
        defer { try? FileManager.default.removeItem(at: root) }
        let pipeline = root.appendingPathComponent("fixture.yml")
        try """
            venue:
              id: fixture
              name: Fixture
            version: 1.0.0
            inputs:
              - id: f
                path: \(WalkwayFixture.folder.appendingPathComponent(fixture).path)
            stages:
              import:
              validate:
                fail-on: never
              graph:
              contract:
              bundle:
            """.write(to: pipeline, atomically: true, encoding: .utf8)
        let runner = PipelineRunner(definition: try PipelineFileParser.parse(contentsOf: pipeline),
                                    options: BuildOptions(buildRoot: root.appendingPathComponent("build")))
        let summary = runner.run()
        #expect(summary.status == .succeeded, "\(summary.errors)")
        return try VenueBundle(path: runner.layout.bundle(venueID: "fixture", version: "1.0.0").path)
    }

    /// The quickest route between two endpoints.
    static func route(_ bundle: VenueBundle, from: String, to: String, profile: String = "foot") throws -> Route {
        let index = try bundle.profileIndex(named: profile)
        let start = try #require(try bundle.node(of: bundle.resolveEndpoint(from), profile: index))
        let end = try #require(try bundle.node(of: bundle.resolveEndpoint(to), profile: index))
        return try #require(try bundle.shortestPath(from: start, to: end, profile: index))
    }

    /// The instructions of the quickest route between two endpoints.
    static func instructions(_ bundle: VenueBundle, from: String, to: String, profile: String = "foot") throws -> [String] {
        let route = try route(bundle, from: from, to: to, profile: profile)
        return try bundle.steps(of: route).map { try bundle.instruction(for: $0) }
    }

    @Test func platformToPlatformThroughTheUnderpass() throws {
        let bundle = try Self.bundle("platform-underpass.osm")
        let steps = try Self.instructions(bundle, from: "Platform 1", to: "Platform 3")
        #expect(steps.contains("Take the stairs down, 20 steps, from level 0 to level -1"), "\(steps)")
        #expect(steps.contains("Walk along Underpass"), "\(steps)")
        #expect(steps.contains("Take the stairs up, 20 steps, from level -1 to level 0"), "\(steps)")
        #expect(steps.first == "Walk through Platform 1/2 (A)", "\(steps)")
        #expect(!steps.contains { $0.contains("the way") }, "no step without a name for what is walked")
        // "Gleis 3" is platform 3 too.
        #expect(try Self.instructions(bundle, from: "Platform 1", to: "Gleis 3") == steps)
    }

    @Test func liftsAndEscalatorsSayDirectionAndLevels() throws {
        let lift = try Self.bundle("lift-five-levels.osm")
        let levels = try (0..<lift.levelCount).map { try lift.level($0) }
        #expect(levels.contains { $0.ordinal == 2 })
        let down = try Self.instructions(lift, from: "49.0000081,8.0002055@2", to: "49.0000000,8.0002055@-2")
        #expect(down.contains("Take Lift A down from level 2 to level -2"), "\(down)")

        let escalators = try Self.bundle("escalator-pair.osm")
        let up = try Self.instructions(escalators, from: "49.0000000,8.0004110@-1", to: "49.0000000,8.0000000@0")
        #expect(up.contains("Take the escalator up from level -1 to level 0"), "\(up)")
    }

    @Test func flightsThroughAHalfLandingAreOneStep() throws {
        let bundle = try Self.bundle("half-landing.osm")
        let steps = try Self.instructions(bundle, from: "49.0000000,8.0000000@-1", to: "49.0000270,8.0004110@0")
        #expect(steps.filter { $0.hasPrefix("Take the stairs") } == ["Take the stairs up from level -1 to level 0"], "\(steps)")
    }

    @Test func shortWalksAtTheStartKeepTheirLength() throws {
        let bundle = try Self.bundle("short-links-at-start.osm")
        let route = try Self.route(bundle, from: "49.0000000,8.0000000@0", to: "49.0000000,8.0004110@outdoor")
        let steps = try bundle.steps(of: route)
        #expect(steps.count == 1 && steps.first?.label == "Long Walk", "\(steps)")
        #expect(steps.first?.startIndex == 0 && steps.last?.endIndex == route.arcs.count, "\(steps)")
        let length = steps.reduce(0) { $0 + $1.length }
        #expect(abs(length - route.length) < 1e-6, "the steps walk \(length) m of the route's \(route.length) m")
    }

    @Test func theRouteGeoJSONUsesTheSameWords() throws {
        let bundle = try Self.bundle("platform-underpass.osm")
        let route = try Self.route(bundle, from: "Platform 1", to: "Platform 3")
        let object = try JSONSerialization.jsonObject(with: bundle.geoJSON(for: route, from: "Platform 1", to: "Platform 3"))
        let features = try #require((object as? [String: Any])?["features"] as? [[String: Any]])
        let texts = features.compactMap { ($0["properties"] as? [String: Any])?["instruction"] as? String }
        #expect(texts == (try bundle.steps(of: route).map { try bundle.instruction(for: $0) }))
        let counts = features.compactMap { ($0["properties"] as? [String: Any])?["stepCount"] as? Int }
        #expect(counts == [20, 20])
    }
}
