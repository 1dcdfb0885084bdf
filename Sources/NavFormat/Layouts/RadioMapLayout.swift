/// Where each table of a `WIFI` section starts, from the counts in its header; the writer and
/// the reader share it so they cannot disagree (`docs/bundle-format.md`, "WIFI").
public struct RadioMapLayout: Equatable {
    public static let headerSize = 64
    public static let floorSize = 16
    public static let referencePointSize = 16
    public static let readingSize = 8
    public static let noVenueLevel: UInt16 = .max

    public let accessPointCount: Int
    public let buildingCount: Int
    public let floorCount: Int
    public let referencePointCount: Int
    public let readingCount: Int
    public let postingCount: Int
    public let stringCount: Int
    public let stringBytes: Int

    public init(accessPointCount: Int, buildingCount: Int, floorCount: Int, referencePointCount: Int, readingCount: Int,
                postingCount: Int, stringCount: Int, stringBytes: Int) {
        self.accessPointCount = accessPointCount
        self.buildingCount = buildingCount
        self.floorCount = floorCount
        self.referencePointCount = referencePointCount
        self.readingCount = readingCount
        self.postingCount = postingCount
        self.stringCount = stringCount
        self.stringBytes = stringBytes
    }

    /// `A` × u32 string index of each access point's id.
    public var accessPoints: Int { Self.headerSize }
    /// `A + 1` × u32: where each access point's postings start.
    public var postingFirst: Int { Self.aligned(accessPoints + accessPointCount * 4) }
    /// `B` × u32 string index of each building's name.
    public var buildings: Int { Self.aligned(postingFirst + (accessPointCount + 1) * 4) }
    public var floors: Int { Self.aligned(buildings + buildingCount * 4) }
    public var referencePoints: Int { floors + floorCount * Self.floorSize }
    public var readings: Int { referencePoints + referencePointCount * Self.referencePointSize }
    /// `P` × u32 reference point index, grouped by access point.
    public var postings: Int { readings + readingCount * Self.readingSize }
    /// `S + 1` × u32 byte offsets into the string bytes.
    public var stringOffsets: Int { Self.aligned(postings + postingCount * 4) }
    public var stringData: Int { stringOffsets + (stringCount + 1) * 4 }
    public var size: Int { Self.aligned(stringData + stringBytes) }

    public static func aligned(_ offset: Int) -> Int { (offset + 7) / 8 * 8 }

    /// Mean RSSI is stored in half-decibel steps: `q = (rssi + 128) × 2`, so 0 ↔ −128 dBm.
    public static func quantisedMean(_ rssi: Double) -> UInt8 {
        UInt8(max(0, min(255, ((rssi + 128) * 2).rounded())))
    }

    public static func mean(_ quantised: UInt8) -> Double { Double(quantised) / 2 - 128 }

    /// Standard deviation in quarter-decibel steps, up to 63.75 dB.
    public static func quantisedDeviation(_ deviation: Double) -> UInt8 {
        UInt8(max(0, min(255, (deviation * 4).rounded())))
    }

    public static func deviation(_ quantised: UInt8) -> Double { Double(quantised) / 4 }
}
