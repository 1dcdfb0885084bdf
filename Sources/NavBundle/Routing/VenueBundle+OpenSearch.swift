import NavFormat

extension VenueBundle {
    /// A Dijkstra search over the arcs `costs` (one per `ARCS` arc) leaves open, and the `ARCS`
    /// index of each of its graph's input arcs (`search.graph.arc` maps a slot to one).
    func openSearch(costs: [UInt32]) throws(BundleError) -> (search: DijkstraSearch, arcs: [Int]) {
        let open = try openArcs(costs: costs)
        return (DijkstraSearch(graph: open.graph), open.arcs)
    }

    /// The same search over a profile's own `PROF` costs, on a graph made once per profile and
    /// kept (``OpenArcs``); each call gets a search of its own, so threads may search at once.
    func openSearch(profile: Int) throws(BundleError) -> (search: DijkstraSearch, arcs: [Int]) {
        let open = try openSearchCache.value(profile) { () throws(BundleError) in try openArcs(costs: try profileCosts(profile)) }
        return (DijkstraSearch(graph: open.graph), open.arcs)
    }

    private func openArcs(costs: [UInt32]) throws(BundleError) -> OpenArcs {
        let index = try conditionsIndex()
        var tails: [Int] = [], heads: [Int] = [], weights: [UInt32] = [], arcs: [Int] = []
        for arc in 0..<arcCount where costs[arc] != BundleFormat.impassable {
            tails.append(Int(index.tails[arc]))
            heads.append(Int(index.heads[arc]))
            weights.append(costs[arc])
            arcs.append(arc)
        }
        return OpenArcs(graph: AdjacencyArray(nodeCount: nodeCount, tails: tails, heads: heads, weights: weights), arcs: arcs)
    }
}
