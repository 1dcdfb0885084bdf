import NavFormat

/// How much of the graph each profile's main pieces hold (`docs/endpoints.md#attachment`): what
/// `export-graph` prints so that a data engineer sees islands before a traveller meets them.
public struct MainPieceSummary: Hashable, Sendable {
    public struct Profile: Hashable, Sendable {
        public var name: String
        public var mainPieces: Int
        public var nodes: Int
        public var nodesInMainPieces: Int
        /// Pieces that hold an entrance but are no main piece.
        public var entranceIslands: Int
        /// Stairs and escalators the profile may use, and those with both ends in main pieces.
        public var flightArcs: Int
        public var flightArcsInMainPieces: Int
    }

    public var profiles: [Profile] = []

    public init(_ compiled: CompiledGraph) {
        let graph = compiled.graph
        for profile in compiled.profiles {
            let pieces = GraphPieces(graph: graph, costs: profile.costs)
            let islands = Set(graph.nodes.indices.filter { graph.nodes[$0].kind == .entrance && !pieces.isMain($0) }
                .map { pieces.piece[$0] })
            var flights = 0, inMain = 0
            for (index, arc) in graph.arcs.enumerated()
            where (arc.kind == .stairs || arc.kind == .escalator) && profile.costs[index] != BundleFormat.impassable {
                flights += 1
                if pieces.isMain(arc.tail) && pieces.isMain(arc.head) { inMain += 1 }
            }
            profiles.append(Profile(name: profile.name, mainPieces: pieces.mainPieceCount, nodes: graph.nodes.count,
                                    nodesInMainPieces: graph.nodes.indices.filter(pieces.isMain).count,
                                    entranceIslands: islands.count, flightArcs: flights, flightArcsInMainPieces: inMain))
        }
    }

    /// `foot: 3 main pieces hold 1980 of 2016 nodes (98.2 %); 1 entrance on an island; stairs and escalators in them: 50 of 50 arcs`.
    public var lines: [String] {
        guard !profiles.isEmpty else { return [] }
        return ["main pieces per profile (where places attach and positions snap):"] + profiles.map { profile in
            let share = profile.nodes == 0 ? 0 : Double(profile.nodesInMainPieces) * 100 / Double(profile.nodes)
            let pieces = profile.mainPieces == 1 ? "1 main piece holds" : "\(profile.mainPieces) main pieces hold"
            let islands = profile.entranceIslands == 1 ? "1 island with an entrance" : "\(profile.entranceIslands) islands with an entrance"
            var line = "  \(profile.name): \(pieces) \(profile.nodesInMainPieces) of \(profile.nodes) nodes (\(String(format: "%.1f", share)) %); \(islands)"
            if profile.flightArcs > 0 {
                line += "; stairs and escalators in them: \(profile.flightArcsInMainPieces) of \(profile.flightArcs) arcs"
            }
            return line
        }
    }
}
