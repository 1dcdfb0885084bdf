
/// The ring-by-ring walk over one level's grid that ``VenueBundle/snap(latitude:longitude:level:)``
/// runs: rings of cells around the position's cell until no unvisited cell can hold a nearer node.
struct SnapSearch {
    let grid: SnapIndex.Grid
    let scale: Double
    let latitude: Int64
    let longitude: Int64
    /// The position's cell, clamped into the grid.
    let row: Int
    let column: Int

    init(grid: SnapIndex.Grid, scale: Double, latitude: Int64, longitude: Int64) {
        self.grid = grid
        self.scale = scale
        self.latitude = latitude
        self.longitude = longitude
        row = Self.clamp((latitude - grid.minLatitude) / grid.cellLatitude, grid.rows, below: latitude < grid.minLatitude)
        column = Self.clamp((longitude - grid.minLongitude) / grid.cellLongitude, grid.columns,
                            below: longitude < grid.minLongitude)
    }

    private static func clamp(_ value: Int64, _ count: Int, below: Bool) -> Int {
        below ? 0 : Int(min(value, Int64(count - 1)))
    }

    /// The grid-local cell indexes at Chebyshev distance `ring` from the position's cell;
    /// `nil` once the ring lies wholly outside the grid.
    func cells(inRing ring: Int) -> [Int]? {
        guard ring == 0 || row - ring >= 0 || row + ring < grid.rows || column - ring >= 0 || column + ring < grid.columns else {
            return nil
        }
        var result: [Int] = []
        for cellRow in max(0, row - ring)...min(grid.rows - 1, row + ring) {
            let onEdge = cellRow == row - ring || cellRow == row + ring
            for cellColumn in max(0, column - ring)...min(grid.columns - 1, column + ring)
            where onEdge || cellColumn == column - ring || cellColumn == column + ring {
                result.append(cellRow * grid.columns + cellColumn)
            }
        }
        return result
    }

    func squaredDistance(to node: Int, in bundle: VenueBundle) throws(BundleError) -> Double {
        let (nodeLatitude, nodeLongitude) = try bundle.fixedPointPosition(of: node)
        let dy = Double(latitude - nodeLatitude)
        let dx = Double(longitude - nodeLongitude) * scale
        return dx * dx + dy * dy
    }

    /// Whether every node outside rings `0...ring` is farther than `bestSquared`: the distance
    /// from the position to the nearest side of the visited block that has cells beyond it.
    func isSettled(afterRing ring: Int, bestSquared: Double) -> Bool {
        var bound = Double.infinity
        if row - ring > 0 {
            bound = min(bound, max(0, Double(latitude - (grid.minLatitude + Int64(row - ring) * grid.cellLatitude))))
        }
        if row + ring < grid.rows - 1 {
            bound = min(bound, max(0, Double(grid.minLatitude + Int64(row + ring + 1) * grid.cellLatitude - latitude)))
        }
        if column - ring > 0 {
            let edge = grid.minLongitude + Int64(column - ring) * grid.cellLongitude
            bound = min(bound, max(0, Double(longitude - edge) * scale))
        }
        if column + ring < grid.columns - 1 {
            let edge = grid.minLongitude + Int64(column + ring + 1) * grid.cellLongitude
            bound = min(bound, max(0, Double(edge - longitude) * scale))
        }
        // A margin keeps rounding from ending the walk before a node at exactly the bound.
        return bound == .infinity || bestSquared < bound * bound * 0.999_999
    }
}
