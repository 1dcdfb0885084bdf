import VenueModel

extension GraphBuilder {
    /// Where an opening joins a walkway: the point of a path segment it is linked to.
    struct OpeningSplit {
        enum Kind {
            /// An entrance joined to the nearest outdoor path within the entrance snap distance.
            case entrance
            /// A door drawn on a walkway without being one of its vertices.
            case onWalkway
            /// An inferred shop front joined to the walkway it faces.
            case front
        }

        var opening: Int
        var kind: Kind
        var coordinate: Coordinate
        /// Position along the segment, 0 at its start.
        var fraction: Double
    }

    /// How each opening meets the paths, grouped by the segment it meets and ordered along it:
    /// - an entrance, the nearest outdoor path within ``GraphParameters/entranceSnapDistance``;
    /// - a door or entrance lying on a path of its own level (within the door tolerance) without
    ///   being one of the path's vertices, that path;
    /// - an inferred front (``Opening/isInferred``) on no path, the nearest path of its level
    ///   within the front reach.
    /// A point within a metre of a vertex snaps to the vertex, so no needless stubs appear.
    func openingSplits() -> [SegmentKey: [OpeningSplit]] {
        let openingNodes = doorAttributes.keys.sorted()
        guard !openingNodes.isEmpty else { return [:] }
        let projection = locator.projection
        let outdoor = levelIndex[Level.outdoorID]
        // Indoor openings drawn at a vertex of a path of their own level are on it already.
        let indoorKeys = Set(openingNodes.filter { graph.nodes[$0].level != outdoor }
            .map { PositionKey(level: graph.nodes[$0].level, coordinate: graph.nodes[$0].coordinate) })
        let indoorLevels = Set(indoorKeys.map(\.level))
        var onVertex = Set<PositionKey>()
        for path in venue.paths {
            guard let level = levelIndex[path.levelID], indoorLevels.contains(level) else { continue }
            for coordinate in path.coordinates {
                let key = PositionKey(level: level, coordinate: coordinate)
                if indoorKeys.contains(key) { onVertex.insert(key) }
            }
        }
        // Paths by level ordinal: a door on level 0 of one building lies on the walkways of level 0
        // of any, and on the ground's; the outdoor paths alone serve entrances.
        var search = OpeningSearch(cellSize: max(parameters.entranceSnapDistance, Self.frontReach, 1))
        var entranceQuestions: [Int: Int] = [:], walkwayQuestions: [Int: Int] = [:]
        for opening in openingNodes {
            let node = graph.nodes[opening], point = projection.project(node.coordinate)
            if outdoor != nil, entranceNodes.contains(opening) {
                entranceQuestions[opening] = search.ask(point, among: .outdoor, reaches: [parameters.entranceSnapDistance])
            }
            guard node.level != outdoor, !onVertex.contains(PositionKey(level: node.level, coordinate: node.coordinate))
            else { continue }
            walkwayQuestions[opening] = search.ask(point, among: .ordinal(venue.levels[node.level].ordinal),
                                                   reaches: [parameters.doorTolerance, Self.frontReach])
        }
        for (pathIndex, path) in venue.paths.enumerated() {
            guard let level = levelIndex[path.levelID] else { continue }
            let among: [OpeningSearch.Walkways] = (level == outdoor ? [.outdoor] : []) + [.ordinal(venue.levels[level].ordinal)]
            guard among.contains(where: search.isAsked) else { continue }
            let points = path.coordinates.map(projection.project)
            for (segment, (a, b)) in zip(points, points.dropFirst()).enumerated() {
                for walkways in among { search.offer(SegmentKey(path: pathIndex, segment: segment), from: a, to: b, among: walkways) }
            }
        }
        var result: [SegmentKey: [OpeningSplit]] = [:]
        func add(_ opening: Int, _ kind: OpeningSplit.Kind, _ found: OpeningSearch.Found?) -> Bool {
            guard let found else { return false }
            result[found.key, default: []].append(OpeningSplit(opening: opening, kind: kind,
                                                               coordinate: projection.unproject(found.foot),
                                                               fraction: found.fraction))
            return true
        }
        for opening in openingNodes {
            if let question = entranceQuestions[opening] { _ = add(opening, .entrance, search.found(question, reach: 0)) }
            guard let question = walkwayQuestions[opening] else { continue }
            if !add(opening, .onWalkway, search.found(question, reach: 0)), inferredOpeningNodes.contains(opening) {
                _ = add(opening, .front, search.found(question, reach: 1))
            }
        }
        for key in result.keys { result[key]?.sort { ($0.fraction, $0.opening) < ($1.fraction, $1.opening) } }
        return result
    }

    /// How far (metres) an inferred shop front may be from the walkway it opens onto.
    static let frontReach = 10.0
}
