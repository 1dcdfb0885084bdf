import Foundation
import NavFormat

/// Each profile's graph of open arcs over its `PROF` costs, made on first use and kept: the
/// graph that nearest-of-a-kind and joining a tour search with plain Dijkstra.
///
/// Building it reads every arc (375,847 on Heidelberg), far more than a search from one node
/// settles, so a search that made it per call spent most of its time there. It costs 20 bytes
/// per open arc and 4 per node, per profile searched. A search under conditions has costs of its
/// own and still builds its graph per call.
final class OpenSearchCache: @unchecked Sendable {
    // Guarded by `lock`; the graphs are immutable once stored.
    private let lock = NSLock()
    private var graphs: [Int: OpenArcs] = [:]

    /// A profile's graph, made by `make` the first time. Two threads racing on one profile make
    /// equal graphs, and the first stored wins.
    func graph(_ profile: Int, _ make: () throws(BundleError) -> OpenArcs) throws(BundleError) -> OpenArcs {
        lock.lock()
        if let graph = graphs[profile] {
            lock.unlock()
            return graph
        }
        lock.unlock()
        let made = try make()
        lock.lock()
        defer { lock.unlock() }
        if let graph = graphs[profile] { return graph }
        graphs[profile] = made
        return made
    }
}

/// The arcs some costs leave open, as a search graph, and the `ARCS` index of each of the
/// graph's input arcs (`graph.arc` maps a slot to one).
struct OpenArcs: Sendable {
    let graph: AdjacencyArray
    let arcs: [Int]
}
