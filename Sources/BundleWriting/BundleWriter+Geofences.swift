import Foundation
import NavFormat

extension BundleWriter {
    /// Fences per grid cell the `GFNC` grids aim at.
    static let geofencesPerCell = 2.0

    /// One fence before encoding: its place, `OUTL` index or circle, level and bounding box in
    /// 1e-7 degree.
    struct Fence {
        var place: Int
        var outline: Int?
        var radius: UInt32
        var level: Int
        var south: Int64, west: Int64, north: Int64, east: Int64
    }

    /// The fences of `contents` in `GFNC` order (level, place, outlines in `OUTL` order before
    /// the circle): every outline of a place, and a circle around each place with a position on a
    /// level whose data gives a radius, or which is a point of interest or a room without an
    /// outline (``BundleFormat/defaultGeofenceRadius``).
    static func fences(of contents: BundleContents, longitudeScale: Double) -> [Fence] {
        let order = outlineOrder(contents.outlines)
        var fences: [Fence] = []
        var outlined = Set<Int>()
        for (stored, index) in order.enumerated() {
            let outline = contents.outlines[index]
            guard let place = outline.place, let exterior = outline.rings.first, !exterior.isEmpty else { continue }
            outlined.insert(place)
            let latitudes = exterior.map { Int64(BundleFormat.fixedPoint($0.latitude)) }
            let longitudes = exterior.map { Int64(BundleFormat.fixedPoint($0.longitude)) }
            fences.append(Fence(place: place, outline: stored, radius: 0, level: outline.level,
                                south: latitudes.min()!, west: longitudes.min()!, north: latitudes.max()!, east: longitudes.max()!))
        }
        for (index, place) in contents.places.enumerated() {
            guard let level = place.level, let latitude = place.latitude, let longitude = place.longitude else { continue }
            let given = place.geofenceRadius.map { min(max($0 * 100, 0), Double(UInt32.max)).rounded() } ?? 0
            let radius = given > 0 ? UInt32(given)
                : place.kind == .room && outlined.contains(index) ? 0 : UInt32(BundleFormat.defaultGeofenceRadius * 100)
            guard radius > 0 else { continue }
            // The box holds every point within the radius by the format's metric, and a unit more.
            let units = (Double(radius) / 100 / metresPerUnit).rounded(.up) + 1
            let across = (units / longitudeScale).rounded(.up) + 1
            let y = Int64(BundleFormat.fixedPoint(latitude)), x = Int64(BundleFormat.fixedPoint(longitude))
            fences.append(Fence(place: index, outline: nil, radius: radius, level: level,
                                south: y - Int64(units), west: x - Int64(min(across, 4e9)),
                                north: y + Int64(units), east: x + Int64(min(across, 4e9))))
        }
        return fences.sorted {
            ($0.level, $0.place, $0.outline ?? Int.max) < ($1.level, $1.place, $1.outline ?? Int.max)
        }
    }

    /// Metres per 1e-7 degree of latitude in the format's metric (`SNAP`).
    static let metresPerUnit = 0.011131949079327357

    /// `GFNC`: the fences, and per level a uniform grid whose cells list the fences whose boxes
    /// meet them, so that a position finds the places it is in or near by reading one cell.
    static func encodeGeofences(_ contents: BundleContents) -> Data {
        let longitudeScale = BundleFormat.localLongitudeScale(latitudes: contents.nodes.map { BundleFormat.fixedPoint($0.latitude) })
        let levelCount = contents.levels.count
        let fences = fences(of: contents, longitudeScale: longitudeScale)
        var levelRecords = ByteWriter()
        var cellFirst: [UInt32] = [0]
        var entries: [UInt32] = []
        for level in 0..<levelCount {
            let members = fences.indices.filter { fences[$0].level == level }
            guard !members.isEmpty else {
                levelRecords.record(size: BundleFormat.SnapGridEntry.size) { _ in }
                continue
            }
            let south = members.map { fences[$0].south }.min()!, north = members.map { fences[$0].north }.max()!
            let west = members.map { fences[$0].west }.min()!, east = members.map { fences[$0].east }.max()!
            let grid = GridShape(south: south, west: west, north: north, east: east, items: members.count,
                                 perCell: geofencesPerCell, longitudeScale: longitudeScale)
            var cells = [[UInt32]](repeating: [], count: grid.rows * grid.columns)
            for fence in members {
                let box = fences[fence]
                for row in Int((box.south - south) / grid.cellLatitude)...Int((box.north - south) / grid.cellLatitude) {
                    for column in Int((box.west - west) / grid.cellLongitude)...Int((box.east - west) / grid.cellLongitude) {
                        cells[row * grid.columns + column].append(UInt32(fence))
                    }
                }
            }
            grid.write(to: &levelRecords, firstCell: cellFirst.count - 1)
            for cell in cells {
                entries += cell
                cellFirst.append(UInt32(entries.count))
            }
        }
        typealias Section = BundleFormat.GeofenceSection
        typealias Entry = BundleFormat.GeofenceEntry
        let layout = Section(levelCount: levelCount, fenceCount: fences.count, cellCount: cellFirst.count - 1)
        var writer = ByteWriter(capacity: layout.entries + entries.count * BundleFormat.wordSize)
        writer.record(size: Section.headerSize) { header in
            header.uint32(UInt32(levelCount), at: Section.levelCount)
            header.uint32(UInt32(fences.count), at: Section.fenceCount)
            header.uint32(UInt32(cellFirst.count - 1), at: Section.cellCount)
            header.uint32(UInt32(entries.count), at: Section.entryCount)
            header.float64(longitudeScale, at: Section.longitudeScale)
        }
        writer.bytes(Array(levelRecords.data))
        for fence in fences {
            writer.record(size: Entry.size) { entry in
                entry.uint32(UInt32(fence.place), at: Entry.place)
                entry.uint32(fence.outline.map { UInt32($0) } ?? BundleFormat.none, at: Entry.outline)
                entry.uint32(fence.radius, at: Entry.radius)
                entry.uint32(UInt32(fence.level), at: Entry.level)
            }
        }
        for value in cellFirst { writer.uint32(value) }
        for value in entries { writer.uint32(value) }
        return writer.data
    }
}
