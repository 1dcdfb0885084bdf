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
        // Per pair of nodes, the arc that first joined them (it draws the edge) and a bit per
        // profile that may use an arc between them: a set of profiles and a list of corners per
        // pair, each allocated, were about 40 MB of the validate stage's peak on Heidelberg.
        let words = (compiled.profiles.count + 63) / 64
        var pairSlots: [NodePair: Int] = [:]
        var drawingArcs: [Int] = []
        var profileBits: [UInt64] = []
        // Arcs by index and field: iterating the array copies every arc and its references.
        for index in graph.arcs.indices {
            let tail = graph.arcs[index].tail, head = graph.arcs[index].head
            guard graph.nodes[tail].level == graph.nodes[head].level else { continue }
            let pair = NodePair(tail, head)
            let slot: Int
            if let known = pairSlots[pair] {
                slot = known
            } else {
                slot = drawingArcs.count
                pairSlots[pair] = slot
                drawingArcs.append(index)
                for _ in 0..<words { profileBits.append(0) }
            }
            for profile in compiled.profiles.indices where compiled.profiles[profile].costs[index] != BundleFormat.impassable {
                profileBits[slot * words + profile / 64] |= 1 << UInt64(profile % 64)
            }
        }
        pairSlots = [:]
        // Most pairs share one of a few sets of profiles: each list is made once.
        var profileLists: [ArraySlice<UInt64>: [Int]] = [:]
        for (slot, index) in drawingArcs.enumerated() {
            let tail = graph.arcs[index].tail, head = graph.arcs[index].head
            let pair = NodePair(tail, head)
            let levelIndex = graph.nodes[pair.low].level
            guard graph.levelIDs.indices.contains(levelIndex), let plan = planOfLevel[graph.levelIDs[levelIndex]] else {
                continue
            }
            let bits = profileBits[slot * words..<(slot + 1) * words]
            let profiles: [Int]
            if let known = profileLists[bits] {
                profiles = known
            } else {
                profiles = compiled.profiles.indices.filter { bits[bits.startIndex + $0 / 64] & (1 << UInt64($0 % 64)) != 0 }
                profileLists[bits] = profiles
            }
            let drawn = [graph.nodes[tail].coordinate] + graph.arcs[index].via + [graph.nodes[head].coordinate]
            let points = tail == pair.low ? drawn : drawn.reversed()
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
