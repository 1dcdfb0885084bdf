/// The graph stage's output: the navigation graph and, per profile, the cost of every arc and the
/// way out of the venue from every node.
///
/// Later stages (contraction, bundle) read this instead of deriving the graph again.
public struct CompiledGraph: Hashable, Sendable {
    public struct ProfileCosts: Hashable, Sendable {
        public var name: String
        /// Milliseconds per arc, in ``NavigationGraph/arcs`` order; impassable marked as in bundles.
        public var costs: [UInt32]

        public init(name: String, costs: [UInt32]) {
            self.name = name
            self.costs = costs
        }
    }

    public var graph: NavigationGraph
    public var profiles: [ProfileCosts]
    /// One table per profile, in the same order.
    public var egress: [EgressTable]

    public init(graph: NavigationGraph, profiles: [ProfileCosts], egress: [EgressTable]) {
        self.graph = graph
        self.profiles = profiles
        self.egress = egress
    }

    /// Costs every arc for each profile and finds each profile's way out from every node.
    public init(graph: NavigationGraph, profiles: [RoutingProfile]) {
        self.graph = graph
        self.profiles = profiles.map { profile in
            ProfileCosts(name: profile.name, costs: graph.arcs.map { profile.cost(for: $0) })
        }
        egress = profiles.map { EgressTable(graph: graph, profile: $0) }
    }
}
