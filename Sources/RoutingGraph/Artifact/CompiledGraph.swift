/// The graph stage's output: the navigation graph and, per profile, the cost of every arc.
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

    public init(graph: NavigationGraph, profiles: [ProfileCosts]) {
        self.graph = graph
        self.profiles = profiles
    }

    /// Costs every arc for each profile.
    public init(graph: NavigationGraph, profiles: [RoutingProfile]) {
        self.graph = graph
        self.profiles = profiles.map { profile in
            ProfileCosts(name: profile.name, costs: graph.arcs.map(profile.cost(for:)))
        }
    }
}
