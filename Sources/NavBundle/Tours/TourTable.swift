import NavFormat

/// The `TOUR` section read in place: each tour's name, source and kind, the arcs it follows and
/// its name keys.
///
/// Opening checks that the tables fit the section and that every tour's arcs lie within the
/// arc table; each entry, arc index and key is checked again when read.
struct TourTable {
    let tourCount: Int
    let arcTotal: Int
    let entries: ByteReader
    let first: ByteReader
    let arcs: ByteReader
    let keys: SearchKeyTable

    init(section: ByteReader) throws(BundleError) {
        typealias Section = BundleFormat.TourSection
        let header = Result { () throws(FormatError) in
            (try section.uint32(at: Section.tourCount), try section.uint32(at: Section.arcCount),
             try section.uint32(at: Section.keyCount), try section.uint32(at: Section.keyBytes))
        }
        guard case .success(let (tours, arcs, keyCount, keyBytes)) = header else {
            throw .malformedSection(section: "TOUR", detail: "too short for its header")
        }
        tourCount = Int(tours)
        arcTotal = Int(arcs)
        let layout = Section(tourCount: tourCount, arcCount: arcTotal, keyCount: Int(keyCount))
        guard let entries = try? section.slice(offset: layout.tours, count: tourCount * BundleFormat.TourEntry.size),
              let first = try? section.slice(offset: layout.first, count: (tourCount + 1) * BundleFormat.wordSize),
              let arcTable = try? section.slice(offset: layout.arcs, count: arcTotal * BundleFormat.wordSize),
              let keyEntries = try? section.slice(offset: layout.keys, count: Int(keyCount) * BundleFormat.SearchKeyEntry.size),
              let keyText = try? section.slice(offset: layout.keyText, count: Int(keyBytes)) else {
            throw .malformedSection(section: "TOUR", detail: "\(tours) tours, \(arcs) arcs and \(keyCount) keys do not fit the section")
        }
        self.entries = entries
        self.first = first
        self.arcs = arcTable
        keys = SearchKeyTable(section: "TOUR", count: Int(keyCount), entries: keyEntries, text: keyText)
    }

    /// Tour `index`'s name and source as string indexes, and its kind.
    func entry(_ index: Int) throws(BundleError) -> (name: UInt32, source: UInt32, kind: TourCategory) {
        typealias Entry = BundleFormat.TourEntry
        let base = index * Entry.size
        let (name, source, kind) = try BundleError.reading("TOUR") { () throws(FormatError) in
            (try entries.uint32(at: base + Entry.name), try entries.uint32(at: base + Entry.source),
             try entries.uint8(at: base + Entry.kind))
        }
        guard let category = TourCategory(rawValue: kind) else {
            throw .malformedSection(section: "TOUR", detail: "tour \(index) has unknown kind \(kind)")
        }
        return (name, source, category)
    }

    /// Tour `index`'s arcs, each checked to be below `arcCount`; never empty.
    func arcs(of index: Int, arcCount: Int) throws(BundleError) -> [Int] {
        let (start, end) = try BundleError.reading("TOUR") { () throws(FormatError) in
            (Int(try first.uint32(at: index * BundleFormat.wordSize)), Int(try first.uint32(at: (index + 1) * BundleFormat.wordSize)))
        }
        guard start < end, end <= arcTotal else {
            throw .malformedSection(section: "TOUR", detail: "the arcs of tour \(index) are \(start)..<\(end)")
        }
        var result: [Int] = []
        result.reserveCapacity(end - start)
        for position in start..<end {
            let arc = Int(try BundleError.reading("TOUR") { () throws(FormatError) in
                try arcs.uint32(at: position * BundleFormat.wordSize)
            })
            guard arc < arcCount else {
                throw .malformedSection(section: "TOUR", detail: "tour \(index) follows arc \(arc), which ARCS lacks")
            }
            result.append(arc)
        }
        return result
    }
}
