import BundleWriting
import Contraction
import Foundation
import RoutingGraph
import VenueModel
import NavFormat

/// Builds the graph's hierarchies and writes them to `hierarchies.navch`, for the bundle: one
/// customisable topology for every profile (`method: cch`), or a classic contraction hierarchy
/// per profile (`method: ch`).
struct ContractStage: PipelineStage {
    let kind = StageKind.contract
    let parameters: ContractStageParameters

    func cacheKey(_ context: StageContext) throws -> String {
        var key = CacheKey(stage: kind)
        key.add("graph", context.keys[.graph] ?? "")
        key.add("parameters", context.definition.stage(kind)?.canonicalParameters ?? "")
        // The default method is part of the key, so a change of default rebuilds.
        key.add("method", parameters.method.rawValue)
        return key.finalize()
    }

    func outputs(_ context: StageContext) -> [URL] {
        [context.layout.hierarchies]
    }

    func run(_ context: StageContext) throws -> StageOutcome {
        let compiled = try context.writtenGraph?.compiled(graphKey: context.keys[.graph])
            ?? CompiledGraph.read(from: context.layout.graph)
        let graph = compiled.graph
        // Arcs in the order the bundle stores them (grouped by tail, ties in graph order), so a
        // hierarchy's input arc indexes are indexes into the bundle's ARCS section.
        let order = BundleWriter.arcOrder(tails: graph.arcs.map(\.tail))
        let tails = order.map { UInt32(graph.arcs[$0].tail) }, heads = order.map { UInt32(graph.arcs[$0].head) }
        var container = ContainerWriter(kind: HierarchiesArtifact.kind)
        let message: String
        switch parameters.method {
        case .ch:
            var figures: [String] = []
            for (index, profile) in compiled.profiles.enumerated() {
                context.progress(kind, "contracting \(graph.nodes.count) nodes for \(profile.name)")
                let weighted = WeightedGraph(nodeCount: graph.nodes.count, tails: tails, heads: heads,
                                             weights: order.map { profile.costs[$0] })
                let hierarchy = ContractionBuilder(parameters: parameters.hierarchy).build(weighted) { share in
                    context.progress(kind, "contracting for \(profile.name): \(Int(share * 100)) %")
                }
                container.add(HierarchiesArtifact.tag(index), Data(hierarchy.encoded()))
                let usable = profile.costs.filter { $0 != BundleFormat.impassable }.count
                figures.append("\(profile.name) \(String(format: "%.2f", Double(hierarchy.arcCount) / Double(max(usable, 1))))")
            }
            message = "\(compiled.profiles.count) hierarchies; arcs per usable input arc: \(figures.joined(separator: ", "))"
        case .cch:
            let weights = compiled.profiles.map { profile in order.map { profile.costs[$0] } }
            let usable = tails.indices.map { arc in weights.contains { $0[arc] != BundleFormat.impassable } }
            context.progress(kind, "ordering \(graph.nodes.count) nodes by nested dissection")
            let (x, y) = Self.orderPositions(graph)
            let rank = NestedDissection.ranks(nodeCount: graph.nodes.count, tails: tails, heads: heads, usable: usable, x: x, y: y)
            let topology = CustomisableTopology.build(nodeCount: graph.nodes.count, tails: tails, heads: heads,
                                                      usable: usable, rank: rank)
            // Customising every profile here proves the topology serves each of them and says
            // what a reader will pay for it.
            var figures: [String] = []
            for (index, profile) in compiled.profiles.enumerated() {
                context.progress(kind, "customising for \(profile.name)")
                let start = DispatchTime.now().uptimeNanoseconds
                _ = try CustomisedMetric(topology: topology, inputWeights: weights[index])
                let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                figures.append("\(profile.name) \(String(format: "%.0f", milliseconds)) ms")
            }
            container.add(BundleFormat.Tag.customisableTopology, Data(topology.encoded()))
            let ratio = Double(topology.arcCount) / Double(max(usable.filter { $0 }.count, 1))
            message = "one customisable hierarchy, \(topology.arcCount) arcs (\(String(format: "%.2f", ratio)) per usable one-way input arc); customised: \(figures.joined(separator: ", "))"
        }
        try container.write(to: context.layout.hierarchies)
        return StageOutcome(issues: IssueCounts(), message: message)
    }

    /// Node positions in metres for the order, each level placed beside the last rather than
    /// stacked on it: floors are joined only by their stairs and lifts, so the order should see
    /// them as far apart, and cutting between them is cheap.
    static func orderPositions(_ graph: NavigationGraph) -> (x: [Double], y: [Double]) {
        guard !graph.nodes.isEmpty else { return ([], []) }
        let meanLatitude = graph.nodes.reduce(0) { $0 + $1.coordinate.latitude } / Double(graph.nodes.count)
        let scale = cos(meanLatitude * .pi / 180) * 111_320
        let x = graph.nodes.map { $0.coordinate.longitude * scale }, y = graph.nodes.map { $0.coordinate.latitude * 110_574 }
        let west = x.min()!, width = x.max()! - west + 100
        return (zip(x, graph.nodes).map { $0 - west + Double($1.level) * width }, y)
    }
}
