import VenueModel

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
