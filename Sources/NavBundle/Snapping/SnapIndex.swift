import NavFormat

/// The `SNAP` section read in place: a uniform grid of cells per level, each listing its nodes.
struct SnapIndex {
    /// One level's grid; `rows == 0` when the level has no nodes.
    struct Grid {
        var minLatitude: Int64
        var minLongitude: Int64
        var cellLatitude: Int64
        var cellLongitude: Int64
        var rows: Int
        var columns: Int
        var firstCell: Int

        /// Level `level`'s grid in `grids` (``BundleFormat/SnapGridEntry``'s layout, which
        /// `SNAP` and `GFNC` share), checked to lie within the `cellCount` cells of `section`.
        init(_ level: Int, in grids: ByteReader, cellCount: Int, section: String) throws(BundleError) {
            typealias Entry = BundleFormat.SnapGridEntry
            let base = level * Entry.size
            let read = try BundleError.reading(section) { () throws(FormatError) in
                (Int64(try grids.int32(at: base + Entry.minLatitude)), Int64(try grids.int32(at: base + Entry.minLongitude)),
                 Int64(try grids.uint32(at: base + Entry.cellLatitude)), Int64(try grids.uint32(at: base + Entry.cellLongitude)),
                 Int(try grids.uint32(at: base + Entry.rows)), Int(try grids.uint32(at: base + Entry.columns)),
                 Int(try grids.uint32(at: base + Entry.firstCell)))
            }
            (minLatitude, minLongitude, cellLatitude, cellLongitude, rows, columns, firstCell) = read
            guard rows == 0 || (cellLatitude > 0 && cellLongitude > 0 && columns > 0 && rows <= cellCount && columns <= cellCount
                                && firstCell + rows * columns <= cellCount) else {
                throw .malformedSection(section: section, detail: "the grid of level \(level) lies outside the cell table")
            }
        }
    }

    let levelCount: Int
    let cellCount: Int
    let entryCount: Int
    /// Longitude differences are multiplied by this before distances are compared.
    let longitudeScale: Double
    let levels: ByteReader
    let cellFirst: ByteReader
    let entries: ByteReader

    init(section: ByteReader, levelCount expectedLevels: Int, nodeCount: Int) throws(BundleError) {
        typealias Section = BundleFormat.SnapSection
        let header = Result { () throws(FormatError) in
            (try section.uint32(at: Section.levelCount), try section.uint32(at: Section.nodeCount),
             try section.uint32(at: Section.cellCount), try section.uint32(at: Section.entryCount),
             try section.float64(at: Section.longitudeScale))
        }
        guard case .success(let (levels, nodes, cells, entries, scale)) = header else {
            throw .malformedSection(section: "SNAP", detail: "too short for its header")
        }
        guard Int(levels) == expectedLevels, Int(nodes) == nodeCount, scale.isFinite, scale > 0, scale <= 1 else {
            throw .malformedSection(section: "SNAP", detail: "counts differ from LEVL and NODE, or the scale \(scale) is invalid")
        }
        levelCount = Int(levels)
        cellCount = Int(cells)
        entryCount = Int(entries)
        longitudeScale = scale
        let layout = Section(levelCount: levelCount, cellCount: cellCount)
        guard let levelTable = try? section.slice(offset: layout.grids, count: levelCount * BundleFormat.SnapGridEntry.size),
              let cellTable = try? section.slice(offset: layout.cellFirst, count: layout.cellFirstBytes),
              let entryTable = try? section.slice(offset: layout.entries, count: entryCount * BundleFormat.wordSize) else {
            throw .malformedSection(section: "SNAP", detail: "\(cells) cells and \(entries) entries do not fit the section")
        }
        self.levels = levelTable
        cellFirst = cellTable
        self.entries = entryTable
    }

    func grid(_ level: Int) throws(BundleError) -> Grid {
        try Grid(level, in: levels, cellCount: cellCount, section: "SNAP")
    }

    /// The nodes listed in cell `cell` (a global cell index).
    func nodes(inCell cell: Int) throws(BundleError) -> Range<Int> {
        let (first, last) = try BundleError.reading("SNAP") { () throws(FormatError) in
            (Int(try cellFirst.uint32(at: cell * BundleFormat.wordSize)), Int(try cellFirst.uint32(at: (cell + 1) * BundleFormat.wordSize)))
        }
        guard first <= last, last <= entryCount else {
            throw .malformedSection(section: "SNAP", detail: "cell \(cell) lists entries \(first)..<\(last)")
        }
        return first..<last
    }

    func entry(_ index: Int) throws(BundleError) -> Int {
        Int(try BundleError.reading("SNAP") { () throws(FormatError) in try entries.uint32(at: index * BundleFormat.wordSize) })
    }
}
