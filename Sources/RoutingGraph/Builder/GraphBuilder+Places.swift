import NavFormat
import VenueModel

extension GraphBuilder {
    /// A node for each point of interest that stands inside a walkable space, linked inside that
    /// space like its doors: a route to the printer ends at the printer, not at the room's middle.
    func addPointsOfInterestInSpaces() {
        for poi in venue.pointsOfInterest {
            guard let location = poi.location, let levelID = poi.levelID, let level = levelIndex[levelID] else { continue }
            let holding = holdingSpaces(of: location, levelID: levelID)
            guard !holding.isEmpty else { continue }
            let node = addNode(location, level: level, kind: .pointOfInterest, label: poi.name)
            for (space, spaceLevel) in holding { addAnchor(node, space: space, levelID: spaceLevel) }
            graph.placeNodes[.pointOfInterest(poi.id)] = node
        }
    }

    /// Gives each remaining point of interest the node a route to it ends at: the room its `room`
    /// ref names, else the nearest node on its floor (its level, and the other levels of the
    /// same ordinal: ``sameFloor(as:)``) within the place snap distance that lies
    /// in a main piece of the graph some profile may use (``GraphPieces``), else the nearest
    /// node within that distance. A point beside an isolated landing thus attaches to the
    /// corridor a few metres further, not to the landing.
    func attachPointsOfInterest() {
        // Lowercased, as validation and the bundle's search match refs.
        var roomsByRef: [String: Int] = [:]
        for (index, space) in venue.spaces.enumerated() {
            if let ref = space.ref?.lowercased(), roomsByRef[ref] == nil { roomsByRef[ref] = index }
        }
        let nearby = NodeNeighbourhood(graph: graph, projection: locator.projection, radius: parameters.placeSnapDistance)
        for poi in venue.pointsOfInterest where graph.placeNodes[.pointOfInterest(poi.id)] == nil {
            if let ref = poi.roomRef?.lowercased(), let space = roomsByRef[ref],
               let node = graph.placeNodes[.space(venue.spaces[space].id)] {
                graph.placeNodes[.pointOfInterest(poi.id)] = node
                continue
            }
            var candidates: [Int] = []
            if let location = poi.location {
                let levels = sameFloor(as: poi.levelID ?? Level.outdoorID).compactMap { levelIndex[$0] }
                candidates = nearby.nodes(near: location, levels: levels)
            }
            guard let nearest = candidates.first else {
                report(.placeNotConnected,
                       "point of interest '\(poi.name)' is in no room and has no graph node within \(Int(parameters.placeSnapDistance)) m on its floor",
                       at: poi.source, level: poi.levelID, coordinate: poi.location)
                continue
            }
            // Built once the first point needs it: every arc is in the graph by now.
            let main = usablePieces()
            graph.placeNodes[.pointOfInterest(poi.id)] = candidates.first(where: main.isMain) ?? nearest
        }
    }

    /// The pieces of the graph of arcs at least one of the pipeline's profiles may use, made
    /// once every arc is in: placing points of interest and finding islands both ask.
    func usablePieces() -> GraphPieces {
        if let known = usable, known.piece.count == graph.nodes.count { return known }
        // Profile by profile, each judging the arcs none before it opened (as asking whether any
        // profile may use each arc would), arcs by index: a closure per arc copied each.
        var open = [Bool](repeating: false, count: graph.arcs.count)
        for profile in parameters.profiles {
            for index in graph.arcs.indices where !open[index] {
                open[index] = profile.cost(for: graph.arcs[index]) != BundleFormat.impassable
            }
        }
        let pieces = GraphPieces(graph: graph) { open[$0] }
        usable = pieces
        return pieces
    }
}
