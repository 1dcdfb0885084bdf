/// The layout of a `WIFI` section: its header, its records and, from the counts in its header,
/// where each table starts (`docs/bundle-format.md`, "WIFI").
///
/// Every header field, record field and table start of the section is declared here and nowhere
/// else: the writer sets fields at these offsets and the reader reads them from there.
public struct RadioMapLayout: Equatable {
    /// The 64-byte header: eight `u32` counts, then the locator's parameters.
    public enum Header {
        public static let size = 64
        public static let accessPointCount = 0
        public static let buildingCount = 4
        public static let floorCount = 8
        public static let referencePointCount = 12
        public static let readingCount = 16
        public static let postingCount = 20
        public static let stringCount = 24
        public static let stringBytes = 28
        /// `f64`.
        public static let floorExponent = 32
        /// `f64`.
        public static let positionExponent = 40
        /// `f64` dBm.
        public static let weakestRSSI = 48
        /// `u16`.
        public static let buildingNeighbours = 56
        /// `u16`.
        public static let floorNeighbours = 58
        /// `u16`.
        public static let neighbours = 60
        /// `u16`.
        public static let candidateAccessPoints = 62
    }

    /// A floor entry.
    public enum FloorEntry {
        public static let size = 16
        /// `u32` string.
        public static let name = 0
        /// `u16` building index.
        public static let building = 4
        /// `u16` `LEVL` index, ``RadioMapLayout/noVenueLevel`` for none.
        public static let venueLevel = 6
        /// `i32` ordinal in thousandths.
        public static let ordinal = 8
        /// `u32` index of the floor's first reference point.
        public static let firstReferencePoint = 12
    }

    /// A reference point entry.
    public enum ReferencePointEntry {
        public static let size = 16
        /// `i32`, 1e-7 degree.
        public static let latitude = 0
        /// `i32`, 1e-7 degree.
        public static let longitude = 4
        /// `u32` index of the point's first reading.
        public static let firstReading = 8
        /// `u16` floor index.
        public static let floor = 12
        /// `u16`.
        public static let scanCount = 14
    }

    /// A reading entry.
    public enum ReadingEntry {
        public static let size = 8
        /// `u16` access point index.
        public static let accessPoint = 0
        /// `u16` scans that heard it.
        public static let heardCount = 2
        /// `u8` mean RSSI in half decibels (``RadioMapLayout/quantisedMean(_:)``).
        public static let mean = 4
        /// `u8` deviation in quarter decibels (``RadioMapLayout/quantisedDeviation(_:)``).
        public static let deviation = 5
    }

    /// Width of the `u32` elements of the index, offset and posting tables.
    public static let wordSize = 4
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
    public var accessPoints: Int { Header.size }
    /// `A + 1` × u32: where each access point's postings start.
    public var postingFirst: Int { Self.aligned(accessPoints + accessPointCount * Self.wordSize) }
    /// `B` × u32 string index of each building's name.
    public var buildings: Int { Self.aligned(postingFirst + (accessPointCount + 1) * Self.wordSize) }
    public var floors: Int { Self.aligned(buildings + buildingCount * Self.wordSize) }
    public var referencePoints: Int { floors + floorCount * FloorEntry.size }
    public var readings: Int { referencePoints + referencePointCount * ReferencePointEntry.size }
    /// `P` × u32 reference point index, grouped by access point.
    public var postings: Int { readings + readingCount * ReadingEntry.size }
    /// `S + 1` × u32 byte offsets into the string bytes.
    public var stringOffsets: Int { Self.aligned(postings + postingCount * Self.wordSize) }
    public var stringData: Int { stringOffsets + (stringCount + 1) * Self.wordSize }
    public var size: Int { Self.aligned(stringData + stringBytes) }

    /// Where access point `index`'s id is.
    public func accessPoint(_ index: Int) -> Int { accessPoints + index * Self.wordSize }
    /// Where the first posting of access point `index` is given; `index + 1`'s ends its run.
    public func postingFirst(_ index: Int) -> Int { postingFirst + index * Self.wordSize }
    /// Where building `index`'s name is.
    public func building(_ index: Int) -> Int { buildings + index * Self.wordSize }
    public func floor(_ index: Int) -> Int { floors + index * FloorEntry.size }
    public func referencePoint(_ index: Int) -> Int { referencePoints + index * ReferencePointEntry.size }
    public func reading(_ index: Int) -> Int { readings + index * ReadingEntry.size }
    public func posting(_ index: Int) -> Int { postings + index * Self.wordSize }
    /// Where the start of string `index`'s bytes is given; `index + 1`'s ends them.
    public func stringOffset(_ index: Int) -> Int { stringOffsets + index * Self.wordSize }

    /// Tables start where bundle sections align them (``BundleFormat/alignment``).
    public static func aligned(_ offset: Int) -> Int { BundleFormat.aligned(offset) }

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
