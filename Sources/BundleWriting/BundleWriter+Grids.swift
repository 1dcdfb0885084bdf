import NavFormat

extension BundleWriter {
    /// The cells of one level's uniform grid (``BundleFormat/SnapGridEntry``), which `SNAP` lays
    /// over nodes and `GFNC` over fences.
    struct GridShape {
        var south: Int64, west: Int64
        var cellLatitude: Int64, cellLongitude: Int64
        var rows: Int, columns: Int

        /// The grid over the box `south ... north`, `west ... east` (1e-7 degree) for `items`
        /// things, aiming at `perCell` of them per cell: square cells in the local plane (longitude
        /// scaled by `longitudeScale`), widened until the grid has at most `4 × items + 64`
        /// cells, so that a level drawn along a line does not get far more cells than things.
        init(south: Int64, west: Int64, north: Int64, east: Int64, items: Int, perCell: Double, longitudeScale: Double) {
            self.south = south
            self.west = west
            let height = Double(north - south), width = Double(east - west) * longitudeScale
            let cells = max(1, Double(items) / perCell)
            var side = max(1, (max(height, 1) * max(width, 1) / cells).squareRoot())
            (cellLatitude, cellLongitude, rows, columns) = (1, 1, 1, 1)
            repeat {
                cellLatitude = Int64(min(side.rounded(.up), Double(UInt32.max)))
                cellLongitude = Int64(min((side / longitudeScale).rounded(.up), Double(UInt32.max)))
                rows = Int((north - south) / cellLatitude) + 1
                columns = Int((east - west) / cellLongitude) + 1
                side *= 2
            } while rows * columns > 4 * items + 64
        }

        /// The cell, row-major, of a point (1e-7 degree) inside the box.
        func cell(latitude: Int64, longitude: Int64) -> Int {
            Int((latitude - south) / cellLatitude) * columns + Int((longitude - west) / cellLongitude)
        }

        /// The grid's entry, its cells numbered from `firstCell`.
        func write(to writer: inout ByteWriter, firstCell: Int) {
            typealias Entry = BundleFormat.SnapGridEntry
            writer.record(size: Entry.size) { entry in
                entry.int32(Int32(clamping: south), at: Entry.minLatitude)
                entry.int32(Int32(clamping: west), at: Entry.minLongitude)
                entry.uint32(UInt32(cellLatitude), at: Entry.cellLatitude)
                entry.uint32(UInt32(cellLongitude), at: Entry.cellLongitude)
                entry.uint32(UInt32(rows), at: Entry.rows)
                entry.uint32(UInt32(columns), at: Entry.columns)
                entry.uint32(UInt32(firstCell), at: Entry.firstCell)
            }
        }
    }
}
