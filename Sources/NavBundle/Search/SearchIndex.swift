import NavFormat

/// The `SRCH` section read in place: the text folding table and the sorted search keys.
///
/// Opening checks only that the tables fit the section; each entry is checked when read.
struct SearchIndex {
    let foldCount: Int
    let keyCount: Int
    let foldEntries: ByteReader
    let keyEntries: ByteReader
    let foldText: ByteReader
    let keyText: ByteReader

    init(section: ByteReader) throws(BundleError) {
        typealias Section = BundleFormat.SearchSection
        let header = Result { () throws(FormatError) in
            (try section.uint32(at: Section.foldCount), try section.uint32(at: Section.keyCount),
             try section.uint32(at: Section.foldBytes), try section.uint32(at: Section.keyBytes))
        }
        guard case .success(let (folds, keys, foldBytes, keyBytes)) = header else {
            throw .malformedSection(section: "SRCH", detail: "too short for its header")
        }
        foldCount = Int(folds)
        keyCount = Int(keys)
        let layout = Section(foldCount: foldCount, keyCount: keyCount, foldByteCount: Int(foldBytes))
        guard let foldEntries = try? section.slice(offset: layout.folds, count: foldCount * BundleFormat.FoldEntry.size),
              let keyEntries = try? section.slice(offset: layout.keys, count: keyCount * BundleFormat.SearchKeyEntry.size),
              let foldText = try? section.slice(offset: layout.foldText, count: Int(foldBytes)),
              let keyText = try? section.slice(offset: layout.keyText, count: Int(keyBytes)) else {
            throw .malformedSection(section: "SRCH", detail: "\(folds) folding entries and \(keys) keys do not fit the section")
        }
        self.foldEntries = foldEntries
        self.keyEntries = keyEntries
        self.foldText = foldText
        self.keyText = keyText
    }

    /// `text` folded by the bundle's own table, as UTF-8.
    func fold(_ text: String) throws(BundleError) -> [UInt8] {
        var failure: BundleError?
        let folded = TextFolding.fold(text) { codePoint in
            switch Result(catching: { () throws(BundleError) in try replacement(for: codePoint) }) {
            case .success(let value): return value
            case .failure(let error):
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        return Array(folded.utf8)
    }

    /// The table's replacement for a code point outside ASCII, by bisection; `nil` when it has none.
    private func replacement(for codePoint: UInt32) throws(BundleError) -> String? {
        typealias Entry = BundleFormat.FoldEntry
        var low = 0, high = foldCount
        while low < high {
            let middle = (low + high) / 2
            let found = try BundleError.reading("SRCH") { () throws(FormatError) in
                try foldEntries.uint32(at: middle * Entry.size + Entry.codePoint)
            }
            if found < codePoint { low = middle + 1 } else { high = middle }
        }
        guard low < foldCount else { return nil }
        let base = low * Entry.size
        let (found, offset, length) = try BundleError.reading("SRCH") { () throws(FormatError) in
            (try foldEntries.uint32(at: base + Entry.codePoint), try foldEntries.uint32(at: base + Entry.offset),
             try foldEntries.uint32(at: base + Entry.length))
        }
        guard found == codePoint else { return nil }
        let bytes = try BundleError.reading("SRCH") { () throws(FormatError) in try foldText.bytes(offset: Int(offset), count: Int(length)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The ref, name, later-word and category keys.
    var keys: SearchKeyTable { SearchKeyTable(section: "SRCH", count: keyCount, entries: keyEntries, text: keyText) }
}
