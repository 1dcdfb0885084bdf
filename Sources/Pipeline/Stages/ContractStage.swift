import Contraction
import Foundation
import NavBundle
import RoutingGraph
import VenueModel
import NavFormat

/// Builds one contraction hierarchy per routing profile from the graph stage's costs and writes
/// them to `hierarchies.navch`, for the bundle.
struct ContractStage: PipelineStage {
    let kind = StageKind.contract
    let parameters: ContractionParameters

    static let kindOfFile = ContainerKind(magic: "NAVFCHIE", major: 2, minor: 0)

    func cacheKey(_ context: StageContext) throws -> String {
        var key = CacheKey(stage: kind)
        key.add("graph", context.keys[.graph] ?? "")
        key.add("parameters", context.definition.stage(kind)?.canonicalParameters ?? "")
        return key.finalize()
    }

    func outputs(_ context: StageContext) -> [URL] {
        [context.layout.hierarchies]
    }

    func run(_ context: StageContext) throws -> StageOutcome {
        let compiled = try CompiledGraph.read(from: context.layout.graph)
        let graph = compiled.graph
        // Arcs in the order the bundle stores them (grouped by tail, ties in graph order), so a
        // hierarchy's input arc indexes are indexes into the bundle's ARCS section.
        let order = graph.arcs.indices.sorted { (graph.arcs[$0].tail, $0) < (graph.arcs[$1].tail, $1) }
        let tails = order.map { UInt32(graph.arcs[$0].tail) }, heads = order.map { UInt32(graph.arcs[$0].head) }
        var container = ContainerWriter(kind: Self.kindOfFile)
        var figures: [String] = []
        for (index, profile) in compiled.profiles.enumerated() {
            context.progress(kind, "contracting \(graph.nodes.count) nodes for \(profile.name)")
            let weighted = WeightedGraph(nodeCount: graph.nodes.count, tails: tails, heads: heads,
                                         weights: order.map { profile.costs[$0] })
            let hierarchy = ContractionBuilder(parameters: parameters).build(weighted) { share in
                context.progress(kind, "contracting for \(profile.name): \(Int(share * 100)) %")
            }
            container.add(Self.tag(index), Data(hierarchy.encoded()))
            let usable = profile.costs.filter { $0 != BundleFormat.impassable }.count
            figures.append("\(profile.name) \(String(format: "%.2f", Double(hierarchy.arcCount) / Double(max(usable, 1))))")
        }
        try container.write(to: context.layout.hierarchies)
        return StageOutcome(issues: IssueCounts(),
                            message: "\(compiled.profiles.count) hierarchies; arcs per usable input arc: \(figures.joined(separator: ", "))")
    }

    /// `CH00`, `CH01`, ...: the hierarchy of the profile at that index of the graph's profile
    /// list, tagged as in bundles.
    static func tag(_ profile: Int) -> SectionTag { BundleFormat.Tag.hierarchy(profile) }

    /// The encoded hierarchies a contract stage wrote, in profile order, each checked by decoding it.
    static func read(from url: URL, profileCount: Int, inputArcCount: Int) throws -> [[UInt8]] {
        let file = try ContainerFile(path: url.path, kind: kindOfFile, kindName: "navforge hierarchies")
        try file.verifyChecksums()
        var hierarchies: [[UInt8]] = []
        for index in 0..<profileCount {
            let section = try file.requiredSection(tag(index))
            let bytes = [UInt8](try section.bytes(offset: 0, count: section.count))
            _ = try ContractionHierarchy(encoded: bytes, inputArcCount: inputArcCount)
            hierarchies.append(bytes)
        }
        return hierarchies
    }
}
