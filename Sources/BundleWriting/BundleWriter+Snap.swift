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
            let minLatitude = members.map { latitudes[$0] }.min()!, maxLatitude = members.map { latitudes[$0] }.max()!
            let minLongitude = members.map { longitudes[$0] }.min()!, maxLongitude = members.map { longitudes[$0] }.max()!
            let height = Double(Int64(maxLatitude) - Int64(minLatitude))
            let width = Double(Int64(maxLongitude) - Int64(minLongitude)) * longitudeScale
            let cells = max(1, Double(members.count) / snapNodesPerCell)
            var side = max(1, (max(height, 1) * max(width, 1) / cells).squareRoot())
            var cellLatitude: UInt32 = 1, cellLongitude: UInt32 = 1, rows = 1, columns = 1
            // A level drawn along a line (all nodes on one street) would get far more cells than
            // nodes from the area alone; wider cells keep the grid within a few cells per node.
            repeat {
                cellLatitude = UInt32(min(side.rounded(.up), Double(UInt32.max)))
                cellLongitude = UInt32(min((side / longitudeScale).rounded(.up), Double(UInt32.max)))
                rows = Int((Int64(maxLatitude) - Int64(minLatitude)) / Int64(cellLatitude)) + 1
                columns = Int((Int64(maxLongitude) - Int64(minLongitude)) / Int64(cellLongitude)) + 1
                side *= 2
            } while rows * columns > 4 * members.count + 64

            var cellMembers = [[UInt32]](repeating: [], count: rows * columns)
            for node in members {
                let row = Int((Int64(latitudes[node]) - Int64(minLatitude)) / Int64(cellLatitude))
                let column = Int((Int64(longitudes[node]) - Int64(minLongitude)) / Int64(cellLongitude))
                cellMembers[row * columns + column].append(UInt32(node))
            }
            typealias Entry = BundleFormat.SnapGridEntry
            levelRecords.record(size: Entry.size) { entry in
                entry.int32(minLatitude, at: Entry.minLatitude)
                entry.int32(minLongitude, at: Entry.minLongitude)
                entry.uint32(cellLatitude, at: Entry.cellLatitude)
                entry.uint32(cellLongitude, at: Entry.cellLongitude)
                entry.uint32(UInt32(rows), at: Entry.rows)
                entry.uint32(UInt32(columns), at: Entry.columns)
                entry.uint32(UInt32(cellFirst.count - 1), at: Entry.firstCell)
            }
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
