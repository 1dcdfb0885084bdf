import NavBundle
import VenueModel

extension GraphBuilder {
    /// A node for each point of interest that stands inside a walkable space, linked inside that
    /// space like its doors: a route to the printer ends at the printer, not at the room's middle.
    func addPointsOfInterestInSpaces() {
        for poi in venue.pointsOfInterest {
            guard let location = poi.location, let levelID = poi.levelID, let level = levelIndex[levelID],
                  let space = locator.spaces(covering: location, levelID: levelID)
                    .first(where: { venue.spaces[$0].kind.isWalkable }) else { continue }
            let node = addNode(location, level: level, kind: .pointOfInterest, label: poi.name)
            addAnchor(node, space: space, levelID: levelID)
            graph.placeNodes[.pointOfInterest(poi.id)] = node
        }
    }

    /// Gives each remaining point of interest the node a route to it ends at: the room its `room`
    /// ref names, or the nearest node on its level.
    func attachPointsOfInterest() {
        // Lowercased, as validation and the bundle's search match refs.
        var roomsByRef: [String: Int] = [:]
        for (index, space) in venue.spaces.enumerated() {
            if let ref = space.ref?.lowercased(), roomsByRef[ref] == nil { roomsByRef[ref] = index }
        }
        // Nodes bucketed per level in cells as large as the snap distance: the nearest node within
        // reach is then in the 3 × 3 cells around a point.
        var grids: [Int: SpatialGrid] = [:]
        let cell = max(parameters.placeSnapDistance, 1)
        for (index, node) in graph.nodes.enumerated() {
            grids[node.level, default: SpatialGrid(cellSize: cell, projection: locator.projection)]
                .insert(index, at: node.coordinate)
        }
        for poi in venue.pointsOfInterest where graph.placeNodes[.pointOfInterest(poi.id)] == nil {
            if let node = nodeForPointOfInterest(poi, roomsByRef: roomsByRef, grids: grids) {
                graph.placeNodes[.pointOfInterest(poi.id)] = node
            } else {
                report("place-not-connected", .warning,
                       "point of interest '\(poi.name)' is in no room and has no graph node within \(Int(parameters.placeSnapDistance)) m on its level",
                       at: poi.source, level: poi.levelID, coordinate: poi.location)
            }
        }
    }

    private func nodeForPointOfInterest(_ poi: PointOfInterest, roomsByRef: [String: Int],
                                        grids: [Int: SpatialGrid]) -> Int? {
        if let ref = poi.roomRef?.lowercased(), let space = roomsByRef[ref], let node = graph.placeNodes[.space(venue.spaces[space].id)] {
            return node
        }
        guard let location = poi.location, let level = levelIndex[poi.levelID ?? Level.outdoorID],
              let grid = grids[level] else { return nil }
        var best: (node: Int, metres: Double)?
        for index in grid.nodes(near: location) {
            let metres = locator.distance(location, graph.nodes[index].coordinate)
            if metres <= parameters.placeSnapDistance, metres < best?.metres ?? .infinity { best = (index, metres) }
        }
        return best?.node
    }
}
