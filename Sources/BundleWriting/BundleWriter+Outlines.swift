import Foundation
import NavFormat

extension BundleWriter {
    /// `OUTL`: outlines grouped by level, each a run of rings, each a run of corners.
    static func encodeOutlines(_ outlines: [BundleContents.Outline], levelCount: Int,
                               strings: inout StringTableBuilder) -> Data {
        let order = outlines.indices.sorted { (outlines[$0].level, $0) < (outlines[$1].level, $1) }
        let ringCount = outlines.reduce(0) { $0 + $1.rings.count }
        let pointCount = outlines.reduce(0) { $0 + $1.rings.reduce(0) { $0 + $1.count } }

        var writer = ByteWriter()
        writer.uint32(UInt32(levelCount))
        writer.uint32(UInt32(outlines.count))
        writer.uint32(UInt32(ringCount))
        writer.uint32(UInt32(pointCount))
        var levelFirst = [UInt32](repeating: 0, count: levelCount + 1)
        for outline in outlines { levelFirst[outline.level + 1] += 1 }
        for level in 0..<levelCount { levelFirst[level + 1] += levelFirst[level] }
        for value in levelFirst { writer.uint32(value) }
        var rings: UInt32 = 0
        for index in order {
            writer.uint32(rings)
            rings += UInt32(outlines[index].rings.count)
        }
        writer.uint32(rings)
        var points: UInt32 = 0
        for index in order {
            for ring in outlines[index].rings {
                writer.uint32(points)
                points += UInt32(ring.count)
            }
        }
        writer.uint32(points)
        writer.pad(to: 8)
        for index in order {
            let outline = outlines[index]
            writer.uint32(strings.index(outline.label))
            writer.uint32(outline.place.map { UInt32($0) } ?? BundleFormat.none)
            writer.uint8(outline.kind.rawValue)
            writer.bytes([0, 0, 0])
        }
        writer.pad(to: 8)
        for index in order {
            for point in outlines[index].rings.joined() {
                writer.int32(BundleFormat.fixedPoint(point.latitude))
                writer.int32(BundleFormat.fixedPoint(point.longitude))
            }
        }
        return writer.data
    }
}
