import NavBundle
import VenueModel

extension GraphBuilder {
    /// Explicit walkways as drawn: a node per vertex (shared where ways meet or touch a door), an
    /// edge per segment. Path ends inside a space (and every vertex of an indoor path) become
    /// anchors of that space, so the path joins the doors around it; entrances join the nearest
    /// outdoor path, split where the entrance meets it.
    func addPaths() {
        let splits = entranceSplits()
        var nodesOfVertex: [String: [Int]] = [:]
        for (pathIndex, path) in venue.paths.enumerated() {
            guard let level = levelIndex[path.levelID], path.coordinates.count >= 2 else { continue }
            let indoor = path.levelID != Level.outdoorID
            let kind: ArcKind = switch path.kind {
            case .steps: .steps
            case .ramp: .ramp
            default: indoor ? .indoorPath : .outdoorPath
            }
            var attributes = ArcAttributes(path.accessibility, indoor: indoor)
            attributes.stepCount = path.stepCount
            attributes.access = path.access
            let nodes = path.coordinates.map { node(at: $0, level: level) }
            if let refs = path.vertexRefs, refs.count == nodes.count {
                for (ref, node) in zip(refs, nodes) where !(nodesOfVertex[ref]?.contains(node) ?? false) {
                    nodesOfVertex[ref, default: []].append(node)
                }
            }
            for (segment, (a, b)) in zip(nodes, nodes.dropFirst()).enumerated() {
                // Entrances met along this segment split it, in walking order.
                var chain = [a]
                for split in splits[SegmentKey(path: pathIndex, segment: segment)] ?? [] {
                    let middle = node(at: split.coordinate, level: level)
                    if middle != chain.last, middle != b { chain.append(middle) }
                    linkEntrance(split.entrance, to: middle)
                }
                chain.append(b)
                for (tail, head) in zip(chain, chain.dropFirst()) {
                    addEdge(tail, head, kind: kind, label: path.name, attributes: attributes, oneWay: path.isOneWay)
                }
            }
            if indoor {
                for end in [nodes.first, nodes.last].compactMap({ $0 }) { joinToNearbyDoor(end, levelID: path.levelID) }
            }
            let inside = indoor ? Array(nodes.indices) : [0, nodes.count - 1]
            for position in inside {
                if let space = locator.spaces(covering: path.coordinates[position], levelID: path.levelID)
                    .first(where: { venue.spaces[$0].kind.isWalkable }) {
                    addAnchor(nodes[position], space: space, levelID: path.levelID)
                }
            }
        }
        // A vertex shared by ways on different levels (an untagged street meeting a level=0 arcade,
        // say) is one place: join its nodes.
        for ref in nodesOfVertex.keys.sorted() {
            guard let nodes = nodesOfVertex[ref], nodes.count > 1 else { continue }
            for (a, b) in zip(nodes, nodes.dropFirst()) {
                addEdge(a, b, kind: .walk, label: nil, attributes: ArcAttributes(), length: 0)
            }
        }
    }

    /// An indoor path ending a little off a door still reaches it.
    private func joinToNearbyDoor(_ node: Int, levelID: String) {
        guard graph.nodes[node].kind == .junction else { return }
        let level = graph.nodes[node].level
        let candidates = doorAttributes.keys.filter { graph.nodes[$0].level == level }
            .map { ($0, distance($0, node)) }
            .filter { $0.1 <= parameters.doorTolerance }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        if let (door, _) = candidates.first {
            addEdge(node, door, kind: .indoorPath, label: nil, attributes: ArcAttributes())
        }
    }

    private func linkEntrance(_ entrance: Int, to node: Int) {
        var attributes = ArcAttributes()
        attributes.isIndoor = false
        addEdge(node, entrance, kind: .entrance, label: graph.nodes[entrance].label, attributes: attributes)
    }

    struct SegmentKey: Hashable {
        var path: Int
        var segment: Int
    }

    struct EntranceSplit {
        var entrance: Int
        var coordinate: Coordinate
        /// Position along the segment, 0 at its start.
        var fraction: Double
    }

    /// For each entrance, the nearest point on an outdoor path within the snap distance, grouped
    /// by the segment it lies on and ordered along it. A point within a metre of a vertex snaps to
    /// the vertex, so no needless stubs appear.
    private func entranceSplits() -> [SegmentKey: [EntranceSplit]] {
        guard !entranceNodes.isEmpty else { return [:] }
        let projection = locator.projection
        let reach = parameters.entranceSnapDistance
        var grid = SegmentGrid(cellSize: max(reach, 1))
        for (pathIndex, path) in venue.paths.enumerated() where path.levelID == Level.outdoorID {
            let points = path.coordinates.map(projection.project)
            for (segment, (a, b)) in zip(points, points.dropFirst()).enumerated() {
                grid.insert(SegmentKey(path: pathIndex, segment: segment), from: a, to: b)
            }
        }
        var result: [SegmentKey: [EntranceSplit]] = [:]
        for entrance in entranceNodes {
            let point = projection.project(graph.nodes[entrance].coordinate)
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
            guard let best else { continue }
            result[best.key, default: []].append(EntranceSplit(entrance: entrance, coordinate: projection.unproject(best.foot),
                                                               fraction: best.fraction))
        }
        for key in result.keys { result[key]?.sort { ($0.fraction, $0.entrance) < ($1.fraction, $1.entrance) } }
        return result
    }
}

/// Buckets path segments by the grid cells they pass through.
struct SegmentGrid {
    let cellSize: Double
    private var cells: [SpatialGrid.Cell: [GraphBuilder.SegmentKey]] = [:]

    init(cellSize: Double) {
        self.cellSize = cellSize
    }

    private func index(_ value: Double) -> Int { Int((value / cellSize).rounded(.down)) }

    mutating func insert(_ key: GraphBuilder.SegmentKey, from a: PlanarPoint, to b: PlanarPoint) {
        // Samples every half cell: each cell the segment crosses is hit, or one beside it is, and
        // lookups scan the neighbours too.
        let samples = Int((a.distance(to: b) / cellSize * 2).rounded(.up))
        var visited = Set<SpatialGrid.Cell>()
        for step in 0...max(samples, 1) {
            let t = Double(step) / Double(max(samples, 1))
            let cell = SpatialGrid.Cell(x: index(a.x + (b.x - a.x) * t), y: index(a.y + (b.y - a.y) * t))
            if visited.insert(cell).inserted { cells[cell, default: []].append(key) }
        }
    }

    /// Segments in the cell of `point` and its neighbours, each once, in a stable order.
    func segments(near point: PlanarPoint) -> [GraphBuilder.SegmentKey] {
        let cx = index(point.x), cy = index(point.y)
        var found = Set<GraphBuilder.SegmentKey>()
        for dx in -1...1 { for dy in -1...1 { found.formUnion(cells[SpatialGrid.Cell(x: cx + dx, y: cy + dy)] ?? []) } }
        return found.sorted { ($0.path, $0.segment) < ($1.path, $1.segment) }
    }
}
