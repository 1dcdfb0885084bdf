/// Where each table of a `WIFI` section starts, from the counts in its header; the writer and
/// the reader share it so they cannot disagree (`docs/bundle-format.md`, "WIFI").
struct RadioMapLayout: Equatable {
    static let headerSize = 64
    static let floorSize = 16
    static let referencePointSize = 16
    static let readingSize = 8
    static let noVenueLevel: UInt16 = .max

    let accessPointCount: Int
    let buildingCount: Int
    let floorCount: Int
    let referencePointCount: Int
    let readingCount: Int
    let postingCount: Int
    let stringCount: Int
    let stringBytes: Int

    /// `A` × u32 string index of each access point's id.
    var accessPoints: Int { Self.headerSize }
    /// `A + 1` × u32: where each access point's postings start.
    var postingFirst: Int { Self.aligned(accessPoints + accessPointCount * 4) }
    /// `B` × u32 string index of each building's name.
    var buildings: Int { Self.aligned(postingFirst + (accessPointCount + 1) * 4) }
    var floors: Int { Self.aligned(buildings + buildingCount * 4) }
    var referencePoints: Int { floors + floorCount * Self.floorSize }
    var readings: Int { referencePoints + referencePointCount * Self.referencePointSize }
    /// `P` × u32 reference point index, grouped by access point.
    var postings: Int { readings + readingCount * Self.readingSize }
    /// `S + 1` × u32 byte offsets into the string bytes.
    var stringOffsets: Int { Self.aligned(postings + postingCount * 4) }
    var stringData: Int { stringOffsets + (stringCount + 1) * 4 }
    var size: Int { Self.aligned(stringData + stringBytes) }

    static func aligned(_ offset: Int) -> Int { (offset + 7) / 8 * 8 }

    /// Mean RSSI is stored in half-decibel steps: `q = (rssi + 128) × 2`, so 0 ↔ −128 dBm.
    static func quantisedMean(_ rssi: Double) -> UInt8 {
        UInt8(max(0, min(255, ((rssi + 128) * 2).rounded())))
    }

    static func mean(_ quantised: UInt8) -> Double { Double(quantised) / 2 - 128 }

    /// Standard deviation in quarter-decibel steps, up to 63.75 dB.
    static func quantisedDeviation(_ deviation: Double) -> UInt8 {
        UInt8(max(0, min(255, (deviation * 4).rounded())))
    }

    static func deviation(_ quantised: UInt8) -> Double { Double(quantised) / 4 }
}
