import RoutingGraph
import Validation
import VenueModel
import NavFormat

extension FloorPlans {
    /// The drawing of every level of `venue` with the edges of `compiled` on it.
    ///
    /// Arcs on one level are drawn once per pair of nodes, with the profiles that may use them
    /// in either direction; arcs between levels are shown by their connectors instead.
    init(venue: Venue, compiled: CompiledGraph) {
        let buildings = Dictionary(venue.buildings.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let ordered = venue.levels.enumerated().sorted { lhs, rhs in
            let a = lhs.element, b = rhs.element
            if a.isOutdoor != b.isOutdoor { return !a.isOutdoor }
            if (a.buildingID ?? "") != (b.buildingID ?? "") { return (a.buildingID ?? "") < (b.buildingID ?? "") }
            if a.ordinal != b.ordinal { return a.ordinal < b.ordinal }
            return lhs.offset < rhs.offset
        }.map(\.element)
        var plans = ordered.map { level -> Plan in
            let title: String
            if let building = level.buildingID {
                let name = buildings[building]?.displayName ?? building
                let floor = level.name.map { " (\($0))" } ?? ""
                title = "\(name) · level \(Level.formatOrdinal(level.ordinal))\(floor)"
            } else {
                title = level.displayName
            }
            return Plan(levelID: level.id, title: title, buildingID: level.buildingID, ordinal: level.ordinal)
        }
        let planOfLevel = Dictionary(plans.enumerated().map { ($1.levelID, $0) }, uniquingKeysWith: { a, _ in a })

        for space in venue.spaces where !space.geometry.polygons.isEmpty {
            for levelID in space.levelIDs {
                guard let plan = planOfLevel[levelID] else { continue }
                plans[plan].outlines.append(Outline(kind: space.kind, label: space.label, polygons: space.geometry.polygons))
            }
        }
        for opening in venue.openings {
            for levelID in opening.levelIDs {
                guard let plan = planOfLevel[levelID] else { continue }
                plans[plan].doors.append(Door(location: opening.location, isEntrance: opening.isEntrance,
                                              label: opening.name ?? opening.ref ?? opening.id))
            }
        }
        for connector in venue.connectors {
            for levelID in connector.levelIDs {
                guard let plan = planOfLevel[levelID] else { continue }
                plans[plan].connectors.append(ConnectorMark(location: connector.location, kind: connector.kind,
                                                            label: connector.label))
            }
        }
        let graph = compiled.graph
        var edgeProfiles: [NodePair: Set<Int>] = [:]
        var pairs: [NodePair] = []
        var corners: [NodePair: [Coordinate]] = [:]
        for (index, arc) in graph.arcs.enumerated() where graph.nodes[arc.tail].level == graph.nodes[arc.head].level {
            let pair = NodePair(arc.tail, arc.head)
            if edgeProfiles[pair] == nil {
                edgeProfiles[pair] = []
                pairs.append(pair)
                let points = [graph.nodes[arc.tail].coordinate] + arc.via + [graph.nodes[arc.head].coordinate]
                corners[pair] = arc.tail == pair.low ? points : points.reversed()
            }
            for (profile, costs) in compiled.profiles.enumerated() where costs.costs[index] != BundleFormat.impassable {
                edgeProfiles[pair]?.insert(profile)
            }
        }
        for pair in pairs {
            let levelIndex = graph.nodes[pair.low].level
            guard graph.levelIDs.indices.contains(levelIndex), let plan = planOfLevel[graph.levelIDs[levelIndex]],
                  let points = corners[pair] else { continue }
            let profiles = (edgeProfiles[pair] ?? []).sorted()
            for (from, to) in zip(points, points.dropFirst()) {
                plans[plan].edges.append(Edge(from: from, to: to, profiles: profiles))
            }
        }
        self.init(profiles: compiled.profiles.map(\.name), plans: plans)
    }

    /// Two nodes, lower index first, so both directions of an edge meet.
    private struct NodePair: Hashable {
        var low: Int
        var high: Int

        init(_ a: Int, _ b: Int) {
            low = min(a, b)
            high = max(a, b)
        }
    }
}
