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

    init(section: ByteReader, levelCount expectedLevels: Int) throws(ContainerError) {
        let header = Result { () throws(ByteReaderError) in
            (try section.uint32(at: 0), try section.uint32(at: 4), try section.uint32(at: 8), try section.uint32(at: 12))
        }
        guard case .success(let (levels, outlines, rings, corners)) = header, Int(levels) == expectedLevels else {
            throw .malformedSection(section: "OUTL", detail: "level count differs from LEVL")
        }
        levelCount = Int(levels)
        outlineCount = Int(outlines)
        ringCount = Int(rings)
        pointCount = Int(corners)
        var offset = 16
        func take(_ count: Int, align: Bool = false) throws(ContainerError) -> ByteReader {
            if align { offset = (offset + 7) / 8 * 8 }
            guard let slice = try? section.slice(offset: offset, count: count) else {
                throw .malformedSection(section: "OUTL", detail: "\(outlines) outlines, \(rings) rings and \(corners) corners do not fit the section")
            }
            offset += count
            return slice
        }
        levelFirst = try take((levelCount + 1) * 4)
        ringFirst = try take((outlineCount + 1) * 4)
        pointFirst = try take((ringCount + 1) * 4)
        records = try take(outlineCount * BundleFormat.outlineEntrySize, align: true)
        points = try take(pointCount * 8, align: true)
    }

    /// Entry `index` of one of the offset arrays, checked to rise and stay within `limit`.
    func range(_ array: ByteReader, _ index: Int, limit: Int) throws(ContainerError) -> Range<Int> {
        guard let first = try? array.uint32(at: index * 4), let last = try? array.uint32(at: index * 4 + 4),
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

    /// The outlines of the spaces on `level`, for drawing it.
    public func outlines(onLevel level: Int) throws(ContainerError) -> [OutlineRecord] {
        guard let table = outlineTable else { throw .missingSection("OUTL") }
        guard (0..<levelCount).contains(level) else {
            throw .malformedSection(section: "LEVL", detail: "level \(level) does not exist (\(levelCount) levels)")
        }
        var result: [OutlineRecord] = []
        for index in try table.range(table.levelFirst, level, limit: table.outlineCount) {
            let base = index * BundleFormat.outlineEntrySize
            let (label, place, kind) = try read("OUTL") { () throws(ByteReaderError) in
                (try table.records.uint32(at: base), try table.records.uint32(at: base + 4), try table.records.uint8(at: base + 8))
            }
            guard let outlineKind = SpaceOutlineKind(rawValue: kind), place == BundleFormat.none || Int(place) < placeCount else {
                throw .malformedSection(section: "OUTL", detail: "outline \(index) has kind \(kind) or place \(place) out of range")
            }
            var rings: [[BundleContents.Position]] = []
            for ring in try table.range(table.ringFirst, index, limit: table.ringCount) {
                var corners: [BundleContents.Position] = []
                for point in try table.range(table.pointFirst, ring, limit: table.pointCount) {
                    let (latitude, longitude) = try read("OUTL") { () throws(ByteReaderError) in
                        (try table.points.int32(at: point * 8), try table.points.int32(at: point * 8 + 4))
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
