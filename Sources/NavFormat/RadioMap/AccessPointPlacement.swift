public import Foundation

/// Where an access point of a radio map stands on a venue level: from the inventory, or, where it
/// gives no position, estimated from the survey (docs/crowds.md, "Access points").
public struct AccessPointPlacement: Hashable, Sendable {
    /// The radio map's key of the access point (a normalised BSSID, or a label).
    public var key: String
    /// Index into the venue's levels (the bundle's `LEVL`).
    public var level: Int
    public var latitude: Double
    public var longitude: Double
    /// Whether the inventory gives the position, rather than the survey's estimate.
    public var fromInventory: Bool

    public init(key: String, level: Int, latitude: Double, longitude: Double, fromInventory: Bool) {
        self.key = key
        self.level = level
        self.latitude = latitude
        self.longitude = longitude
        self.fromInventory = fromInventory
    }
}

extension AccessPointPlacement {
    /// The placements as the radio map artifact's `APOS` section holds them: a count, then per
    /// placement its level (`u32`), whether it is the inventory's (`u32`), latitude and
    /// longitude (`f64`) and its key's UTF-8 bytes after a `u32` length.
    public static func encode(_ placements: [AccessPointPlacement]) -> Data {
        var writer = ByteWriter()
        writer.uint32(UInt32(placements.count))
        for placement in placements {
            let key = Array(placement.key.utf8)
            writer.uint32(UInt32(placement.level))
            writer.uint32(placement.fromInventory ? 1 : 0)
            writer.float64(placement.latitude)
            writer.float64(placement.longitude)
            writer.uint32(UInt32(key.count))
            writer.bytes(key)
        }
        return writer.data
    }

    /// The placements of an `APOS` section, checked to fit it.
    public static func decode(_ section: ByteReader) throws(FormatError) -> [AccessPointPlacement] {
        let count = Int(try section.uint32(at: 0))
        guard count <= section.count / 28 else {
            throw .malformedSection(section: "APOS", detail: "\(count) placements do not fit \(section.count) bytes")
        }
        var offset = 4
        var placements: [AccessPointPlacement] = []
        for _ in 0..<count {
            let level = Int(try section.uint32(at: offset)), inventory = try section.uint32(at: offset + 4)
            let latitude = try section.float64(at: offset + 8), longitude = try section.float64(at: offset + 16)
            let length = Int(try section.uint32(at: offset + 24))
            let key = try section.bytes(offset: offset + 28, count: length)
            placements.append(AccessPointPlacement(key: String(decoding: key, as: UTF8.self), level: level,
                                                   latitude: latitude, longitude: longitude, fromInventory: inventory != 0))
            offset += 28 + length
        }
        return placements
    }
}
