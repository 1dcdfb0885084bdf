import Foundation

extension BundleWriter {
    /// `SRCH`: the folding table, then every place's keys sorted bytewise.
    static func encodeSearch(_ places: [BundleContents.Place]) -> Data {
        let texts = places.flatMap { [$0.ref, $0.name, $0.category].compactMap { $0 } }
        let table = TextFolding.table(covering: texts)
        let lookup = Dictionary(uniqueKeysWithValues: table.map { ($0.codePoint, $0.replacement) })
        func fold(_ text: String) -> [UInt8] { Array(TextFolding.fold(text) { lookup[$0] }.utf8) }

        struct Key: Hashable {
            var text: [UInt8]
            var field: SearchField
            var place: Int
        }
        var keys = Set<Key>()
        for (index, place) in places.enumerated() {
            func add(_ text: [UInt8], _ field: SearchField) {
                // Keys longer than the u16 length field are names no one types.
                if !text.isEmpty && text.count <= Int(UInt16.max) { keys.insert(Key(text: text, field: field, place: index)) }
            }
            if let ref = place.ref { add(fold(ref), .ref) }
            if let name = place.name {
                let folded = fold(name)
                add(folded, .name)
                for (position, byte) in folded.enumerated() where byte == UInt8(ascii: " ") {
                    add(Array(folded[(position + 1)...]), .nameWord)
                }
            }
            if let category = place.category { add(fold(category), .category) }
        }
        let sorted = keys.sorted { lhs, rhs in
            if lhs.text != rhs.text { return lhs.text.lexicographicallyPrecedes(rhs.text) }
            if lhs.field != rhs.field { return lhs.field.rawValue < rhs.field.rawValue }
            return lhs.place < rhs.place
        }

        var foldText: [UInt8] = []
        var foldEntries = ByteWriter()
        for entry in table {
            let bytes = Array(entry.replacement.utf8)
            foldEntries.uint32(entry.codePoint)
            foldEntries.uint32(UInt32(foldText.count))
            foldEntries.uint32(UInt32(bytes.count))
            foldText += bytes
        }
        var keyText: [UInt8] = []
        var keyEntries = ByteWriter()
        for key in sorted {
            keyEntries.uint32(UInt32(keyText.count))
            keyEntries.uint16(UInt16(key.text.count))
            keyEntries.uint8(key.field.rawValue)
            keyEntries.uint8(0)
            keyEntries.uint32(UInt32(key.place))
            keyText += key.text
        }
        var writer = ByteWriter()
        writer.uint32(UInt32(table.count))
        writer.uint32(UInt32(sorted.count))
        writer.uint32(UInt32(foldText.count))
        writer.uint32(UInt32(keyText.count))
        writer.bytes(Array(foldEntries.data))
        writer.bytes(Array(keyEntries.data))
        writer.bytes(foldText)
        writer.bytes(keyText)
        return writer.data
    }
}
