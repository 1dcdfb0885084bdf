import Foundation
import NavFormat

/// The graph stage's output: the navigation graph and, per profile, the cost of every arc and the
/// way out of the venue from every node.
///
/// Later stages (contraction, bundle) read this instead of deriving the graph again.
public struct CompiledGraph: Hashable, Sendable {
    public struct ProfileCosts: Hashable, Sendable {
        public var name: String
        /// Milliseconds per arc, in ``NavigationGraph/arcs`` order; impassable marked as in bundles.
        public var costs: [UInt32]
        /// Per arc, the rule that closes it to the profile, `nil` when open; empty when not known
        /// (a graph read back from a bundle, which keeps only the costs).
        public var closingRules: [ClosingRule?]

        public init(name: String, costs: [UInt32], closingRules: [ClosingRule?] = []) {
            self.name = name
            self.costs = costs
            self.closingRules = closingRules
        }
    }

    public var graph: NavigationGraph
    public var profiles: [ProfileCosts]
    /// One table per profile, in the same order.
    public var egress: [EgressTable]
    /// The venue's tours matched onto the graph (``TourMatching``).
    public var tours: [MatchedTour] = []

    public init(graph: NavigationGraph, profiles: [ProfileCosts], egress: [EgressTable]) {
        self.graph = graph
        self.profiles = profiles
        self.egress = egress
    }

    /// Costs every arc for each profile and finds each profile's way out from every node, the
    /// profiles on every core: each is a pass over the whole graph and a search from every exit,
    /// and none reads another's.
    public init(graph: NavigationGraph, profiles: [RoutingProfile]) {
        self.graph = graph
        let compiled = ParallelWork.map(count: profiles.count, workers: ProcessInfo.processInfo.activeProcessorCount,
                                        chunk: 1) { index, _ in
            let profile = profiles[index]
            // Arcs by index: mapping the array copies every arc and its references.
            let verdicts = (0..<graph.arcs.count).map { profile.verdict(for: graph.arcs[$0]) }
            let costs = verdicts.map(RoutingProfile.cost(of:))
            return (ProfileCosts(name: profile.name, costs: costs, closingRules: verdicts.map(\.closingRule)),
                    EgressTable(graph: graph, profile: profile, costs: costs))
        }
        self.profiles = compiled.map(\.0)
        egress = compiled.map(\.1)
    }
}
