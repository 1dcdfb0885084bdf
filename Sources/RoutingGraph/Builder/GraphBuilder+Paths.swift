import NavBundle
import VenueModel

extension GraphBuilder {
    /// Explicit walkways as drawn: a node per vertex (shared where ways meet or touch a door), an
    /// edge per segment.
    func addPaths() {
        var nodesOfVertex: [String: [Int]] = [:]
        for path in venue.paths {
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
            for (a, b) in zip(nodes, nodes.dropFirst()) {
                addEdge(a, b, kind: kind, label: path.name, attributes: attributes, oneWay: path.isOneWay)
            }
            if indoor {
                for end in [nodes.first, nodes.last].compactMap({ $0 }) { joinToNearbyDoor(end, levelID: path.levelID) }
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

    /// Links each entrance to the outdoor path ends within the door tolerance.
    func joinEntrances() {
        guard let outdoor = levelIndex[Level.outdoorID] else { return }
        let outdoorNodes = graph.nodes.indices.filter { graph.nodes[$0].level == outdoor }
        var grid = SpatialGrid(cellSize: max(parameters.doorTolerance, 0.1), projection: locator.projection)
        for node in outdoorNodes { grid.insert(node, at: graph.nodes[node].coordinate) }
        for entrance in entranceNodes {
            let coordinate = graph.nodes[entrance].coordinate
            for candidate in grid.nodes(near: coordinate) {
                let metres = distance(entrance, candidate)
                guard metres <= parameters.doorTolerance else { continue }
                var attributes = ArcAttributes()
                attributes.isIndoor = false
                addEdge(candidate, entrance, kind: .entrance, label: graph.nodes[entrance].label,
                        attributes: attributes, length: metres)
            }
        }
    }
}

/// Buckets nodes by grid cell in the local plane for near-neighbour lookups.
struct SpatialGrid {
    struct Cell: Hashable {
        var x: Int
        var y: Int
    }

    let cellSize: Double
    let projection: LocalProjection
    private var cells: [Cell: [Int]] = [:]

    init(cellSize: Double, projection: LocalProjection) {
        self.cellSize = cellSize
        self.projection = projection
    }

    private func cell(of coordinate: Coordinate) -> Cell {
        let point = projection.project(coordinate)
        return Cell(x: Int((point.x / cellSize).rounded(.down)), y: Int((point.y / cellSize).rounded(.down)))
    }

    mutating func insert(_ node: Int, at coordinate: Coordinate) {
        cells[cell(of: coordinate), default: []].append(node)
    }

    /// Nodes in the cell of `coordinate` and its eight neighbours, ascending.
    func nodes(near coordinate: Coordinate) -> [Int] {
        let center = cell(of: coordinate)
        var result: [Int] = []
        for dx in -1...1 {
            for dy in -1...1 { result += cells[Cell(x: center.x + dx, y: center.y + dy)] ?? [] }
        }
        return result.sorted()
    }
}
