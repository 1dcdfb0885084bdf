import Foundation
import RoutingGraph
import Staging
import VenueModel

/// Derives the navigation graph, costs it per profile and writes `graph.navgraph`.
///
/// Its findings (places it cannot attach, places a profile cannot reach) are in the validation
/// report, whose stage derives the same graph and hands it forward (``DerivedGraph``); this
/// stage writes it and reports the reach figures, deriving the graph itself only when the
/// validate stage did not run in this build.
struct GraphStage: PipelineStage {
    let kind = StageKind.graph
    let parameters: GraphParameters

    func cacheKey(_ context: StageContext) throws -> String {
        var key = CacheKey(stage: kind)
        key.add("import", context.keys[.import] ?? "")
        key.add("parameters", context.definition.stage(kind)?.canonicalParameters ?? "")
        return key.finalize()
    }

    func outputs(_ context: StageContext) -> [URL] {
        [context.layout.graph]
    }

    func run(_ context: StageContext) throws -> StageOutcome {
        let (compiled, reachability) = try derive(context)
        let graph = compiled.graph
        try compiled.write(to: context.layout.graph)
        context.writtenGraph = WrittenGraph(graphKey: context.keys[.graph] ?? "", compiled: compiled)
        let reach = reachability.figures.map { "\($0.profile) \($0.roomPhrase)" }.joined(separator: ", ")
        var message = "\(graph.nodes.count) nodes, \(graph.arcs.count) arcs, \(graph.placeNodes.count) places\(compiled.tours.isEmpty ? "" : ", \(compiled.tours.count) tours") on the graph; reachable from the entrances: \(reach)"
        let fromMain = reachability.figures.compactMap { figures in figures.mainEntrancePhrase.map { "\(figures.profile) \($0)" } }
        if !fromMain.isEmpty { message += "; from the main entrance: \(fromMain.joined(separator: ", "))" }
        return StageOutcome(issues: IssueCounts(), message: message)
    }

    /// The graph costed per profile and what each profile reaches: the validate stage's of this
    /// build when it derived them from the same staged venue with the same parameters, else
    /// derived here.
    private func derive(_ context: StageContext) throws -> (CompiledGraph, Reachability) {
        let importKey = context.keys[.import] ?? ""
        let canonical = context.definition.stage(kind)?.canonicalParameters ?? ""
        if let derived = context.derivedGraph, derived.matches(importKey: importKey, parameters: canonical) {
            context.derivedGraph = nil
            context.progress(kind, "writing the graph validation derived")
            return (derived.compiled, derived.reachability)
        }
        let staged = try StagingStore.read(from: context.layout.staging)
        context.progress(kind, "deriving the graph")
        let (graph, _) = GraphBuilder(venue: staged.venue, parameters: parameters).build()
        let profiles = parameters.profiles
        context.progress(kind, "costing \(graph.arcs.count) arcs for \(profiles.map(\.name).joined(separator: ", "))")
        var compiled = CompiledGraph(graph: graph, profiles: profiles)
        if !staged.venue.tours.isEmpty {
            context.progress(kind, "matching \(staged.venue.tours.count) tours onto the walkways")
            compiled.tours = TourMatching(venue: staged.venue, compiled: compiled).tours
        }
        context.progress(kind, "checking what each profile reaches from the entrances")
        return (compiled, Reachability(venue: staged.venue, compiled: compiled, snapDistance: parameters.placeSnapDistance))
    }
}
