import NavFormat

/// A sorted table of search keys in `SRCH`'s key layout (`SRCH` itself and `ALIA`), read in
/// place: each key is checked when read.
struct SearchKeyTable {
    /// The section the keys are in, for messages.
    let section: String
    let count: Int
    let entries: ByteReader
    let text: ByteReader

    /// One search key: its folded text, the field it came from and its place.
    struct Key {
        var text: UnsafeRawBufferPointer
        var field: UInt8
        var place: Int
    }

    func key(_ index: Int) throws(BundleError) -> Key {
        typealias Entry = BundleFormat.SearchKeyEntry
        let base = index * Entry.size
        return try BundleError.reading(section) { () throws(FormatError) in
            let offset = try entries.uint32(at: base + Entry.offset), length = try entries.uint16(at: base + Entry.length)
            return Key(text: try text.bytes(offset: Int(offset), count: Int(length)),
                       field: try entries.uint8(at: base + Entry.field), place: Int(try entries.uint32(at: base + Entry.place)))
        }
    }

    /// The index of the first key not below `prefix` in bytewise order.
    func lowerBound(_ prefix: [UInt8]) throws(BundleError) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if try key(middle).text.lexicographicallyPrecedes(prefix) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The keys that start with `prefix`, with their positions, in index order: they follow the
    /// first key not below it contiguously. Each key's place is checked to be below `placeCount`.
    func keys(startingWith prefix: [UInt8], placeCount: Int) throws(BundleError) -> [(position: Int, key: Key)] {
        var result: [(position: Int, key: Key)] = []
        var position = try lowerBound(prefix)
        while position < count {
            let key = try self.key(position)
            guard key.text.starts(with: prefix) else { break }
            guard key.place < placeCount else {
                throw .malformedSection(section: section, detail: "key \(position) names place \(key.place)")
            }
            result.append((position, key))
            position += 1
        }
        return result
    }

    /// The items (places, or tours in `TOUR`) with a key starting with `prefix` in one of `tables`,
    /// each by its best key, the smallest field and within it the first position (a key's index
    /// plus its table's offset), ranked by that field and then that position: the order every
    /// reader lists prefix matches in. A key whose field lies outside its table's `fields` is
    /// damage; so is one naming an item not below `itemCount`.
    static func ranked(startingWith prefix: [UInt8], in tables: [(table: SearchKeyTable, fields: ClosedRange<UInt8>, offset: Int)],
                       itemCount: Int) throws(BundleError) -> [(item: Int, field: UInt8)] {
        // Keys are sorted by (text, field, item), so an item's first key in each field is its
        // best there, and sorting by (field, key position) ranks as documented.
        var best: [Int: (field: UInt8, position: Int)] = [:]
        for (table, fields, offset) in tables {
            for (position, key) in try table.keys(startingWith: prefix, placeCount: itemCount) {
                guard fields.contains(key.field) else {
                    throw .malformedSection(section: table.section,
                                            detail: "key \(position) names place \(key.place), field \(key.field)")
                }
                if let current = best[key.place], current.field <= key.field { continue }
                best[key.place] = (key.field, offset + position)
            }
        }
        return best.sorted { ($0.value.field, $0.value.position) < ($1.value.field, $1.value.position) }
            .map { ($0.key, $0.value.field) }
    }

    /// The places with a key exactly `text` in `field`, ascending.
    func places(withKey text: [UInt8], field: SearchField, placeCount: Int) throws(BundleError) -> [Int] {
        var result: [Int] = []
        var position = try lowerBound(text)
        while position < count {
            let key = try self.key(position)
            guard key.text.elementsEqual(text) else { break }
            guard key.place < placeCount else {
                throw .malformedSection(section: section, detail: "key \(position) names place \(key.place)")
            }
            if key.field == field.rawValue { result.append(key.place) }
            position += 1
        }
        return result.sorted()
    }
}
