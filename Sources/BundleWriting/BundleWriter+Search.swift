import Foundation
import NavFormat

extension BundleWriter {
    /// The folding table for a bundle's places and tours: it covers every code point of the
    /// places' refs, names, categories and aliases and of the tours' names, so that `ALIA`'s and
    /// `TOUR`'s keys fold by `SRCH`'s table too.
    static func foldingTable(for places: [BundleContents.Place], tours: [BundleContents.Tour] = []) -> [(codePoint: UInt32, replacement: String)] {
        let texts = places.flatMap { place in
            [place.ref, place.name, place.category].compactMap { $0 } + place.aliases.map(\.text)
        }
        return TextFolding.table(covering: texts + tours.map(\.name))
    }

    /// `SRCH`: the folding table, then every place's ref, name, later-word and category keys
    /// sorted bytewise.
    static func encodeSearch(_ places: [BundleContents.Place],
                             table: [(codePoint: UInt32, replacement: String)]) -> Data {
        let fold = folder(table)
        var keys = SearchKeySet()
        for (index, place) in places.enumerated() {
            if let ref = place.ref { keys.add(fold(ref), .ref, index) }
            if let name = place.name {
                let folded = fold(name)
                keys.add(folded, .name, index)
                for (position, byte) in folded.enumerated() where byte == UInt8(ascii: " ") {
                    keys.add(Array(folded[(position + 1)...]), .nameWord, index)
                }
            }
            if let category = place.category { keys.add(fold(category), .category, index) }
        }
        let (keyEntries, keyText) = keys.encoded()

        typealias Section = BundleFormat.SearchSection
        typealias Entry = BundleFormat.FoldEntry
        var foldText: [UInt8] = []
        var foldEntries = ByteWriter()
        for item in table {
            let bytes = Array(item.replacement.utf8)
            foldEntries.record(size: Entry.size) { entry in
                entry.uint32(item.codePoint, at: Entry.codePoint)
                entry.uint32(UInt32(foldText.count), at: Entry.offset)
                entry.uint32(UInt32(bytes.count), at: Entry.length)
            }
            foldText += bytes
        }
        let layout = Section(foldCount: table.count, keyCount: keys.count, foldByteCount: foldText.count)
        var writer = ByteWriter(capacity: layout.keyText + keyText.count)
        writer.record(size: Section.headerSize) { header in
            header.uint32(UInt32(table.count), at: Section.foldCount)
            header.uint32(UInt32(keys.count), at: Section.keyCount)
            header.uint32(UInt32(foldText.count), at: Section.foldBytes)
            header.uint32(UInt32(keyText.count), at: Section.keyBytes)
        }
        writer.advance(to: layout.folds)
        writer.bytes(Array(foldEntries.data))
        writer.advance(to: layout.keys)
        writer.bytes(keyEntries)
        writer.advance(to: layout.foldText)
        writer.bytes(foldText)
        writer.advance(to: layout.keyText)
        writer.bytes(keyText)
        return writer.data
    }

    /// `ALIA`: every place's aliases, then their keys (field 4) in `SRCH`'s key layout.
    static func encodeAliases(_ places: [BundleContents.Place], table: [(codePoint: UInt32, replacement: String)],
                              strings: inout StringTableBuilder) -> Data {
        let fold = folder(table)
        var keys = SearchKeySet()
        typealias Section = BundleFormat.AliasSection
        typealias Entry = BundleFormat.AliasEntry
        var first: [UInt32] = [0]
        var entries = ByteWriter()
        for (index, place) in places.enumerated() {
            for alias in place.aliases {
                entries.record(size: Entry.size) { entry in
                    entry.uint32(strings.index(alias.text), at: Entry.text)
                    entry.uint32(strings.index(alias.language), at: Entry.language)
                    entry.uint8(alias.kind.rawValue, at: Entry.kind)
                }
                keys.add(fold(alias.text), .alias, index)
            }
            first.append(first[first.count - 1] + UInt32(place.aliases.count))
        }
        let (keyEntries, keyText) = keys.encoded()
        let aliasCount = first[first.count - 1]
        let layout = Section(placeCount: places.count, aliasCount: Int(aliasCount), keyCount: keys.count)
        var writer = ByteWriter(capacity: layout.keyText + keyText.count)
        writer.record(size: Section.headerSize) { header in
            header.uint32(UInt32(places.count), at: Section.placeCount)
            header.uint32(aliasCount, at: Section.aliasCount)
            header.uint32(UInt32(keys.count), at: Section.keyCount)
            header.uint32(UInt32(keyText.count), at: Section.keyBytes)
        }
        writer.advance(to: layout.first)
        for value in first { writer.uint32(value) }
        writer.advance(to: layout.aliases)
        writer.bytes(Array(entries.data))
        writer.advance(to: layout.keys)
        writer.bytes(keyEntries)
        writer.advance(to: layout.keyText)
        writer.bytes(keyText)
        return writer.data
    }

    static func folder(_ table: [(codePoint: UInt32, replacement: String)]) -> (String) -> [UInt8] {
        let lookup = Dictionary(uniqueKeysWithValues: table.map { ($0.codePoint, $0.replacement) })
        return { text in Array(TextFolding.fold(text) { lookup[$0] }.utf8) }
    }
}

/// Search keys being collected: each (text, field, place) once, sorted as `SRCH` and `ALIA`
/// store them (text bytewise, then field, then place).
struct SearchKeySet {
    private struct Key: Hashable {
        var text: [UInt8]
        var field: SearchField
        var place: Int
    }

    private var keys = Set<Key>()

    var count: Int { keys.count }

    mutating func add(_ text: [UInt8], _ field: SearchField, _ place: Int) {
        // Keys longer than the u16 length field are names no one types.
        if !text.isEmpty && text.count <= Int(UInt16.max) { keys.insert(Key(text: text, field: field, place: place)) }
    }

    /// The 12-byte key entries and the key text they point into.
    func encoded() -> (entries: [UInt8], text: [UInt8]) {
        let sorted = keys.sorted { lhs, rhs in
            if lhs.text != rhs.text { return lhs.text.lexicographicallyPrecedes(rhs.text) }
            if lhs.field != rhs.field { return lhs.field.rawValue < rhs.field.rawValue }
            return lhs.place < rhs.place
        }
        typealias Entry = BundleFormat.SearchKeyEntry
        var text: [UInt8] = []
        var entries = ByteWriter()
        for key in sorted {
            entries.record(size: Entry.size) { entry in
                entry.uint32(UInt32(text.count), at: Entry.offset)
                entry.uint16(UInt16(key.text.count), at: Entry.length)
                entry.uint8(key.field.rawValue, at: Entry.field)
                entry.uint32(UInt32(key.place), at: Entry.place)
            }
            text += key.text
        }
        return (Array(entries.data), text)
    }
}
