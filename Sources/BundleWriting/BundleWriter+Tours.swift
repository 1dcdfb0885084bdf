import Foundation
import NavFormat

extension BundleWriter {
    /// `TOUR`: each tour's name, source and kind, its arcs as `ARCS` indexes, and its name keys
    /// (the folded name, and the name from each later word on) in `SRCH`'s key layout.
    static func encodeTours(_ contents: BundleContents, order: [Int], table: [(codePoint: UInt32, replacement: String)],
                            strings: inout StringTableBuilder) -> Data {
        let stored = storedPositions(of: order)
        let fold = folder(table)
        var keys = SearchKeySet()
        typealias Section = BundleFormat.TourSection
        typealias Entry = BundleFormat.TourEntry
        var entries = ByteWriter()
        var first: [UInt32] = [0]
        var arcs: [UInt32] = []
        for (index, tour) in contents.tours.enumerated() {
            entries.record(size: Entry.size) { entry in
                entry.uint32(strings.index(tour.name), at: Entry.name)
                entry.uint32(strings.index(tour.source), at: Entry.source)
                entry.uint8(tour.kind.rawValue, at: Entry.kind)
            }
            arcs += tour.arcs.map { UInt32(stored[$0]) }
            first.append(UInt32(arcs.count))
            let folded = fold(tour.name)
            keys.add(folded, .name, index)
            for (position, byte) in folded.enumerated() where byte == UInt8(ascii: " ") {
                keys.add(Array(folded[(position + 1)...]), .nameWord, index)
            }
        }
        let (keyEntries, keyText) = keys.encoded()
        let layout = Section(tourCount: contents.tours.count, arcCount: arcs.count, keyCount: keys.count)
        var writer = ByteWriter(capacity: layout.keyText + keyText.count)
        writer.record(size: Section.headerSize) { header in
            header.uint32(UInt32(contents.tours.count), at: Section.tourCount)
            header.uint32(UInt32(arcs.count), at: Section.arcCount)
            header.uint32(UInt32(keys.count), at: Section.keyCount)
            header.uint32(UInt32(keyText.count), at: Section.keyBytes)
        }
        writer.advance(to: layout.tours)
        writer.bytes(Array(entries.data))
        writer.advance(to: layout.first)
        for value in first { writer.uint32(value) }
        writer.advance(to: layout.arcs)
        for arc in arcs { writer.uint32(arc) }
        writer.advance(to: layout.keys)
        writer.bytes(keyEntries)
        writer.advance(to: layout.keyText)
        writer.bytes(keyText)
        return writer.data
    }
}
