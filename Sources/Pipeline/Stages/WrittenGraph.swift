import RoutingGraph

/// The compiled graph the graph stage has just written, handed forward to the contract stage of
/// the same build, so that it need not read `graph.navgraph` back (Heidelberg's contract stage
/// took 2.89 s against 3.26 s).
///
/// The file stays the record: the bundle stage, a contract stage whose graph stage was cached,
/// and `navforge export-graph` read it. The bundle stage reads it rather than take the graph
/// handed forward because the graph as derived holds more memory than the one read back (room
/// for nodes never added, among others), and the bundle stage is where a build peaks: taken there,
/// it raised Heidelberg's peak by 10 to 15 MiB for 0.1 s. A graph read back equals the one
/// written (`WrittenGraphTests`), so either way the later stages see the same graph.
struct WrittenGraph {
    /// The graph stage's cache key when it wrote the graph.
    let graphKey: String
    let compiled: CompiledGraph

    /// The compiled graph when it is the one a graph stage keyed `graphKey` wrote, else `nil`.
    func compiled(graphKey key: String?) -> CompiledGraph? {
        key == graphKey ? compiled : nil
    }
}
