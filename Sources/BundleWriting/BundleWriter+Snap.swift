import Foundation
import NavFormat

extension BundleWriter {
    /// Nodes per grid cell the `SNAP` grids aim at: few enough that a lookup reads a handful.
    static let snapNodesPerCell = 4.0

    /// `SNAP`: one uniform grid per level over the nodes on it, cells listing their nodes.
    ///
    /// Distances are measured in 1e-7 degree of latitude, longitude differences scaled by
    /// `longitudeScale` (``BundleFormat/localLongitudeScale(latitudes:)``, the cosine of the
    /// venue's middle latitude), which is exact enough for a venue and cheap to compute
    /// identically in every reader.
    static func encodeSnap(nodes: [BundleContents.Node], levelCount: Int) -> Data {
        let latitudes = nodes.map { BundleFormat.fixedPoint($0.latitude) }
        let longitudes = nodes.map { BundleFormat.fixedPoint($0.longitude) }
        let longitudeScale = BundleFormat.localLongitudeScale(latitudes: latitudes)

        var byLevel = [[Int]](repeating: [], count: levelCount)
        for (index, node) in nodes.enumerated() { byLevel[node.level].append(index) }

        var levelRecords = ByteWriter()
        var cellFirst: [UInt32] = [0]
        var entries: [UInt32] = []
        for members in byLevel {
            guard !members.isEmpty else {
                // A level without nodes has an all-zero grid: no rows.
                levelRecords.record(size: BundleFormat.SnapGridEntry.size) { _ in }
                continue
            }
            let grid = GridShape(south: Int64(members.map { latitudes[$0] }.min()!), west: Int64(members.map { longitudes[$0] }.min()!),
                                 north: Int64(members.map { latitudes[$0] }.max()!), east: Int64(members.map { longitudes[$0] }.max()!),
                                 items: members.count, perCell: snapNodesPerCell, longitudeScale: longitudeScale)
            var cellMembers = [[UInt32]](repeating: [], count: grid.rows * grid.columns)
            for node in members {
                cellMembers[grid.cell(latitude: Int64(latitudes[node]), longitude: Int64(longitudes[node]))].append(UInt32(node))
            }
            grid.write(to: &levelRecords, firstCell: cellFirst.count - 1)
            for cell in cellMembers {
                entries += cell
                cellFirst.append(UInt32(entries.count))
            }
        }

        typealias Section = BundleFormat.SnapSection
        let layout = Section(levelCount: levelCount, cellCount: cellFirst.count - 1)
        var writer = ByteWriter(capacity: layout.entries + entries.count * BundleFormat.wordSize)
        writer.record(size: Section.headerSize) { header in
            header.uint32(UInt32(levelCount), at: Section.levelCount)
            header.uint32(UInt32(nodes.count), at: Section.nodeCount)
            header.uint32(UInt32(cellFirst.count - 1), at: Section.cellCount)
            header.uint32(UInt32(entries.count), at: Section.entryCount)
            header.float64(longitudeScale, at: Section.longitudeScale)
        }
        writer.advance(to: layout.grids)
        writer.bytes(Array(levelRecords.data))
        writer.advance(to: layout.cellFirst)
        for value in cellFirst { writer.uint32(value) }
        writer.advance(to: layout.entries)
        for value in entries { writer.uint32(value) }
        return writer.data
    }
}
