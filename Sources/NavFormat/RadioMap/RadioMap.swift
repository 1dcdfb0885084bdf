/// A compiled Wi-Fi radio map: the survey's scans as they were taken, and its spots (the scans
/// taken at one position) with the signal statistics of each access point heard there, grouped
/// by building and floor; the contents of a bundle's `WIFI` section.
///
/// The `fingerprints` stage builds it from site surveys; ``RadioMapLocator`` locates scans on
/// its encoded form.
public struct RadioMap: Hashable, Sendable {
    /// One floor of a surveyed building.
    public struct Floor: Hashable, Sendable {
        /// The survey's name for the level.
        public var name: String
        /// Index into ``RadioMap/buildings``.
        public var building: Int
        /// The level's ordinal: the joined venue level's, else the survey's name read as a number.
        public var ordinal: Double
        /// The bundle level (index into `LEVL`) the survey's level joined, if any.
        public var venueLevel: Int?

        public init(name: String, building: Int, ordinal: Double, venueLevel: Int?) {
            self.name = name
            self.building = building
            self.ordinal = ordinal
            self.venueLevel = venueLevel
        }
    }

    /// The statistics of one access point at one reference point.
    public struct Reading: Hashable, Sendable {
        /// Index into ``RadioMap/accessPoints``.
        public var accessPoint: Int
        /// Mean RSSI in dBm over the scans that heard it.
        public var mean: Double
        /// Standard deviation in dB over the scans that heard it.
        public var standardDeviation: Double
        /// How many of the reference point's scans heard it.
        public var heardCount: Int

        public init(accessPoint: Int, mean: Double, standardDeviation: Double, heardCount: Int) {
            self.accessPoint = accessPoint
            self.mean = mean
            self.standardDeviation = standardDeviation
            self.heardCount = heardCount
        }
    }

    /// A scan of the survey as it was taken, kept so that a scan between spots finds the scans
    /// nearest it rather than their averages.
    public struct Scan: Hashable, Sendable {
        /// One access point heard, in dBm.
        public struct Signal: Hashable, Sendable {
            /// Index into ``RadioMap/accessPoints``.
            public var accessPoint: Int
            public var rssi: Double

            public init(accessPoint: Int, rssi: Double) {
                self.accessPoint = accessPoint
                self.rssi = rssi
            }
        }

        /// Index into ``RadioMap/referencePoints``: the spot it was taken at.
        public var spot: Int
        /// Sorted by access point, one per access point.
        public var signals: [Signal]

        public init(spot: Int, signals: [Signal]) {
            self.spot = spot
            self.signals = signals
        }
    }

    /// A surveyed position (a spot): every scan taken there, summarised per access point.
    public struct ReferencePoint: Hashable, Sendable {
        /// The mean position of its scans, WGS 84 degrees.
        public var latitude: Double
        public var longitude: Double
        /// Index into ``RadioMap/floors``.
        public var floor: Int
        /// How many scans were taken there.
        public var scanCount: Int
        /// Sorted by access point; access points never heard there are absent.
        public var readings: [Reading]

        public init(latitude: Double, longitude: Double, floor: Int, scanCount: Int, readings: [Reading]) {
            self.latitude = latitude
            self.longitude = longitude
            self.floor = floor
            self.scanCount = scanCount
            self.readings = readings
        }
    }

    /// Access point ids (normalised BSSIDs or survey labels), sorted by their UTF-8 bytes.
    public var accessPoints: [String]
    /// Building names as the survey gives them, sorted.
    public var buildings: [String]
    /// Sorted by building, then ordinal.
    public var floors: [Floor]
    /// The spots, sorted by floor.
    public var referencePoints: [ReferencePoint]
    /// The scans, sorted by spot.
    public var scans: [Scan]
    /// How runtimes locate on this map.
    public var parameters: LocatorParameters

    public init(accessPoints: [String], buildings: [String], floors: [Floor], referencePoints: [ReferencePoint],
                scans: [Scan], parameters: LocatorParameters) {
        self.scans = scans
        self.accessPoints = accessPoints
        self.buildings = buildings
        self.floors = floors
        self.referencePoints = referencePoints
        self.parameters = parameters
    }
}
