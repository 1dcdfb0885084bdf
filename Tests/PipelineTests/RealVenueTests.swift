import Foundation
import NavBundle
import Testing
@testable import Pipeline

enum SharedVenues {
    static let folder = DemoWorkspace.repository.deletingLastPathComponent().appendingPathComponent("shared/data")
    static var present: Bool { FileManager.default.fileExists(atPath: folder.path) }
}

/// The real venues in ../shared/data, built end to end with the repository's pipeline files.
@Suite(.enabled(if: SharedVenues.present, "../shared/data is absent: the real-venue builds are skipped"))
struct RealVenueTests {
    func build(_ name: String) throws -> (BuildSummary, VenueBundle) {
        let definition = try PipelineFileParser.parse(contentsOf: DemoWorkspace.repository.appendingPathComponent("pipelines/\(name).yml"))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("navforge-real-\(UUID().uuidString)")
        let runner = PipelineRunner(definition: definition, options: BuildOptions(buildRoot: root))
        let summary = runner.run()
        let bundle = try VenueBundle(path: runner.layout.bundle(venueID: definition.venueID,
                                                                version: definition.version.description).path)
        return (summary, bundle)
    }

    func route(_ bundle: VenueBundle, _ from: String, _ to: String, profile: String = "foot") throws -> (Route, [RouteStep]) {
        let start = try bundle.resolvePlace(from)
        let end = try bundle.resolvePlace(to)
        let startNode = try #require(start.place.node)
        let endNode = try #require(end.place.node)
        let found = try bundle.shortestPath(from: startNode, to: endNode, profile: bundle.profileIndex(named: profile))
        let route = try #require(found)
        return (route, try bundle.steps(of: route))
    }

    @Test func tuDresdenBuildsAndRoutesBetweenLevels() throws {
        let (summary, bundle) = try build("tu-dresden-apb")
        #expect(summary.status == .succeeded, "\(summary.errors)")
        let (_, steps) = try route(bundle, "E100", "3078")
        #expect(steps.contains { $0.changesLevel })
        let (_, wheelchair) = try route(bundle, "E100", "3078", profile: "wheelchair")
        #expect(!wheelchair.contains { $0.action == .stairs })
    }

    @Test func spbstuBuildsAndRoutesBetweenClassroomsOnDifferentLevels() throws {
        let (summary, bundle) = try build("spbstu-campus")
        #expect(summary.status == .succeeded, "\(summary.errors)")
        let (route, steps) = try route(bundle, "102", "501")
        let from = try bundle.level(try bundle.node(route.nodes[0]).level)
        let to = try bundle.level(try bundle.node(route.nodes[route.nodes.count - 1]).level)
        #expect(from.name == "1" && to.name == "5")
        #expect(steps.contains { $0.changesLevel && ($0.action == .stairs || $0.action == .elevator) })
    }
}
