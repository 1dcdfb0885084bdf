
extension GraphBuilder {
    /// Entrances that lead nowhere: a piece of the graph (of the arcs any profile may use) that
    /// holds an entrance but is no main piece (``GraphPieces``), such as an entrance node that no
    /// walkway meets with the one shop behind it. Each island is one `entrance-island` finding
    /// naming its entrances and places, since routes and snapped positions keep out of it and its
    /// places are reached from nowhere else. Emergency exits are left out: closed to everyday
    /// routes, they are ways out, not in, and stand alone in this graph by design.
    func reportEntranceIslands() {
        guard !entranceNodes.isEmpty else { return }
        let pieces = usablePieces()
        var islands: [Int: [Int]] = [:]
        for node in entranceNodes where !pieces.isMain(node) && doorAttributes[node]?.emergencyExit != true {
            islands[pieces.piece[node], default: []].append(node)
        }
        guard !islands.isEmpty else { return }
        var places: [Int: [String]] = [:]
        for (key, node) in graph.placeNodes where islands[pieces.piece[node]] != nil {
            places[pieces.piece[node], default: []].append(describe(key))
        }
        for piece in islands.keys.sorted() {
            guard let entrances = islands[piece]?.sorted(), let first = entrances.first,
                  let opening = openingOfNode[first].map({ venue.openings[$0] }) else { continue }
            let names = entrances.compactMap { openingOfNode[$0] }.map { index in
                venue.openings[index].source.feature ?? venue.openings[index].id
            }
            let noun = names.count == 1 ? "entrance \(names[0])" : "entrances \(names.joined(separator: ", "))"
            let held = (places[piece] ?? []).sorted()
            let size = pieces.sizes[piece]
            let what: String
            if size == 1 {
                what = "\(noun) is joined to nothing: no walkway, hall or room meets it"
            } else {
                let with = held.isEmpty ? "" : " and \(held.joined(separator: ", "))"
                what = "\(noun)\(with) form an island of \(size) nodes joined to nothing else"
            }
            report(.entranceIsland,
                   "\(what): no route from the rest of the venue reaches it, and positions near it snap to the rest; map the walkway from the entrance to the street, hall or platform it opens onto",
                   at: opening.source, level: opening.levelIDs.first, coordinate: opening.location)
        }
    }

    /// `room 'Kiosk' (way/12)`, `point of interest 'ATM' (node/5)`.
    private func describe(_ key: PlaceKey) -> String {
        switch key {
        case .space(let id):
            guard let space = venue.spaces.first(where: { $0.id == id }) else { return id }
            return "\(space.kind.noun) '\(space.reference)'" + (space.source.feature.map { " (\($0))" } ?? "")
        case .pointOfInterest(let id):
            guard let poi = venue.pointsOfInterest.first(where: { $0.id == id }) else { return id }
            return "point of interest '\(poi.name)'" + (poi.source.feature.map { " (\($0))" } ?? "")
        }
    }
}
