import NavBundle
import VenueModel

extension GraphBuilder {
    /// Joins the nodes of a source vertex where the levels they are on agree: a walkway without
    /// a level (outdoors, the ground) meets the walkways of any level there, and walkways of
    /// buildings whose levels have the same ordinal meet each other. Walkways of different levels
    /// never meet at a shared vertex (the importer reports it): that would move people between
    /// levels for free. Lifts and flights join levels through their own arcs. When a vertex holds
    /// several levels, unlevelled walkways meet the one nearest the ground.
    func joinSharedVertices() {
        let outdoor = levelIndex[Level.outdoorID]
        for ref in nodesOfVertex.keys.sorted() {
            guard let nodes = nodesOfVertex[ref], nodes.count > 1 else { continue }
            var groups: [Double: [Int]] = [:]
            var unlevelled: [Int] = []
            for node in nodes {
                if graph.nodes[node].level == outdoor, halfLandingHeights[node] == nil {
                    unlevelled.append(node)
                } else {
                    let height = halfLandingHeights[node] ?? venue.levels[graph.nodes[node].level].ordinal
                    groups[height, default: []].append(node)
                }
            }
            var joins: [(Int, Int)] = []
            for group in groups.values.map({ $0 }) + [unlevelled] { joins += zip(group, group.dropFirst()).map { ($0, $1) } }
            if let ground = groups.keys.min(by: { (abs($0), $0) < (abs($1), $1) }), let first = unlevelled.first,
               let target = groups[ground]?.first {
                joins.append((first, target))
            }
            for (a, b) in joins.sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) }) {
                addEdge(a, b, kind: .walk, label: nil, attributes: ArcAttributes(), length: 0)
            }
        }
    }

    /// A flight whose end meets no walkway, space or other flight cannot be used from that end.
    func reportUnjoinedFlights() {
        var neighbours: [Int: Set<Int>] = [:]
        for arc in graph.arcs {
            neighbours[arc.tail, default: []].insert(arc.head)
            neighbours[arc.head, default: []].insert(arc.tail)
        }
        let connectors = Dictionary(venue.connectors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for flight in drawnFlights {
            guard let connector = connectors[flight.connector] else { continue }
            for (position, end) in [flight.ends.0, flight.ends.1].enumerated() {
                // The flight's own arcs lead to its other end; any other neighbour joins it to the level.
                let other = position == 0 ? flight.ends.1 : flight.ends.0
                let linked = !(neighbours[end, default: []].subtracting([other]).isEmpty) || anchorsContain(end)
                guard !linked else { continue }
                let landing = connector.landings[position]
                report("flight-not-joined", .warning,
                       "\(connector.kind.rawValue) \(connector.source.feature ?? connector.id) meets no walkway at its end on level \(Level.formatOrdinal(landing.ordinal)) (\(landing.vertexRef ?? "its end")); it cannot be used from there",
                       at: connector.source, level: landing.levelID, coordinate: landing.location)
            }
        }
    }

    private func anchorsContain(_ node: Int) -> Bool {
        anchors.values.contains { $0.values.contains { $0.contains(node) } }
    }
}
