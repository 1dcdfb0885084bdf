import Contraction
import Foundation
import NavBundle
import Testing
@testable import Pipeline
@testable import RoutingGraph

/// The contract stage on real venues: for every profile, hierarchy distances and paths equal
/// Dijkstra's on the graph the bundle holds.
@Suite struct HierarchyOnVenueTests {
    /// Runs a pipeline through its bundle stage in a temporary folder.
    static func build(_ name: String) throws -> (layout: BuildLayout, definition: PipelineDefinition, summary: BuildSummary) {
        let definition = try PipelineFileParser.parse(contentsOf: DemoWorkspace.repository.appendingPathComponent("pipelines/\(name).yml"))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("navforge-ch-\(UUID().uuidString)")
        let runner = PipelineRunner(definition: definition, options: BuildOptions(buildRoot: root))
        let summary = runner.run()
        return (runner.layout, definition, summary)
    }

    /// Builds the pipeline and checks each profile's hierarchy on random pairs; returns the bundle.
    @discardableResult
    static func check(_ name: String, pairsPerProfile: Int) throws -> VenueBundle {
        let (layout, definition, summary) = try build(name)
        #expect(summary.status == .succeeded, "\(summary.errors)")
        let bundle = try VenueBundle(path: layout.bundle(venueID: definition.venueID, version: definition.version.description).path)
        // The bundle's own graph, arcs in ARCS order: the hierarchies' input arcs.
        var tails: [UInt32] = [], heads: [UInt32] = []
        for node in 0..<bundle.nodeCount {
            for arc in try bundle.arcIndexes(from: node) {
                tails.append(UInt32(node))
                heads.append(UInt32(try bundle.arcHead(arc)))
            }
        }
        var random = SplitMix(seed: 17)
        for (profile, profileName) in bundle.profileNames.enumerated() {
            let section = try #require(bundle.file.section(BundleFormat.Tag.hierarchy(profile)), "bundle section for \(profileName)")
            let hierarchy = try ContractionHierarchy(encoded: [UInt8](try section.bytes(offset: 0, count: section.count)),
                                                     inputArcCount: bundle.arcCount)
            #expect(hierarchy.nodeCount == bundle.nodeCount)
            let weights = try (0..<bundle.arcCount).map { (arc: Int) throws -> UInt32 in try bundle.cost(profile: profile, arc: arc) }
            let graph = WeightedGraph(nodeCount: bundle.nodeCount, tails: tails, heads: heads, weights: weights)
            let query = ContractionQuery(hierarchy: hierarchy)
            var dijkstra = ReferenceDijkstra(graph: graph)
            var unreachable = 0, mismatched: [String] = []
            for _ in 0..<pairsPerProfile {
                let source = Int(random.next() % UInt64(bundle.nodeCount)), target = Int(random.next() % UInt64(bundle.nodeCount))
                let expected = dijkstra.distance(from: source, to: target)
                let found = query.path(from: source, to: target)
                if expected == nil { unreachable += 1 }
                var good = found?.distance == expected
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
            print("\(name) \(profileName): \(pairsPerProfile) pairs, \(unreachable) unreachable, \(mismatched.count) differ from Dijkstra")
            #expect(mismatched.isEmpty, "\(name): \(mismatched.prefix(5))")
        }
        return bundle
    }

    @Test func demoCampusHierarchiesMatchDijkstra() throws {
        try Self.check("demo-campus", pairsPerProfile: 2000)
    }

    @Test(.enabled(if: SharedVenues.present, "../shared/data is absent: the TU Dresden hierarchies are not checked"))
    func tuDresdenHierarchiesMatchDijkstra() throws {
        try Self.check("tu-dresden-apb", pairsPerProfile: 2000)
    }

    @Test func aContractStageWithoutGraphIsRefused() throws {
        let text = "venue: {id: v}\nversion: 1.0.0\ninputs: [{id: a, path: a.csv, format: csv, options: {table: buildings}}]\nstages:\n  import:\n  contract:\n"
        #expect(throws: PipelineFileError.self) { try PipelineFileParser.parse(text, url: URL(fileURLWithPath: "/tmp/p.yml")) }
    }
}
