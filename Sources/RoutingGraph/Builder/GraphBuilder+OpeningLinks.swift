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
        let cell = max(parameters.entranceSnapDistance, Self.frontReach, 1)
        // Paths by level ordinal: a door on level 0 of one building lies on the walkways of level 0
        // of any, and on the ground's; the outdoor paths alone serve entrances.
        var grids: [Double: SegmentGrid] = [:]
        var outdoorGrid = SegmentGrid(cellSize: cell)
        var vertices = Set<PositionKey>()
        let outdoor = levelIndex[Level.outdoorID]
        for (pathIndex, path) in venue.paths.enumerated() {
            guard let level = levelIndex[path.levelID] else { continue }
            let points = path.coordinates.map(projection.project)
            for coordinate in path.coordinates { vertices.insert(PositionKey(level: level, coordinate: coordinate)) }
            for (segment, (a, b)) in zip(points, points.dropFirst()).enumerated() {
                let key = SegmentKey(path: pathIndex, segment: segment)
                grids[venue.levels[level].ordinal, default: SegmentGrid(cellSize: cell)].insert(key, from: a, to: b)
                if level == outdoor { outdoorGrid.insert(key, from: a, to: b) }
            }
        }
        var result: [SegmentKey: [OpeningSplit]] = [:]
        func add(_ opening: Int, _ kind: OpeningSplit.Kind, grid: SegmentGrid?, reach: Double) -> Bool {
            guard let found = nearestSegment(to: graph.nodes[opening].coordinate, reach: reach, grid: grid) else {
                return false
            }
            result[found.key, default: []].append(OpeningSplit(opening: opening, kind: kind, coordinate: found.coordinate,
                                                               fraction: found.fraction))
            return true
        }
        for opening in openingNodes {
            let level = graph.nodes[opening].level
            if entranceNodes.contains(opening), outdoor != nil {
                _ = add(opening, .entrance, grid: outdoorGrid, reach: parameters.entranceSnapDistance)
            }
            guard level != outdoor, !vertices.contains(PositionKey(level: level, coordinate: graph.nodes[opening].coordinate))
            else { continue }
            let grid = grids[venue.levels[level].ordinal]
            if !add(opening, .onWalkway, grid: grid, reach: parameters.doorTolerance), inferredOpeningNodes.contains(opening) {
                _ = add(opening, .front, grid: grid, reach: Self.frontReach)
            }
        }
        for key in result.keys { result[key]?.sort { ($0.fraction, $0.opening) < ($1.fraction, $1.opening) } }
        return result
    }

    /// How far (metres) an inferred shop front may be from the walkway it opens onto.
    static let frontReach = 10.0

    private func nearestSegment(to coordinate: Coordinate, reach: Double, grid: SegmentGrid?)
        -> (key: SegmentKey, coordinate: Coordinate, fraction: Double)? {
        guard let grid else { return nil }
        let projection = locator.projection
        let point = projection.project(coordinate)
        var best: (key: SegmentKey, foot: PlanarPoint, fraction: Double, metres: Double)?
        for key in grid.segments(near: point) {
            let coordinates = venue.paths[key.path].coordinates
            let a = projection.project(coordinates[key.segment]), b = projection.project(coordinates[key.segment + 1])
            let foot = SpaceOutline.closestPoint(on: a, b, to: point)
            let metres = foot.distance(to: point)
            guard metres <= reach, metres < best?.metres ?? .infinity else { continue }
            let length = a.distance(to: b)
            var fraction = length > 0 ? foot.distance(to: a) / length : 0
            var snapped = foot
            if foot.distance(to: a) < 1 { snapped = a; fraction = 0 }
            else if foot.distance(to: b) < 1 { snapped = b; fraction = 1 }
            best = (key, snapped, fraction, metres)
        }
        return best.map { ($0.key, projection.unproject($0.foot), $0.fraction) }
    }
}
