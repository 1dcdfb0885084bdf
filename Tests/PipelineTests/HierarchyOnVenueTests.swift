import Contraction
import Foundation
import TemporaryFolders
import NavBundle
import Testing
@testable import Pipeline
@testable import RoutingGraph
import NavFormat

/// The contract stage on real venues: for every profile, hierarchy distances and paths equal
/// Dijkstra's on the graph the bundle holds.
@Suite struct HierarchyOnVenueTests {
    /// Runs a pipeline through its bundle stage with classic hierarchies (`method: ch`), with
    /// `folder` as its build folder.
    static func build(_ name: String, in folder: TemporaryFolder) throws
        -> (layout: BuildLayout, definition: PipelineDefinition, summary: BuildSummary) {
        var definition = try PipelineFileParser.parse(contentsOf: DemoWorkspace.repository.appendingPathComponent("pipelines/\(name).yml"))
        for index in definition.stages.indices {
            guard case .contract(var parameters) = definition.stages[index].parameters else { continue }
            parameters.method = .ch
            definition.stages[index].parameters = .contract(parameters)
        }
        let runner = PipelineRunner(definition: definition, options: BuildOptions(buildRoot: folder.url))
        let summary = runner.run()
        return (runner.layout, definition, summary)
    }

    /// The tail and head of each of the bundle's arcs, in `ARCS` order: the hierarchies' input arcs.
    static func arcEnds(_ bundle: VenueBundle) throws -> (tails: [UInt32], heads: [UInt32]) {
        var tails: [UInt32] = [], heads: [UInt32] = []
        for node in 0..<bundle.nodeCount {
            for arc in try bundle.arcIndexes(from: node) {
                tails.append(UInt32(node))
                heads.append(UInt32(try bundle.arcHead(arc)))
            }
        }
        return (tails, heads)
    }

    /// The bundle's graph under `profile`'s `PROF` costs, for ``ReferenceDijkstra``.
    static func referenceGraph(_ bundle: VenueBundle, profile: Int, tails: [UInt32], heads: [UInt32]) throws -> WeightedGraph {
        let weights = try (0..<bundle.arcCount).map { (arc: Int) throws -> UInt32 in try bundle.cost(profile: profile, arc: arc) }
        return WeightedGraph(nodeCount: bundle.nodeCount, tails: tails, heads: heads, weights: weights)
    }

    /// How many random targets ``check(_:pairsPerProfile:unreachableAtMost:)`` pairs with each
    /// random source.
    static let targetsPerSource = 10

    /// Builds the pipeline and checks each profile's hierarchy on random pairs; returns the bundle.
    ///
    /// A pair with no path compares only two "no route" answers, so at most `unreachableAtMost`
    /// (a fraction) of each profile's pairs whose ends both lie in its main pieces (where
    /// endpoints attach and positions snap) may lack one: a bundle whose graph fell apart would
    /// otherwise pass. Pairs with an end off the main pieces (a forest track a wheelchair may
    /// not use, an isolated landing) are checked against Dijkstra all the same.
    @discardableResult
    static func check(_ name: String, pairsPerProfile: Int, unreachableAtMost: Double) async throws
        -> (bundle: VenueBundle, compiled: CompiledGraph) {
        let built = try await RealVenues.shared.build(name, method: .ch)
        let bundle = built.bundle
        let compiled = try CompiledGraph.read(from: built.layout.graph)
        let (tails, heads) = try arcEnds(bundle)
        var random = SplitMix(seed: 17)
        for (profile, profileName) in bundle.profileNames.enumerated() {
            let section = try #require(bundle.file.section(BundleFormat.Tag.hierarchy(profile)), "bundle section for \(profileName)")
            let hierarchy = try ContractionHierarchy(encoded: [UInt8](try section.bytes(offset: 0, count: section.count)),
                                                     inputArcCount: bundle.arcCount)
            #expect(hierarchy.nodeCount == bundle.nodeCount)
            let graph = try referenceGraph(bundle, profile: profile, tails: tails, heads: heads)
            let weights = graph.weights
            let query = ContractionQuery(hierarchy: hierarchy)
            // The bundle reader's own query on the mapped section must agree as well.
            let router = try BundleRouter(bundle: bundle, profile: profile)
            var dijkstra = ReferenceDijkstra(graph: graph)
            var unreachable = 0, unreachableInMain = 0, mainPairs = 0, mismatched: [String] = []
            // Each source is paired with up to ten random targets, all answered by one search:
            // on a city a search per pair settled half the graph again for every pair, and was
            // a third of the suite's slowest test.
            var pairs: [(source: Int, target: Int, expected: UInt32?)] = []
            while pairs.count < pairsPerProfile {
                let source = Int(random.next() % UInt64(bundle.nodeCount))
                let targets = (0..<min(Self.targetsPerSource, pairsPerProfile - pairs.count)).map { _ in
                    Int(random.next() % UInt64(bundle.nodeCount))
                }
                pairs += zip(targets, dijkstra.distances(from: source, to: targets)).map { (source, $0, $1) }
            }
            for (source, target, expected) in pairs {
                let found = query.path(from: source, to: target)
                let inMain = try bundle.isInMainPiece(node: source, profile: profile) && bundle.isInMainPiece(node: target, profile: profile)
                if inMain { mainPairs += 1 }
                if expected == nil {
                    unreachable += 1
                    if inMain { unreachableInMain += 1 }
                }
                let mapped = try router.route(from: source, to: target).map { UInt32($0.duration * 1000 + 0.5) }
                var good = found?.distance == expected && mapped == expected
                if let found {
                    var at = source, total: UInt64 = 0
                    for arc in found.arcs {
                        good = good && Int(tails[arc]) == at
                        at = Int(heads[arc])
                        total += UInt64(weights[arc])
                    }
                    good = good && at == target && total == UInt64(found.distance)
                }
                if !good { mismatched.append("\(source)->\(target)") }
            }
            print("\(name) \(profileName): \(pairsPerProfile) pairs, \(unreachable) unreachable (\(unreachableInMain) of the \(mainPairs) in main pieces), \(mismatched.count) differ from Dijkstra")
            #expect(mismatched.isEmpty, "\(name): \(mismatched.prefix(5))")
            // A city's wheelchair main pieces hold about three nodes in five: the forest tracks' nodes are off them.
            #expect(mainPairs * 4 >= pairsPerProfile, "\(name) \(profileName): only \(mainPairs) of \(pairsPerProfile) pairs in main pieces")
            #expect(Double(unreachableInMain) <= unreachableAtMost * Double(mainPairs),
                    "\(name) \(profileName): \(unreachableInMain) of \(mainPairs) pairs in main pieces have no path, more than \(unreachableAtMost)")
        }
        return (bundle, compiled)
    }

    @Test func demoCampusHierarchiesMatchDijkstra() async throws {
        // Sampled pairs without a path: none of 2000 in main pieces, for every profile (18 of all
        // 2000 for the wheelchair and 20 step-free: nodes of the park's gravel trail).
        try await Self.check("demo-campus", pairsPerProfile: 2000, unreachableAtMost: 0.01)
    }

    @Test(.enabled(if: SharedVenues.present, "../shared/data is absent: the TU Dresden hierarchies are not checked"))
    func tuDresdenHierarchiesMatchDijkstra() async throws {
        // Sampled pairs without a path: none of those in main pieces; of all 2000, 60 (foot) to 176
        // (wheelchair).
        try await Self.check("tu-dresden-apb", pairsPerProfile: 2000, unreachableAtMost: 0.15)
    }

    @Test func aContractStageWithoutGraphIsRefused() throws {
        let text = "venue: {id: v}\nversion: 1.0.0\ninputs: [{id: a, path: a.csv, format: csv, options: {table: buildings}}]\nstages:\n  import:\n  contract:\n"
        let error = #expect(throws: PipelineError.self) { try PipelineFileParser.parse(text, url: URL(fileURLWithPath: "/tmp/p.yml")) }
        guard case .pipelineFile? = error else {
            Issue.record("\(String(describing: error)) is no pipeline file error")
            return
        }
    }
}

/// The Swift reader's own hierarchy query (`BundleRouter`), reading the sections in place.
@Suite struct MappedHierarchyTests {
    @Test func mappedRoutesMatchDijkstraOnTheDemoCampus() throws {
        let folder = try TemporaryFolder("navforge-ch")
        let (layout, definition, summary) = try HierarchyOnVenueTests.build("demo-campus", in: folder)
        #expect(summary.status == .succeeded)
        let bundle = try VenueBundle(path: layout.bundle(venueID: definition.venueID, version: definition.version.description).path)
        #expect(bundle.hasHierarchies)
        var random = SplitMix(seed: 5)
        for profile in bundle.profileNames.indices {
            let router = try BundleRouter(bundle: bundle, profile: profile)
            var routed = 0
            for _ in 0..<1500 {
                let source = Int(random.next() % UInt64(bundle.nodeCount)), target = Int(random.next() % UInt64(bundle.nodeCount))
                let expected = try bundle.shortestPathByDijkstra(from: source, to: target, profile: profile)
                let found = try router.route(from: source, to: target)
                #expect(found?.duration == expected?.duration, "\(bundle.profileNames[profile]) \(source)->\(target)")
                guard let found else { continue }
                routed += 1
                // The nodes follow the arcs, and the arcs are the profile's to use.
                #expect(found.nodes.first == source && found.nodes.last == target && found.arcs.count == found.nodes.count - 1)
                for (index, arc) in found.arcs.enumerated() {
                    #expect(try bundle.arcIndexes(from: found.nodes[index]).contains(arc))
                    #expect(try bundle.arcHead(arc) == found.nodes[index + 1])
                }
                #expect(Set(found.nodes).count == found.nodes.count, "a route visits a node twice")
            }
            #expect(routed > 500)
        }
    }

    /// Hierarchies damaged with their checksums not checked: every query ends in an error or in
    /// a route that really chains from start to destination, never in a trap or a hang.
    @Test func damagedHierarchiesGiveErrorsNotCrashes() throws {
        let folder = try TemporaryFolder("navforge-ch")
        let (layout, definition, _) = try HierarchyOnVenueTests.build("demo-campus", in: folder)
        let path = layout.bundle(venueID: definition.venueID, version: definition.version.description).path
        let image = try Data(contentsOf: URL(fileURLWithPath: path))
        let pristine = try VenueBundle(path: path)
        let section = try #require(pristine.file.entry(BundleFormat.Tag.hierarchy(0)))
        var random = SplitMix(seed: 11)
        var refused = 0, answered = 0
        for _ in 0..<300 {
            var damaged = image
            let word = section.offset + Int(random.next() % UInt64(section.length / 4)) * 4
            damaged[word + Int(random.next() % 4)] ^= UInt8(1 << (random.next() % 8))
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString).navbundle")
            try damaged.write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let bundle = try VenueBundle(path: url.path, verifyChecksums: false)
            for _ in 0..<20 {
                let source = Int(random.next() % UInt64(bundle.nodeCount)), target = Int(random.next() % UInt64(bundle.nodeCount))
                do {
                    let router = try BundleRouter(bundle: bundle, profile: 0)
                    guard let route = try router.route(from: source, to: target) else { continue }
                    answered += 1
                    #expect(route.nodes.first == source && route.nodes.last == target)
                    var cost: UInt64 = 0
                    for arc in route.arcs { cost += UInt64(try bundle.cost(profile: 0, arc: arc)) }
                    #expect(Double(cost) / 1000 == route.duration)
                } catch {
                    refused += 1
                }
            }
        }
        print("damaged hierarchies: \(refused) queries refused, \(answered) answered with a real path")
        #expect(refused > 0 && answered > 0)
    }
}
