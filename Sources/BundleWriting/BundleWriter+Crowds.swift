import Foundation
import NavFormat

extension BundleWriter {
    /// `CRWD`: the access points (sorted by key) with the walkable area each serves, the areas
    /// by their `OUTL` index, Weidmann's factor per density bin, then the keys.
    static func encodeCrowds(_ map: BundleContents.CrowdMap, outlines: [BundleContents.Outline]) -> Data {
        let stored = storedPositions(of: outlineOrder(outlines))
        var served = [UInt64](repeating: 0, count: map.accessPoints.count)
        for area in map.areas { served[area.accessPoint] += UInt64(area.squareDecimetres) }
        let areas = map.areas.sorted { stored[$0.outline] < stored[$1.outline] }

        typealias Section = BundleFormat.CrowdSection
        typealias Point = BundleFormat.CrowdAccessPointEntry
        typealias Area = BundleFormat.CrowdAreaEntry
        let bins = BundleFormat.Weidmann.binCount
        var keyText: [UInt8] = []
        var points = ByteWriter()
        for (index, accessPoint) in map.accessPoints.enumerated() {
            let key = Array(accessPoint.key.utf8)
            points.record(size: Point.size) { entry in
                entry.uint32(UInt32(keyText.count), at: Point.keyOffset)
                entry.uint32(UInt32(key.count), at: Point.keyLength)
                entry.uint32(UInt32(accessPoint.level), at: Point.level)
                entry.uint32(UInt32(min(served[index], UInt64(UInt32.max))), at: Point.squareDecimetres)
                entry.int32(BundleFormat.fixedPoint(accessPoint.latitude), at: Point.latitude)
                entry.int32(BundleFormat.fixedPoint(accessPoint.longitude), at: Point.longitude)
            }
            keyText += key
        }
        let layout = Section(accessPointCount: map.accessPoints.count, areaCount: areas.count, binCount: bins)
        var writer = ByteWriter(capacity: layout.keyText + keyText.count)
        writer.record(size: Section.headerSize) { header in
            header.uint32(UInt32(map.accessPoints.count), at: Section.accessPointCount)
            header.uint32(UInt32(areas.count), at: Section.areaCount)
            header.uint32(UInt32(bins), at: Section.binCount)
            header.uint32(BundleFormat.Weidmann.binWidth, at: Section.binWidth)
            header.uint32(UInt32(keyText.count), at: Section.keyBytes)
        }
        writer.advance(to: layout.accessPoints)
        writer.bytes(Array(points.data))
        writer.advance(to: layout.areas)
        for area in areas {
            writer.record(size: Area.size) { entry in
                entry.uint32(UInt32(stored[area.outline]), at: Area.outline)
                entry.uint32(UInt32(area.accessPoint), at: Area.accessPoint)
                entry.uint32(area.squareDecimetres, at: Area.squareDecimetres)
            }
        }
        writer.advance(to: layout.factors)
        for bin in 0..<bins { writer.uint32(BundleFormat.Weidmann.factor(bin: bin)) }
        writer.advance(to: layout.keyText)
        writer.bytes(keyText)
        return writer.data
    }
}
