import NavFormat
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

    /// A lift or flight landing the source put at a walkway vertex, but that no walkway, space or
    /// other flight meets, cannot be used on that level.
    func reportUnjoinedLandings() {
        guard !pinnedLandings.isEmpty else { return }
        // The neighbours of the pinned nodes only: a set for every node of a city was a tenth
        // of deriving its graph. Arcs by index and field, without copying each.
        let pinnedNodes = Set(pinnedLandings.map(\.node))
        var neighbours: [Int: Set<Int>] = [:]
        for index in graph.arcs.indices {
            let tail = graph.arcs[index].tail, head = graph.arcs[index].head
            if pinnedNodes.contains(tail) { neighbours[tail, default: []].insert(head) }
            if pinnedNodes.contains(head) { neighbours[head, default: []].insert(tail) }
        }
        let connectors = Dictionary(venue.connectors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for pinned in pinnedLandings {
            guard let connector = connectors[pinned.connector] else { continue }
            let others = neighbours[pinned.node, default: []].subtracting(pinned.ownNeighbours)
            guard others.isEmpty else { continue }
            let landing = pinned.landing
            report(.landingNotJoined,
                   "\(connector.kind.rawValue) \(connector.source.feature ?? connector.id) meets no walkway on level \(Level.formatOrdinal(landing.ordinal)) at \(landing.vertexRef ?? "its landing"); it cannot be used there",
                   at: connector.source, level: landing.levelID, coordinate: landing.location)
        }
    }
}
