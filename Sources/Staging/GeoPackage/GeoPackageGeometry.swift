public import Foundation
public import VenueModel

/// Encodes and decodes GeoPackage geometry blobs (OGC 12-128r18 §2.1.3): a small header with the
/// SRS id and envelope, followed by ISO WKB.
///
/// Writing the blobs ourselves keeps the staging store a plain SQLite file that QGIS also opens
/// as a GeoPackage, without linking SpatiaLite.
public enum GeoPackageGeometry {
    /// WGS 84 longitude/latitude.
    public static let wgs84: Int32 = 4326

    public static func encode(_ geometry: SimpleGeometry, srsID: Int32 = wgs84) -> Data {
        let coordinates = geometry.allCoordinates
        var writer = WKBWriter()
        // The header, envelope and type, then 16 bytes a coordinate and a little for each part.
        writer.bytes.reserveCapacity(64 + 20 * coordinates.count)
        writer.bytes += [0x47, 0x50, 0x00] // "GP", version 0
        // Flags: little-endian (bit 0), envelope [minx, maxx, miny, maxy] (bits 1-3 = 1).
        writer.bytes.append(0b0000_0011)
        writer.int32(srsID)
        let box = BoundingBox(covering: coordinates)
        writer.double(box?.minLongitude ?? 0)
        writer.double(box?.maxLongitude ?? 0)
        writer.double(box?.minLatitude ?? 0)
        writer.double(box?.maxLatitude ?? 0)
        writer.geometry(geometry)
        return Data(writer.bytes)
    }

    /// Reads a geometry blob as ``encode(_:srsID:)`` or another GeoPackage writer wrote it.
    ///
    /// Bytes that are not one fail with ``StagingError/corruptGeometry(_:)``.
    public static func decode(_ data: Data) throws(StagingError) -> SimpleGeometry {
        var reader = WKBReader(bytes: [UInt8](data))
        guard try reader.byte() == 0x47, try reader.byte() == 0x50 else {
            throw .corruptGeometry("not a GeoPackage geometry (missing 'GP' magic)")
        }
        _ = try reader.byte() // version
        let flags = try reader.byte()
        if flags & 0b0010_0000 != 0 { throw .corruptGeometry("extended geometry types are not supported") }
        if flags & 0b0001_0000 != 0 { throw .corruptGeometry("empty geometry") }
        let headerLittleEndian = flags & 1 == 1
        _ = try reader.uint32(littleEndian: headerLittleEndian) // srs id
        let envelopeDoubles: Int
        switch (flags >> 1) & 0b111 {
        case 0: envelopeDoubles = 0
        case 1: envelopeDoubles = 4
        case 2, 3: envelopeDoubles = 6
        case 4: envelopeDoubles = 8
        default: throw .corruptGeometry("invalid envelope indicator")
        }
        try reader.skip(envelopeDoubles * 8)
        return try reader.geometry()
    }
}

/// Appends to a byte array rather than to `Data`: a city's staging store writes millions of
/// numbers, and `Data`'s append per number was a third of encoding them.
private struct WKBWriter {
    var bytes: [UInt8] = []

    mutating func int32(_ value: Int32) { uint32(UInt32(bitPattern: value)) }

    mutating func uint32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func double(_ value: Double) {
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    mutating func coordinates(_ coordinates: [Coordinate]) {
        uint32(UInt32(coordinates.count))
        for coordinate in coordinates {
            double(coordinate.longitude)
            double(coordinate.latitude)
        }
    }

    mutating func polygonBody(_ polygon: Polygon) {
        uint32(UInt32(polygon.rings.count))
        for ring in polygon.rings { coordinates(ring) }
    }

    mutating func geometry(_ geometry: SimpleGeometry) {
        bytes.append(1) // little-endian WKB
        switch geometry {
        case .point(let coordinate):
            uint32(1)
            double(coordinate.longitude)
            double(coordinate.latitude)
        case .lineString(let line):
            uint32(2)
            coordinates(line)
        case .polygon(let polygon):
            uint32(3)
            polygonBody(polygon)
        case .multiPolygon(let polygons):
            uint32(6)
            uint32(UInt32(polygons.count))
            for polygon in polygons { self.geometry(.polygon(polygon)) }
        }
    }
}

private struct WKBReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func byte() throws(StagingError) -> UInt8 {
        guard offset < bytes.count else { throw .corruptGeometry("geometry blob is truncated") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func skip(_ count: Int) throws(StagingError) {
        guard count <= bytes.count - offset else { throw .corruptGeometry("geometry blob is truncated") }
        offset += count
    }

    mutating func uint32(littleEndian: Bool) throws(StagingError) -> UInt32 {
        try skip(4)
        var value: UInt32 = 0
        for index in 0..<4 {
            let shift = littleEndian ? index * 8 : (3 - index) * 8
            value |= UInt32(bytes[offset - 4 + index]) << shift
        }
        return value
    }

    mutating func double(littleEndian: Bool) throws(StagingError) -> Double {
        try skip(8)
        var value: UInt64 = 0
        for index in 0..<8 {
            let shift = littleEndian ? index * 8 : (7 - index) * 8
            value |= UInt64(bytes[offset - 8 + index]) << shift
        }
        return Double(bitPattern: value)
    }

    /// A count that the remaining bytes can hold at `minimumSize` bytes per element, so a corrupt
    /// blob cannot make us allocate gigabytes.
    mutating func count(littleEndian: Bool, minimumSize: Int) throws(StagingError) -> Int {
        let value = Int(try uint32(littleEndian: littleEndian))
        guard value <= (bytes.count - offset) / minimumSize else {
            throw .corruptGeometry("geometry blob claims \(value) elements but is too short")
        }
        return value
    }

    mutating func coordinates(littleEndian: Bool) throws(StagingError) -> [Coordinate] {
        let count = try count(littleEndian: littleEndian, minimumSize: 16)
        var result: [Coordinate] = []
        result.reserveCapacity(count)
        for _ in 0..<count {
            let x = try double(littleEndian: littleEndian)
            let y = try double(littleEndian: littleEndian)
            result.append(Coordinate(latitude: y, longitude: x))
        }
        return result
    }

    mutating func polygonBody(littleEndian: Bool) throws(StagingError) -> Polygon {
        let ringCount = try count(littleEndian: littleEndian, minimumSize: 4)
        guard ringCount > 0 else { throw .corruptGeometry("polygon without rings") }
        var rings: [[Coordinate]] = []
        for _ in 0..<ringCount { rings.append(try coordinates(littleEndian: littleEndian)) }
        return Polygon(exterior: rings[0], holes: Array(rings.dropFirst()))
    }

    mutating func geometry() throws(StagingError) -> SimpleGeometry {
        let order = try byte()
        guard order <= 1 else { throw .corruptGeometry("invalid WKB byte order \(order)") }
        let littleEndian = order == 1
        let type = try uint32(littleEndian: littleEndian)
        switch type {
        case 1:
            let x = try double(littleEndian: littleEndian)
            let y = try double(littleEndian: littleEndian)
            return .point(Coordinate(latitude: y, longitude: x))
        case 2:
            return .lineString(try coordinates(littleEndian: littleEndian))
        case 3:
            return .polygon(try polygonBody(littleEndian: littleEndian))
        case 6:
            let count = try count(littleEndian: littleEndian, minimumSize: 9)
            var polygons: [Polygon] = []
            for _ in 0..<count {
                guard case .polygon(let polygon) = try geometry() else {
                    throw .corruptGeometry("a multipolygon member is not a polygon")
                }
                polygons.append(polygon)
            }
            return .multiPolygon(polygons)
        default:
            throw .corruptGeometry("unsupported WKB geometry type \(type)")
        }
    }
}
