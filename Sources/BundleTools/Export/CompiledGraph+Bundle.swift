public import NavBundle
import VenueModel
import NavFormat
public import RoutingGraph

extension CompiledGraph {
    /// The graph a bundle holds, for exporting: nodes, arcs with their kind, length, label,
    /// indoor flag, corners, step count and climb, every profile's costs and, when present, the egress tables.
    /// Bundles do not keep the other arc attributes; the graph artifact in the build folder does.
    ///
    /// - Throws: ``BundleToolsError/bundle(_:)`` with the bundle's damage.
    public init(bundle: VenueBundle) throws(BundleToolsError) {
        do {
            try self.init(reading: bundle)
        } catch {
            throw .bundle(error)
        }
    }

    private init(reading bundle: VenueBundle) throws(BundleError) {
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
                (facts.stepCount, facts.rise) = try bundle.climb(arc: index)
                var graphArc = GraphArc(tail: tail, head: arc.head, length: arc.length, kind: arc.kind,
                                        label: arc.label, attributes: facts)
                graphArc.via = try bundle.arcShape(index).map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
                graph.arcs.append(graphArc)
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
        // Graph arc of each bundle arc: the identity for a well-formed bundle, whose arcs are read
        // in order, but a damaged offset table must not make first arcs point elsewhere.
        var graphArc = [UInt32](repeating: BundleFormat.none, count: bundle.arcCount)
        for (position, index) in arcOrder.enumerated() { graphArc[index] = UInt32(position) }
        var egress: [EgressTable] = []
        if bundle.hasEgress {
            for (profile, name) in bundle.profileNames.enumerated() {
                var table = EgressTable(profile: name, exit: [], cost: [], firstArc: [])
                for node in 0..<bundle.nodeCount {
                    let entry = try bundle.egressEntry(node: node, profile: profile)
                    table.exit.append(entry.exit)
                    table.cost.append(entry.cost)
                    table.firstArc.append(entry.firstArc == BundleFormat.none || Int(entry.firstArc) >= graphArc.count
                                          ? BundleFormat.none : graphArc[Int(entry.firstArc)])
                }
                egress.append(table)
            }
        }
        self.init(graph: graph, profiles: profiles, egress: egress)
    }
}
