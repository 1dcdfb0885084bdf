import NavFormat

/// The `GFNC` section read in place: the fences and a uniform grid of cells per level, each
/// listing the fences whose boxes meet it.
struct GeofenceIndex {
    /// One fence: a place's outline (`outline` set, `radius` 0) or a circle around its position.
    struct Fence {
        var place: Int
        var outline: Int?
        var radius: UInt32
        var level: Int
    }

    let levelCount: Int
    let fenceCount: Int
    let cellCount: Int
    let entryCount: Int
    let longitudeScale: Double
    let grids: ByteReader
    let fences: ByteReader
    let cellFirst: ByteReader
    let entries: ByteReader

    init(section: ByteReader, levelCount expectedLevels: Int) throws(BundleError) {
        typealias Section = BundleFormat.GeofenceSection
        let header = Result { () throws(FormatError) in
            (try section.uint32(at: Section.levelCount), try section.uint32(at: Section.fenceCount),
             try section.uint32(at: Section.cellCount), try section.uint32(at: Section.entryCount),
             try section.float64(at: Section.longitudeScale))
        }
        guard case .success(let (levels, fences, cells, entries, scale)) = header, section.count >= Section.headerSize else {
            throw .malformedSection(section: "GFNC", detail: "too short for its header")
        }
        guard Int(levels) == expectedLevels, scale.isFinite, scale > 0, scale <= 1 else {
            throw .malformedSection(section: "GFNC", detail: "\(levels) levels, LEVL has \(expectedLevels), or the scale \(scale) is invalid")
        }
        levelCount = Int(levels)
        fenceCount = Int(fences)
        cellCount = Int(cells)
        entryCount = Int(entries)
        longitudeScale = scale
        let layout = Section(levelCount: levelCount, fenceCount: fenceCount, cellCount: cellCount)
        guard let grids = try? section.slice(offset: layout.grids, count: levelCount * BundleFormat.SnapGridEntry.size),
              let fenceTable = try? section.slice(offset: layout.fences, count: fenceCount * BundleFormat.GeofenceEntry.size),
              let cellTable = try? section.slice(offset: layout.cellFirst, count: (cellCount + 1) * BundleFormat.wordSize),
              let entryTable = try? section.slice(offset: layout.entries, count: entryCount * BundleFormat.wordSize) else {
            throw .malformedSection(section: "GFNC", detail: "\(fences) fences, \(cells) cells and \(entries) entries do not fit the section")
        }
        self.grids = grids
        self.fences = fenceTable
        cellFirst = cellTable
        self.entries = entryTable
    }

    /// Level `level`'s grid, checked to lie within the cell table.
    func grid(_ level: Int) throws(BundleError) -> SnapIndex.Grid {
        try SnapIndex.Grid(level, in: grids, cellCount: cellCount, section: "GFNC")
    }

    /// The fences listed in cell `cell` (a global cell index), as indexes into the fences.
    func fences(inCell cell: Int) throws(BundleError) -> [Int] {
        let (first, last) = try BundleError.reading("GFNC") { () throws(FormatError) in
            (Int(try cellFirst.uint32(at: cell * BundleFormat.wordSize)), Int(try cellFirst.uint32(at: (cell + 1) * BundleFormat.wordSize)))
        }
        guard first <= last, last <= entryCount else {
            throw .malformedSection(section: "GFNC", detail: "cell \(cell) lists entries \(first)..<\(last)")
        }
        var result: [Int] = []
        for index in first..<last {
            let fence = Int(try BundleError.reading("GFNC") { () throws(FormatError) in try entries.uint32(at: index * BundleFormat.wordSize) })
            guard fence < fenceCount else { throw .malformedSection(section: "GFNC", detail: "cell \(cell) lists fence \(fence) of \(fenceCount)") }
            result.append(fence)
        }
        return result
    }

    /// Fence `index`, checked against the counts of `PLAC`, `OUTL` and `LEVL`.
    func fence(_ index: Int, placeCount: Int, outlineCount: Int) throws(BundleError) -> Fence {
        typealias Entry = BundleFormat.GeofenceEntry
        let base = index * Entry.size
        let (place, outline, radius, level) = try BundleError.reading("GFNC") { () throws(FormatError) in
            (try fences.uint32(at: base + Entry.place), try fences.uint32(at: base + Entry.outline),
             try fences.uint32(at: base + Entry.radius), try fences.uint32(at: base + Entry.level))
        }
        let isCircle = outline == BundleFormat.none
        guard Int(place) < placeCount, Int(level) < levelCount, isCircle ? radius > 0 : (radius == 0 && Int(outline) < outlineCount) else {
            throw .malformedSection(section: "GFNC", detail: "fence \(index) names place \(place), outline \(outline), radius \(radius), level \(level)")
        }
        return Fence(place: Int(place), outline: isCircle ? nil : Int(outline), radius: radius, level: Int(level))
    }
}
