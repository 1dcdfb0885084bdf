import NavFormat

/// The `CRWD` section read in place: the access points, the areas they serve and the factor
/// table, its tables checked to fit when the bundle opens and each entry when read.
struct CrowdTable {
    let accessPointCount: Int
    let areaCount: Int
    let binCount: Int
    let binWidth: UInt32
    let accessPoints: ByteReader
    let areas: ByteReader
    let factors: ByteReader
    let keyText: ByteReader

    init(section: ByteReader) throws(BundleError) {
        typealias Section = BundleFormat.CrowdSection
        let header = Result { () throws(FormatError) in
            (try section.uint32(at: Section.accessPointCount), try section.uint32(at: Section.areaCount),
             try section.uint32(at: Section.binCount), try section.uint32(at: Section.binWidth), try section.uint32(at: Section.keyBytes))
        }
        guard case .success(let (points, areas, bins, width, keyBytes)) = header else {
            throw .malformedSection(section: "CRWD", detail: "too short for its header")
        }
        let layout = Section(accessPointCount: Int(points), areaCount: Int(areas), binCount: Int(bins))
        guard bins > 0, width > 0,
              let pointTable = try? section.slice(offset: layout.accessPoints, count: Int(points) * BundleFormat.CrowdAccessPointEntry.size),
              let areaTable = try? section.slice(offset: layout.areas, count: Int(areas) * BundleFormat.CrowdAreaEntry.size),
              let factorTable = try? section.slice(offset: layout.factors, count: Int(bins) * BundleFormat.wordSize),
              let text = try? section.slice(offset: layout.keyText, count: Int(keyBytes)) else {
            throw .malformedSection(section: "CRWD", detail: "\(points) access points, \(areas) areas and \(bins) bins of \(width) do not fit the section")
        }
        accessPointCount = Int(points)
        areaCount = Int(areas)
        binCount = Int(bins)
        binWidth = width
        accessPoints = pointTable
        self.areas = areaTable
        factors = factorTable
        keyText = text
    }

    /// Access point `index`: its key, level and the square decimetres it serves.
    func accessPoint(_ index: Int, levelCount: Int) throws(BundleError) -> (key: [UInt8], level: Int, squareDecimetres: UInt32) {
        typealias Entry = BundleFormat.CrowdAccessPointEntry
        let base = index * Entry.size
        let (offset, length, level, served) = try BundleError.reading("CRWD") { () throws(FormatError) in
            (try accessPoints.uint32(at: base + Entry.keyOffset), try accessPoints.uint32(at: base + Entry.keyLength),
             try accessPoints.uint32(at: base + Entry.level), try accessPoints.uint32(at: base + Entry.squareDecimetres))
        }
        guard Int(level) < levelCount, served > 0,
              let key = try? keyText.bytes(offset: Int(offset), count: Int(length)) else {
            throw .malformedSection(section: "CRWD", detail: "access point \(index) has key \(offset)+\(length), level \(level) or no area")
        }
        return (Array(key), Int(level), served)
    }

    /// Area `index`: its `OUTL` outline, access point and square decimetres.
    func area(_ index: Int) throws(BundleError) -> (outline: Int, accessPoint: Int, squareDecimetres: UInt32) {
        typealias Entry = BundleFormat.CrowdAreaEntry
        let base = index * Entry.size
        let (outline, point, area) = try BundleError.reading("CRWD") { () throws(FormatError) in
            (try areas.uint32(at: base + Entry.outline), try areas.uint32(at: base + Entry.accessPoint),
             try areas.uint32(at: base + Entry.squareDecimetres))
        }
        guard Int(point) < accessPointCount else {
            throw .malformedSection(section: "CRWD", detail: "area \(index) names access point \(point) of \(accessPointCount)")
        }
        return (Int(outline), Int(point), area)
    }

    /// The time factor in thousandths of bin `bin` (the last for any beyond); nil where walkers stand still.
    func factor(bin: Int) throws(BundleError) -> UInt32? {
        let value = try BundleError.reading("CRWD") { () throws(FormatError) in
            try factors.uint32(at: min(bin, binCount - 1) * BundleFormat.wordSize)
        }
        guard value != BundleFormat.impassable else { return nil }
        guard value >= 1000 else { throw .malformedSection(section: "CRWD", detail: "bin \(bin) speeds walkers up (\(value))") }
        return value
    }
}
