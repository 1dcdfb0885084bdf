import NavFormat

/// The arcs some costs leave open, as a search graph, and the `ARCS` index of each of the
/// graph's input arcs (`graph.arc` maps a slot to one).
///
/// Nearest-of-a-kind and joining a tour search a profile's plain Dijkstra graph. Building it
/// reads every arc (375,847 on Heidelberg), far more than a search from one node settles, so a
/// bundle keeps each profile's once made (``VenueBundle/openSearch(profile:)``): 20 bytes per open
/// arc and 4 per node. A search under conditions has costs of its own and builds its graph per call.
struct OpenArcs: Sendable {
    let graph: AdjacencyArray
    let arcs: [Int]
}
