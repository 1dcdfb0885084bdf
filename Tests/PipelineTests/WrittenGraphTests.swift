import Foundation
import RoutingGraph
import Testing
@testable import Pipeline

/// The compiled graph the graph stage hands forward to the contract stage of the same build is the
/// one `graph.navgraph` reads back, and it is taken only by a contract stage keyed on that graph
/// stage (docs/architecture.md, "One graph per build").
@Suite struct WrittenGraphTests {
    @Test func theGraphHandedForwardIsTheOneTheFileReadsBack() throws {
        let workspace = try DemoWorkspace()
        let context = try workspace.contextAfterImport()
        let stage = GraphStage(parameters: context.definition.graphParameters)
        context.keys[.graph] = try stage.cacheKey(context)
        _ = try stage.run(context)
        let handed = try #require(context.writtenGraph)
        let read = try CompiledGraph.read(from: workspace.layout.graph)
        #expect(handed.compiled == read)
        // The demo's graph holds what a bundle needs from it: arcs of several profiles, and tours.
        #expect(!read.graph.arcs.isEmpty && read.profiles.count > 1 && !read.tours.isEmpty)
        // Only the graph stage it came from: another key (a cached graph stage) reads the file.
        #expect(handed.compiled(graphKey: context.keys[.graph]) != nil)
        #expect(handed.compiled(graphKey: "another") == nil && handed.compiled(graphKey: nil) == nil)
    }

    @Test func hierarchiesFromTheGraphFileAreTheOnesFromTheGraphHandedForward() throws {
        let workspace = try DemoWorkspace()
        #expect(try workspace.build().statuses["contract"] == .ran)
        let handedForward = try Data(contentsOf: workspace.bundle)
        // With the hierarchies deleted, the contract stage runs again and reads the graph from
        // the file, since the graph stage is cached.
        try FileManager.default.removeItem(at: workspace.layout.hierarchies)
        let rebuilt = try workspace.build()
        #expect(rebuilt.statuses["graph"] == .cached && rebuilt.statuses["contract"] == .ran)
        #expect(try Data(contentsOf: workspace.bundle) == handedForward)
    }
}
