/// The layout of a `WIFI` section (section version 2): its header, its records and, from the
/// counts in its header, where each table starts (`docs/bundle-format.md`, "WIFI").
///
/// Every header field, record field and table start of the section is declared here and nowhere
/// else: the writer sets fields at these offsets and the reader reads them from there.
public struct RadioMapLayout: Equatable {
    /// The section version this layout describes; readers treat others as absent.
    public static let sectionVersion: UInt16 = 2

    /// The 80-byte header: ten `u32` counts, then the locator's parameters.
    public enum Header {
        public static let size = 80
        public static let accessPointCount = 0
        public static let buildingCount = 4
        public static let floorCount = 8
        public static let spotCount = 12
        public static let scanCount = 16
        public static let spotPostingCount = 20
        public static let scanPostingCount = 24
        public static let stringCount = 28
        public static let stringBytes = 32
        /// `u32`, zero.
        public static let reserved = 36
        /// `f64`.
        public static let floorExponent = 40
        /// `f64`.
        public static let positionExponent = 48
        /// `f64` dBm.
        public static let weakestRSSI = 56
        /// `f64`.
        public static let certainRatio = 64
        /// `u16`.
        public static let floorScans = 72
        /// `u16`.
        public static let floorSpots = 74
        /// `u16`.
        public static let neighbours = 76
        /// `u8`: 1 scans, 2 spots, 3 both.
        public static let positionSource = 78
        /// `u8`: 1 inverse-distance weights, 0 equal weights.
        public static let inverseDistance = 79
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
        /// `u32` index of the floor's first spot.
        public static let firstSpot = 12
    }

    /// A spot entry.
    public enum SpotEntry {
        public static let size = 12
        /// `i32`, 1e-7 degree.
        public static let latitude = 0
        /// `i32`, 1e-7 degree.
        public static let longitude = 4
        /// `u16` floor index.
        public static let floor = 8
        /// `u16` scans taken there, at most 65535.
        public static let scanCount = 10
    }

    /// A posting: `record << 8 | level`, the record (spot or scan) below 2²⁴ and the level the
    /// quantised RSSI (``RadioMapLayout/quantisedMean(_:)``).
    public static func posting(record: Int, level: UInt8) -> UInt32 { UInt32(record) << 8 | UInt32(level) }
    /// Records a posting can name.
    public static let maximumRecords = 1 << 24

    /// Width of the `u32` elements of the index, offset and posting tables.
    public static let wordSize = 4
    public static let noVenueLevel: UInt16 = .max

    public let accessPointCount: Int
    public let buildingCount: Int
    public let floorCount: Int
    public let spotCount: Int
    public let scanCount: Int
    public let spotPostingCount: Int
    public let scanPostingCount: Int
    public let stringCount: Int
    public let stringBytes: Int

    public init(accessPointCount: Int, buildingCount: Int, floorCount: Int, spotCount: Int, scanCount: Int,
                spotPostingCount: Int, scanPostingCount: Int, stringCount: Int, stringBytes: Int) {
        self.accessPointCount = accessPointCount
        self.buildingCount = buildingCount
        self.floorCount = floorCount
        self.spotCount = spotCount
        self.scanCount = scanCount
        self.spotPostingCount = spotPostingCount
        self.scanPostingCount = scanPostingCount
        self.stringCount = stringCount
        self.stringBytes = stringBytes
    }

    /// `A` × u32 string index of each access point's id.
    public var accessPoints: Int { Header.size }
    /// `A + 1` × u32: where each access point's spot postings start.
    public var spotPostingFirst: Int { Self.aligned(accessPoints + accessPointCount * Self.wordSize) }
    /// `A + 1` × u32: where each access point's scan postings start.
    public var scanPostingFirst: Int { Self.aligned(spotPostingFirst + (accessPointCount + 1) * Self.wordSize) }
    /// `B` × u32 string index of each building's name.
    public var buildings: Int { Self.aligned(scanPostingFirst + (accessPointCount + 1) * Self.wordSize) }
    public var floors: Int { Self.aligned(buildings + buildingCount * Self.wordSize) }
    public var spots: Int { floors + floorCount * FloorEntry.size }
    /// `C` × u32: the spot of each scan.
    public var scans: Int { Self.aligned(spots + spotCount * SpotEntry.size) }
    public var spotPostings: Int { Self.aligned(scans + scanCount * Self.wordSize) }
    public var scanPostings: Int { Self.aligned(spotPostings + spotPostingCount * Self.wordSize) }
    /// `S + 1` × u32 byte offsets into the string bytes.
    public var stringOffsets: Int { Self.aligned(scanPostings + scanPostingCount * Self.wordSize) }
    public var stringData: Int { stringOffsets + (stringCount + 1) * Self.wordSize }
    public var size: Int { Self.aligned(stringData + stringBytes) }

    /// Where access point `index`'s id is.
    public func accessPoint(_ index: Int) -> Int { accessPoints + index * Self.wordSize }
    /// Where the first spot (`scans` false) or scan posting of access point `index` is given;
    /// `index + 1`'s ends its run.
    public func postingFirst(_ index: Int, scans: Bool) -> Int {
        (scans ? scanPostingFirst : spotPostingFirst) + index * Self.wordSize
    }
    /// Where building `index`'s name is.
    public func building(_ index: Int) -> Int { buildings + index * Self.wordSize }
    public func floor(_ index: Int) -> Int { floors + index * FloorEntry.size }
    public func spot(_ index: Int) -> Int { spots + index * SpotEntry.size }
    public func scan(_ index: Int) -> Int { scans + index * Self.wordSize }
    public func posting(_ index: Int, scans: Bool) -> Int { (scans ? scanPostings : spotPostings) + index * Self.wordSize }
    /// Where the start of string `index`'s bytes is given; `index + 1`'s ends them.
    public func stringOffset(_ index: Int) -> Int { stringOffsets + index * Self.wordSize }

    /// Tables start where bundle sections align them (``BundleFormat/alignment``).
    public static func aligned(_ offset: Int) -> Int { BundleFormat.aligned(offset) }

    /// RSSI is stored in half-decibel steps: `q = (rssi + 128) × 2`, so 0 ↔ −128 dBm.
    public static func quantisedMean(_ rssi: Double) -> UInt8 {
        UInt8(max(0, min(255, ((rssi + 128) * 2).rounded())))
    }

    public static func mean(_ quantised: UInt8) -> Double { Double(quantised) / 2 - 128 }
}
