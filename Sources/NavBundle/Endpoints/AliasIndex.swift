import NavFormat

/// The `ALIA` section read in place: each place's aliases and their sorted prefix keys.
///
/// Opening checks that the tables fit the section; each entry is checked when read.
struct AliasIndex {
    let placeCount: Int
    let aliasCount: Int
    let first: ByteReader
    let entries: ByteReader
    let keys: SearchKeyTable

    init(section: ByteReader, placeCount expected: Int) throws(BundleError) {
        typealias Section = BundleFormat.AliasSection
        let header = Result { () throws(FormatError) in
            (try section.uint32(at: Section.placeCount), try section.uint32(at: Section.aliasCount),
             try section.uint32(at: Section.keyCount), try section.uint32(at: Section.keyBytes))
        }
        guard case .success(let (places, aliases, keyCount, keyBytes)) = header else {
            throw .malformedSection(section: "ALIA", detail: "too short for its header")
        }
        guard Int(places) == expected else {
            throw .malformedSection(section: "ALIA", detail: "\(places) places, PLAC has \(expected)")
        }
        placeCount = Int(places)
        aliasCount = Int(aliases)
        let layout = Section(placeCount: placeCount, aliasCount: aliasCount, keyCount: Int(keyCount))
        guard let first = try? section.slice(offset: layout.first, count: layout.firstBytes),
              let entries = try? section.slice(offset: layout.aliases, count: aliasCount * BundleFormat.AliasEntry.size),
              let keyEntries = try? section.slice(offset: layout.keys, count: Int(keyCount) * BundleFormat.SearchKeyEntry.size),
              let keyText = try? section.slice(offset: layout.keyText, count: Int(keyBytes)) else {
            throw .malformedSection(section: "ALIA", detail: "\(aliases) aliases and \(keyCount) keys do not fit the section")
        }
        self.first = first
        self.entries = entries
        keys = SearchKeyTable(section: "ALIA", count: Int(keyCount), entries: keyEntries, text: keyText)
    }

    /// The alias entries of `place`: `first[place] ..< first[place + 1]`, checked.
    func range(of place: Int) throws(BundleError) -> Range<Int> {
        let (start, end) = try BundleError.reading("ALIA") { () throws(FormatError) in
            (Int(try first.uint32(at: place * BundleFormat.wordSize)), Int(try first.uint32(at: (place + 1) * BundleFormat.wordSize)))
        }
        guard start <= end, end <= aliasCount else {
            throw .malformedSection(section: "ALIA", detail: "the aliases of place \(place) are \(start)..<\(end)")
        }
        return start..<end
    }

    /// Alias `index`: its text and language as string indexes, and its kind byte.
    func entry(_ index: Int) throws(BundleError) -> (text: UInt32, language: UInt32, kind: UInt8) {
        typealias Entry = BundleFormat.AliasEntry
        let base = index * Entry.size
        return try BundleError.reading("ALIA") { () throws(FormatError) in
            (try entries.uint32(at: base + Entry.text), try entries.uint32(at: base + Entry.language),
             try entries.uint8(at: base + Entry.kind))
        }
    }
}
