import NavBundle
import VenueModel

extension GraphBuilder {
    /// Gives each point of interest the node a route to it ends at: the room it stands in, the
    /// room its `room` ref names, or the nearest node on its level.
    func attachPointsOfInterest() {
        var roomsByRef: [String: Int] = [:]
        for (index, space) in venue.spaces.enumerated() {
            if let ref = space.ref, roomsByRef[ref] == nil { roomsByRef[ref] = index }
        }
        for poi in venue.pointsOfInterest {
            if let node = nodeForPointOfInterest(poi, roomsByRef: roomsByRef) {
                graph.placeNodes[.pointOfInterest(poi.id)] = node
            } else {
                report("place-not-connected", .warning,
                       "point of interest '\(poi.name)' is in no room and has no graph node within \(Int(parameters.placeSnapDistance)) m on its level",
                       at: poi.source, level: poi.levelID, coordinate: poi.location)
            }
        }
    }

    private func nodeForPointOfInterest(_ poi: PointOfInterest, roomsByRef: [String: Int]) -> Int? {
        if let location = poi.location, let levelID = poi.levelID {
            for space in locator.spaces(covering: location, levelID: levelID) {
                if let node = spaceNodes[space]?[levelID] { return node }
            }
        }
        if let ref = poi.roomRef, let space = roomsByRef[ref], let node = graph.placeNodes[.space(venue.spaces[space].id)] {
            return node
        }
        guard let location = poi.location, let level = levelIndex[poi.levelID ?? Level.outdoorID] else { return nil }
        var best: (node: Int, metres: Double)?
        for (index, node) in graph.nodes.enumerated() where node.level == level {
            let metres = locator.distance(location, node.coordinate)
            if metres <= parameters.placeSnapDistance, metres < best?.metres ?? .infinity { best = (index, metres) }
        }
        return best?.node
    }
}
