public import NavFormat

/// The `OUTL` section read in place: outlines grouped by level, rings, corners.
struct OutlineTable {
    let levelCount: Int
    let outlineCount: Int
    let ringCount: Int
    let pointCount: Int
    let levelFirst: ByteReader
    let ringFirst: ByteReader
    let pointFirst: ByteReader
    let records: ByteReader
    let points: ByteReader

    init(section: ByteReader, levelCount expectedLevels: Int) throws(BundleError) {
        typealias Section = BundleFormat.OutlineSection
        let header = Result { () throws(FormatError) in
            (try section.uint32(at: Section.levelCount), try section.uint32(at: Section.outlineCount),
             try section.uint32(at: Section.ringCount), try section.uint32(at: Section.pointCount))
        }
        guard case .success(let (levels, outlines, rings, corners)) = header, Int(levels) == expectedLevels else {
            throw .malformedSection(section: "OUTL", detail: "level count differs from LEVL")
        }
        levelCount = Int(levels)
        outlineCount = Int(outlines)
        ringCount = Int(rings)
        pointCount = Int(corners)
        let layout = Section(levelCount: levelCount, outlineCount: outlineCount, ringCount: ringCount)
        func take(_ offset: Int, _ count: Int) throws(BundleError) -> ByteReader {
            guard let slice = try? section.slice(offset: offset, count: count) else {
                throw .malformedSection(section: "OUTL", detail: "\(outlines) outlines, \(rings) rings and \(corners) corners do not fit the section")
            }
            return slice
        }
        levelFirst = try take(layout.levelFirst, (levelCount + 1) * BundleFormat.wordSize)
        ringFirst = try take(layout.ringFirst, (outlineCount + 1) * BundleFormat.wordSize)
        pointFirst = try take(layout.pointFirst, (ringCount + 1) * BundleFormat.wordSize)
        records = try take(layout.outlines, outlineCount * BundleFormat.OutlineEntry.size)
        points = try take(layout.points, pointCount * BundleFormat.PointEntry.size)
    }

    /// Entry `index` of one of the offset arrays, checked to rise and stay within `limit`.
    func range(_ array: ByteReader, _ index: Int, limit: Int) throws(BundleError) -> Range<Int> {
        guard let first = try? array.uint32(at: index * BundleFormat.wordSize), let last = try? array.uint32(at: (index + 1) * BundleFormat.wordSize),
              first <= last, Int(last) <= limit else {
            throw .malformedSection(section: "OUTL", detail: "offset \(index) is out of order or out of range")
        }
        return Int(first)..<Int(last)
    }
}

extension VenueBundle {
    /// One polygon of a space on a level, as stored in `OUTL`.
    public typealias OutlineRecord = BundleContents.Outline

    /// Whether the bundle has space outlines (`OUTL`, format 1.0 on).
    public var hasOutlines: Bool { outlineTable != nil }

    /// Outline `index` of `OUTL` (outlines are stored level by level).
    public func outline(_ index: Int) throws(BundleError) -> OutlineRecord {
        guard let table = outlineTable else { throw .missingSection("OUTL") }
        for level in 0..<table.levelCount {
            let range = try table.range(table.levelFirst, level, limit: table.outlineCount)
            if range.contains(index) { return try outlines(onLevel: level)[index - range.lowerBound] }
        }
        throw .malformedSection(section: "OUTL", detail: "outline \(index) is on no level")
    }

    /// The outlines of the spaces on `level`, for drawing it.
    public func outlines(onLevel level: Int) throws(BundleError) -> [OutlineRecord] {
        guard let table = outlineTable else { throw .missingSection("OUTL") }
        try checkLevel(level)
        var result: [OutlineRecord] = []
        for index in try table.range(table.levelFirst, level, limit: table.outlineCount) {
            typealias Entry = BundleFormat.OutlineEntry
            let base = index * Entry.size
            let (label, place, kind) = try read("OUTL") { () throws(FormatError) in
                (try table.records.uint32(at: base + Entry.label), try table.records.uint32(at: base + Entry.place),
                 try table.records.uint8(at: base + Entry.kind))
            }
            guard let outlineKind = SpaceOutlineKind(rawValue: kind), place == BundleFormat.none || Int(place) < placeCount else {
                throw .malformedSection(section: "OUTL", detail: "outline \(index) has kind \(kind) or place \(place) out of range")
            }
            var rings: [[BundleContents.Position]] = []
            for ring in try table.range(table.ringFirst, index, limit: table.ringCount) {
                var corners: [BundleContents.Position] = []
                for point in try table.range(table.pointFirst, ring, limit: table.pointCount) {
                    typealias Point = BundleFormat.PointEntry
                    let (latitude, longitude) = try read("OUTL") { () throws(FormatError) in
                        (try table.points.int32(at: point * Point.size + Point.latitude),
                         try table.points.int32(at: point * Point.size + Point.longitude))
                    }
                    corners.append(BundleContents.Position(latitude: Double(latitude) / BundleFormat.coordinateScale,
                                                           longitude: Double(longitude) / BundleFormat.coordinateScale))
                }
                rings.append(corners)
            }
            result.append(OutlineRecord(level: level, kind: outlineKind, label: try string(label),
                                        place: place == BundleFormat.none ? nil : Int(place), rings: rings))
        }
        return result
    }
}
