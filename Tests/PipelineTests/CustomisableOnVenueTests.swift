import Contraction
import Foundation
import TemporaryFolders
import NavBundle
import Testing
@testable import Pipeline

/// `contract: {method: cch}` on real venues: the bundle is format 2.2 with one `CCHT` and no
/// `CHxx`, and every profile's route durations equal those of `method: ch` and of Dijkstra.
@Suite struct CustomisableOnVenueTests {
    /// Builds `name` with the contract stage's method set to `method`; returns the bundle.
    static func build(_ name: String, method: ContractStageParameters.Method, in folder: URL) throws -> VenueBundle {
        let definition = try PipelineFileParser.parse(contentsOf: DemoWorkspace.repository.appendingPathComponent("pipelines/\(name).yml"))
        return try build(definition, method: method, in: folder)
    }

    static func build(_ pipeline: PipelineDefinition, method: ContractStageParameters.Method, in folder: URL) throws -> VenueBundle {
        var definition = pipeline
        let index = try #require(definition.stages.firstIndex { $0.kind == .contract }, "\(definition.venueID) has a contract stage")
        var parameters = ContractStageParameters()
        parameters.method = method
        definition.stages[index].parameters = .contract(parameters)
        let runner = PipelineRunner(definition: definition, options: BuildOptions(buildRoot: folder))
        let summary = runner.run()
        #expect(summary.status == .succeeded, "\(summary.errors)")
        return try VenueBundle(path: runner.layout.bundle(venueID: definition.venueID, version: definition.version.description).path)
    }

    /// Compares the routes of `pipelines/NAME.yml` built with each method, both builds shared
    /// with the other suites.
    static func compare(_ name: String, pairsPerProfile: Int) async throws {
        let customisable = try await RealVenues.shared.build(name, method: .cch)
        let classic = try await RealVenues.shared.build(name, method: .ch)
        // Both methods share one graph: whichever was built second found the first one's cached,
        // and in a real-venues folder left from an earlier run both find it cached.
        let graphStages = [customisable, classic].map { built in built.summary.stages.first { $0.stage == .graph }?.status }
        #expect(graphStages.allSatisfy { $0 == .cached || $0 == .ran } && graphStages.filter { $0 == .ran }.count <= 1,
                "\(name): graph stages \(graphStages)")
        try compare(name, customisable.bundle, classic.bundle, pairsPerProfile: pairsPerProfile)
    }

    /// Builds `definition` with each method and compares their routes.
    static func compare(_ definition: PipelineDefinition, pairsPerProfile: Int, minimumReached: Int? = nil) throws {
        let folder = try TemporaryFolder("navforge-cch")
        let customisable = try build(definition, method: .cch, in: folder.appendingPathComponent("cch"))
        let classic = try build(definition, method: .ch, in: folder.appendingPathComponent("ch"))
        try compare(definition.venueID, customisable, classic, pairsPerProfile: pairsPerProfile, minimumReached: minimumReached)
    }

    /// Compares routes of both methods and Dijkstra on random pairs, `pairsPerProfile` with a
    /// route per profile (at least `minimumReached` of them, drawing at most 40 times as many).
    static func compare(_ name: String, _ customisable: VenueBundle, _ classic: VenueBundle, pairsPerProfile: Int,
                        minimumReached: Int? = nil) throws {
        #expect(customisable.file.major == 2 && customisable.metadata.format == "2.5")
        #expect(classic.file.major == 1 && classic.metadata.format == "1.7")
        #expect(customisable.hasCustomisableHierarchy && !customisable.hasHierarchies)
        #expect(!classic.hasCustomisableHierarchy && classic.hasHierarchies)
        var random = SplitMix(seed: 23)
        // Dijkstra on one graph per profile: the bundle's own Dijkstra reads every arc again for
        // each pair, a city's 375,847 in an unoptimised build.
        let (tails, heads) = try HierarchyOnVenueTests.arcEnds(customisable)
        for profile in customisable.profileNames.indices {
            let fast = try BundleRouter(bundle: customisable, profile: profile)
            let reference = try BundleRouter(bundle: classic, profile: profile)
            var dijkstra = ReferenceDijkstra(graph: try HierarchyOnVenueTests.referenceGraph(customisable, profile: profile,
                                                                                             tails: tails, heads: heads))
            // Pairs are drawn until enough have a route: station extracts fall into many pieces,
            // and pairs without one would only compare three "no route" answers.
            var differing: [String] = [], reached = 0, drawn = 0
            while reached < pairsPerProfile && drawn < pairsPerProfile * 40 {
                drawn += 1
                let source = random.below(customisable.nodeCount), target = random.below(customisable.nodeCount)
                let route = try fast.route(from: source, to: target)
                let expected = try reference.route(from: source, to: target)
                let shortest = dijkstra.distance(from: source, to: target).map { Double($0) / 1000 }
                if route != nil { reached += 1 }
                if route?.duration != expected?.duration || route?.duration != shortest {
                    differing.append("\(source)->\(target)")
                }
            }
            #expect(differing.isEmpty, "\(name) \(customisable.profileNames[profile]): \(differing.prefix(5))")
            #expect(reached >= (minimumReached ?? pairsPerProfile / 2 + 1), "\(name) \(customisable.profileNames[profile]): \(reached) of \(drawn) pairs have a route")
        }
    }

    @Test func demoCampusRoutesEqualTheClassicHierarchies() async throws {
        try await Self.compare("demo-campus", pairsPerProfile: 300)
    }

    @Test(.enabled(if: SharedVenues.present, "../shared/data is absent: TU Dresden's customisable hierarchy is not checked"))
    func tuDresdenRoutesEqualTheClassicHierarchies() async throws {
        try await Self.compare("tu-dresden-apb", pairsPerProfile: 100)
    }

    @Test(.enabled(if: SharedVenues.present, "../shared/data is absent: Heidelberg Hbf's customisable hierarchy is not checked"))
    func heidelbergStationRoutesEqualTheClassicHierarchies() async throws {
        try await Self.compare("heidelberg-hbf", pairsPerProfile: 60)
    }

    @Test(.enabled(if: SharedVenues.present, "../shared/data is absent: the IMDF campus's customisable hierarchy is not checked"))
    func imdfCampusRoutesEqualTheClassicHierarchies() async throws {
        try await Self.compare("spbstu-campus", pairsPerProfile: 100)
    }

    @Test(.enabled(if: SharedVenues.present, "../shared/data is absent: the stations' customisable hierarchies are not checked"),
          arguments: StationPlatformTests.stations)
    func stationRoutesEqualTheClassicHierarchies(station: String) throws {
        let folder = try TemporaryFolder("navforge-cch-station")
        // A station's wheelchair graph is mostly lift landings apart from the concourse: few
        // random pairs have a route, so fewer are asked of it.
        try Self.compare(try StationPlatformTests.pipeline(station, in: folder.url, routing: true), pairsPerProfile: 60, minimumReached: 15)
    }

    @Test(.tags(.cityScale), .enabled(if: CityScale.enabled, CityScale.skipped),
          .enabled(if: SharedVenues.present, "../shared/data is absent: Heidelberg's customisable hierarchy is not checked"))
    func heidelbergRoutesEqualTheClassicHierarchies() async throws {
        try await Self.compare("heidelberg", pairsPerProfile: 15)
    }
}
