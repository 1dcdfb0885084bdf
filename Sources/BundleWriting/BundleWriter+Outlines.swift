import Foundation
import NavFormat

extension BundleWriter {
    /// The order `OUTL` stores outlines in: by level, then in input order; `order[stored]` is the
    /// input index.
    static func outlineOrder(_ outlines: [BundleContents.Outline]) -> [Int] {
        outlines.indices.sorted { (outlines[$0].level, $0) < (outlines[$1].level, $1) }
    }

    /// The inverse of an order (`arcOrder`, `outlineOrder`): for each input index, where it is stored.
    static func storedPositions(of order: [Int]) -> [Int] {
        var stored = [Int](repeating: 0, count: order.count)
        for (position, input) in order.enumerated() { stored[input] = position }
        return stored
    }

    /// `OUTL`: outlines grouped by level, each a run of rings, each a run of corners.
    static func encodeOutlines(_ outlines: [BundleContents.Outline], levelCount: Int,
                               strings: inout StringTableBuilder) -> Data {
        let order = outlineOrder(outlines)
        let ringCount = outlines.reduce(0) { $0 + $1.rings.count }
        let pointCount = outlines.reduce(0) { $0 + $1.rings.reduce(0) { $0 + $1.count } }

        typealias Section = BundleFormat.OutlineSection
        typealias Entry = BundleFormat.OutlineEntry
        let layout = Section(levelCount: levelCount, outlineCount: outlines.count, ringCount: ringCount)
        var writer = ByteWriter(capacity: layout.points + pointCount * BundleFormat.PointEntry.size)
        writer.record(size: Section.headerSize) { header in
            header.uint32(UInt32(levelCount), at: Section.levelCount)
            header.uint32(UInt32(outlines.count), at: Section.outlineCount)
            header.uint32(UInt32(ringCount), at: Section.ringCount)
            header.uint32(UInt32(pointCount), at: Section.pointCount)
        }
        writer.advance(to: layout.levelFirst)
        var levelFirst = [UInt32](repeating: 0, count: levelCount + 1)
        for outline in outlines { levelFirst[outline.level + 1] += 1 }
        for level in 0..<levelCount { levelFirst[level + 1] += levelFirst[level] }
        for value in levelFirst { writer.uint32(value) }
        writer.advance(to: layout.ringFirst)
        var rings: UInt32 = 0
        for index in order {
            writer.uint32(rings)
            rings += UInt32(outlines[index].rings.count)
        }
        writer.uint32(rings)
        writer.advance(to: layout.pointFirst)
        var points: UInt32 = 0
        for index in order {
            for ring in outlines[index].rings {
                writer.uint32(points)
                points += UInt32(ring.count)
            }
        }
        writer.uint32(points)
        writer.advance(to: layout.outlines)
        for index in order {
            let outline = outlines[index]
            writer.record(size: Entry.size) { entry in
                entry.uint32(strings.index(outline.label), at: Entry.label)
                entry.uint32(outline.place.map { UInt32($0) } ?? BundleFormat.none, at: Entry.place)
                entry.uint8(outline.kind.rawValue, at: Entry.kind)
            }
        }
        writer.advance(to: layout.points)
        for index in order {
            for point in outlines[index].rings.joined() { append(point, to: &writer) }
        }
        return writer.data
    }
}
