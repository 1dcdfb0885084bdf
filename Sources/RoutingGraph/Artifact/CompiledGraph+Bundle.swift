public import NavBundle
import VenueModel

extension CompiledGraph {
    /// The graph a bundle holds, for exporting: nodes, arcs with their kind, length, label and
    /// indoor flag, and every profile's costs. Bundles do not keep the other arc attributes or
    /// the arcs' corners; the graph artifact in the build folder does.
    public init(bundle: VenueBundle) throws(ContainerError) {
        var graph = NavigationGraph()
        for index in 0..<bundle.levelCount { graph.levelIDs.append(try bundle.level(index).id) }
        for index in 0..<bundle.nodeCount {
            let node = try bundle.node(index)
            graph.nodes.append(GraphNode(coordinate: Coordinate(latitude: node.latitude, longitude: node.longitude),
                                         level: node.level, kind: node.kind, label: node.label))
        }
        var arcOrder: [Int] = []
        for tail in 0..<bundle.nodeCount {
            for index in try bundle.arcIndexes(from: tail) {
                let arc = try bundle.arc(index)
                var facts = ArcAttributes()
                facts.isIndoor = arc.isIndoor
                graph.arcs.append(GraphArc(tail: tail, head: arc.head, length: arc.length, kind: arc.kind,
                                           label: arc.label, attributes: facts))
                arcOrder.append(index)
            }
        }
        var profiles: [ProfileCosts] = []
        for (profile, name) in bundle.profileNames.enumerated() {
            var costs: [UInt32] = []
            costs.reserveCapacity(arcOrder.count)
            for index in arcOrder { costs.append(try bundle.cost(profile: profile, arc: index)) }
            profiles.append(ProfileCosts(name: name, costs: costs))
        }
        self.init(graph: graph, profiles: profiles, egress: [])
    }
}
