/// Boxes in a local plane filed by the cells of a square grid they cover, to find the boxes
/// that may meet a query box without testing every one.
///
/// A venue's rules that pair features of one level (every walkway against every room for
/// inferred openings, every door against every outline) scan all of one kind for each of the
/// other. That is cheap in a building and quadratic in a city: with eight copies of Heidelberg
/// side by side, inferring openings alone took a tenth of the import. A query returns a superset
/// of the boxes meeting it (every box sharing a cell with it), ascending, so callers keep their
/// exact tests and find what a scan in index order would find.
public struct PlanarBoxGrid: Sendable {
    /// The side of a cell, in metres.
    public let cellSize: Double
    /// Boxes covering more cells than this are not filed but returned by every query.
    static let largestFiled = 256.0
    /// How far (metres) every query reaches past its box, against rounding in the callers' tests.
    static let rounding = 1e-6
    /// Corners farther out than this (metres) are not filed cell by cell: integer cells would overflow.
    static let farthest = 1e12

    private var cells: [Cell: [Int]] = [:]
    /// Boxes too large (or too far out) to file cell by cell.
    private var large: [Int] = []

    private struct Cell: Hashable, Sendable {
        var x: Int
        var y: Int
    }

    public init(cellSize: Double = 100) {
        precondition(cellSize > 0, "a grid's cells have a size")
        self.cellSize = cellSize
    }

    /// Files box `index`. A box that meets nothing (empty, or with a corner not finite) is left
    /// out, since no query box can meet it.
    public mutating func insert(_ index: Int, minX: Double, minY: Double, maxX: Double, maxY: Double) {
        guard minX <= maxX, minY <= maxY, minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        guard let range = cellRange(minX: minX, minY: minY, maxX: maxX, maxY: maxY),
              Self.cellCount(range) <= Self.largestFiled else {
            large.append(index)
            return
        }
        for x in range.x {
            for y in range.y { cells[Cell(x: x, y: y), default: []].append(index) }
        }
    }

    /// The indexes of the boxes that may meet the query box, ascending and each once: every
    /// filed box that meets it, and some that only lie near it.
    ///
    /// The query is widened by ``rounding`` first: a caller's exact test may round its sums
    /// another way (`x + margin` against `minX - margin`), and must never miss a box for that.
    public func candidates(minX: Double, minY: Double, maxX: Double, maxY: Double) -> [Int] {
        guard minX <= maxX, minY <= maxY else { return [] }
        var found = large
        if let range = cellRange(minX: minX - Self.rounding, minY: minY - Self.rounding,
                                 maxX: maxX + Self.rounding, maxY: maxY + Self.rounding) {
            if Self.cellCount(range) <= Double(cells.count) {
                for x in range.x {
                    for y in range.y { found += cells[Cell(x: x, y: y)] ?? [] }
                }
            } else {
                // A query covering more cells than are filed: the filed cells it covers.
                for (cell, indexes) in cells where range.x.contains(cell.x) && range.y.contains(cell.y) {
                    found += indexes
                }
            }
        } else {
            // A query reaching farther out than integer cells: every filed box.
            for indexes in cells.values { found += indexes }
        }
        return Array(Set(found)).sorted()
    }

    /// How many cells a range covers, as a double: a far-flung box's count overflows an integer.
    private static func cellCount(_ range: (x: ClosedRange<Int>, y: ClosedRange<Int>)) -> Double {
        Double(range.x.count) * Double(range.y.count)
    }

    /// The cells a box covers, or `nil` when a corner lies too far out (or is not finite).
    private func cellRange(minX: Double, minY: Double, maxX: Double, maxY: Double) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        guard abs(minX) < Self.farthest, abs(maxX) < Self.farthest,
              abs(minY) < Self.farthest, abs(maxY) < Self.farthest else { return nil }
        let cell = { (value: Double) in Int((value / cellSize).rounded(.down)) }
        return (cell(minX)...cell(maxX), cell(minY)...cell(maxY))
    }
}
