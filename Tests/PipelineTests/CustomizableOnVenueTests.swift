import Contraction
import Foundation
import TemporaryFolders
import NavBundle
import Testing
@testable import Pipeline
import NavFormat

/// `contract: {method: cch}` on real venues: the bundle is format 2.0 with one `CCHT` and no
/// `CHxx`, and every profile's route durations equal those of `method: ch` and of Dijkstra.
@Suite struct CustomizableOnVenueTests {
    /// Builds `name` with the contract stage's method set to `method`; returns the bundle.
    static func build(_ name: String, method: ContractStageParameters.Method, in folder: URL) throws -> VenueBundle {
        var definition = try PipelineFileParser.parse(contentsOf: DemoWorkspace.repository.appendingPathComponent("pipelines/\(name).yml"))
        let index = try #require(definition.stages.firstIndex { $0.kind == .contract }, "\(name) has a contract stage")
        var parameters = ContractStageParameters()
        parameters.method = method
        definition.stages[index].parameters = .contract(parameters)
        let runner = PipelineRunner(definition: definition, options: BuildOptions(buildRoot: folder))
        let summary = runner.run()
        #expect(summary.status == .succeeded, "\(summary.errors)")
        return try VenueBundle(path: runner.layout.bundle(venueID: definition.venueID, version: definition.version.description).path)
    }

    static func compare(_ name: String, pairsPerProfile: Int) throws {
        let folder = try TemporaryFolder("navforge-cch")
        let customizable = try build(name, method: .cch, in: folder.appendingPathComponent("cch"))
        let classic = try build(name, method: .ch, in: folder.appendingPathComponent("ch"))
        #expect(customizable.file.major == 2 && customizable.metadata.format == "2.0")
        #expect(classic.file.major == 1 && classic.metadata.format == "1.2")
        #expect(customizable.hasCustomizableHierarchy && !customizable.hasHierarchies)
        #expect(!classic.hasCustomizableHierarchy && classic.hasHierarchies)
        var random = SplitMix(seed: 23)
        for profile in customizable.profileNames.indices {
            let fast = try BundleRouter(bundle: customizable, profile: profile)
            let reference = try BundleRouter(bundle: classic, profile: profile)
            var differing: [String] = [], reached = 0
            for _ in 0..<pairsPerProfile {
                let source = random.below(customizable.nodeCount), target = random.below(customizable.nodeCount)
                let route = try fast.route(from: source, to: target)
                let expected = try reference.route(from: source, to: target)
                let dijkstra = try customizable.shortestPathByDijkstra(from: source, to: target, profile: profile)
                if route != nil { reached += 1 }
                if route?.duration != expected?.duration || route?.duration != dijkstra?.duration {
                    differing.append("\(source)->\(target)")
                }
            }
            #expect(differing.isEmpty, "\(name) \(customizable.profileNames[profile]): \(differing.prefix(5))")
            #expect(reached > pairsPerProfile / 2, "most pairs have a route")
        }
    }

    @Test func demoCampusRoutesEqualTheClassicHierarchies() throws {
        try Self.compare("demo-campus", pairsPerProfile: 300)
    }

    @Test(.enabled(if: SharedVenues.present, "../shared/data is absent: TU Dresden's customisable hierarchy is not checked"))
    func tuDresdenRoutesEqualTheClassicHierarchies() throws {
        try Self.compare("tu-dresden-apb", pairsPerProfile: 100)
    }

    @Test(.enabled(if: SharedVenues.present, "../shared/data is absent: Heidelberg Hbf's customisable hierarchy is not checked"))
    func heidelbergStationRoutesEqualTheClassicHierarchies() throws {
        try Self.compare("heidelberg-hbf", pairsPerProfile: 60)
    }
}
