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

    init(section: ByteReader, placeCount expected: Int) throws(ContainerError) {
        let header = Result { () throws(ByteReaderError) in
            (try section.uint32(at: 0), try section.uint32(at: 4), try section.uint32(at: 8), try section.uint32(at: 12))
        }
        guard case .success(let (places, aliases, keyCount, keyBytes)) = header else {
            throw .malformedSection(section: "ALIA", detail: "too short for its header")
        }
        guard Int(places) == expected else {
            throw .malformedSection(section: "ALIA", detail: "\(places) places, PLAC has \(expected)")
        }
        placeCount = Int(places)
        aliasCount = Int(aliases)
        let firstBytes = (placeCount + 1) * 4, entryBytes = aliasCount * BundleFormat.aliasEntrySize
        let keyTable = Int(keyCount) * BundleFormat.searchKeySize
        guard let first = try? section.slice(offset: 16, count: firstBytes),
              let entries = try? section.slice(offset: 16 + firstBytes, count: entryBytes),
              let keyEntries = try? section.slice(offset: 16 + firstBytes + entryBytes, count: keyTable),
              let keyText = try? section.slice(offset: 16 + firstBytes + entryBytes + keyTable, count: Int(keyBytes)) else {
            throw .malformedSection(section: "ALIA", detail: "\(aliases) aliases and \(keyCount) keys do not fit the section")
        }
        self.first = first
        self.entries = entries
        keys = SearchKeyTable(section: "ALIA", count: Int(keyCount), entries: keyEntries, text: keyText)
    }

    /// The alias entries of `place`: `first[place] ..< first[place + 1]`, checked.
    func range(of place: Int) throws(ContainerError) -> Range<Int> {
        let (start, end) = try ContainerError.reading("ALIA") { () throws(ByteReaderError) in
            (Int(try first.uint32(at: place * 4)), Int(try first.uint32(at: place * 4 + 4)))
        }
        guard start <= end, end <= aliasCount else {
            throw .malformedSection(section: "ALIA", detail: "the aliases of place \(place) are \(start)..<\(end)")
        }
        return start..<end
    }

    /// Alias `index`: its text and language as string indexes, and its kind byte.
    func entry(_ index: Int) throws(ContainerError) -> (text: UInt32, language: UInt32, kind: UInt8) {
        let base = index * BundleFormat.aliasEntrySize
        return try ContainerError.reading("ALIA") { () throws(ByteReaderError) in
            (try entries.uint32(at: base), try entries.uint32(at: base + 4), try entries.uint8(at: base + 8))
        }
    }
}
