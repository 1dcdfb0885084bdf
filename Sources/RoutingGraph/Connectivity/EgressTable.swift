import NavFormat

/// For one profile, the fastest way out of the venue from every node: which exit, how long, and
/// the first arc to take. A runtime answers "fastest step-free way out" by following `firstArc`
/// from node to node, without searching.
///
/// Exits are the entrance nodes, emergency exits included since the table is for leaving, and
/// every node on the outdoor level: a person there has no building to leave, so the way out of a
/// building ends at its first step outside even where the data joins a corridor to a path without
/// an entrance node, and an outdoor node's way out is itself (`docs/bundle-format.md`, `EGRS`).
public struct EgressTable: Hashable, Sendable {
    public var profile: String
    /// The nearest exit node per node, or ``BundleFormat/none``.
    public var exit: [UInt32]
    /// Milliseconds to that exit, or ``BundleFormat/impassable``.
    public var cost: [UInt32]
    /// The arc to walk first, or ``BundleFormat/none`` at an exit and where no exit is reachable.
    public var firstArc: [UInt32]
    /// The arcs, ascending, whose cost when leaving differs from the profile's ordinary cost
    /// (emergency-exit doors), so that a runtime can search the way out again under conditions.
    public var leavingArcs: [UInt32]
    /// Their costs when leaving, in milliseconds.
    public var leavingCosts: [UInt32]

    public init(profile: String, exit: [UInt32], cost: [UInt32], firstArc: [UInt32],
                leavingArcs: [UInt32] = [], leavingCosts: [UInt32] = []) {
        self.profile = profile
        self.exit = exit
        self.cost = cost
        self.firstArc = firstArc
        self.leavingArcs = leavingArcs
        self.leavingCosts = leavingCosts
    }

    /// One search backwards from every exit at once.
    public init(graph: NavigationGraph, profile: RoutingProfile) {
        let costs = (0..<graph.arcs.count).map { profile.cost(for: graph.arcs[$0]) }
        self.init(graph: graph, profile: profile, costs: costs)
    }

    /// The same table from the profile's ordinary `costs` of every arc, worked out already: only
    /// the arcs leaving may open (``RoutingProfile/leavingMayOpen(_:)``) are judged again.
    public init(graph: NavigationGraph, profile: RoutingProfile, costs ordinary: [UInt32]) {
        precondition(ordinary.count == graph.arcs.count, "a cost per arc")
        let exits = graph.nodes.indices.filter { graph.nodes[$0].kind == .entrance || graph.isOutdoors($0) }
        var costs = ordinary
        var different: [Int] = []
        // Arcs by index, not by iterating the array, which copies every arc and its references.
        for arc in graph.arcs.indices where RoutingProfile.leavingMayOpen(graph.arcs[arc]) {
            let leaving = profile.cost(for: graph.arcs[arc], leaving: true)
            if leaving != ordinary[arc] {
                costs[arc] = leaving
                different.append(arc)
            }
        }
        let search = CostSearch(graph: graph, costs: costs, sources: exits, backwards: true)
        leavingArcs = different.map(UInt32.init)
        leavingCosts = different.map { costs[$0] }
        self.profile = profile.name
        exit = search.source.map { $0 < 0 ? BundleFormat.none : UInt32($0) }
        cost = search.cost
        firstArc = search.arc.map { $0 < 0 ? BundleFormat.none : UInt32($0) }
    }
}
