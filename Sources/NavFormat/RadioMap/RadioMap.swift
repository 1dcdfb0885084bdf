/// A compiled Wi-Fi radio map: reference points with the signal statistics of each access point
/// heard there, grouped by building and floor; the contents of a bundle's `WIFI` section.
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

    /// A surveyed position: every scan taken there, summarised per access point.
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
    /// Sorted by floor.
    public var referencePoints: [ReferencePoint]
    /// How runtimes locate on this map.
    public var parameters: LocatorParameters

    public init(accessPoints: [String], buildings: [String], floors: [Floor], referencePoints: [ReferencePoint],
                parameters: LocatorParameters) {
        self.accessPoints = accessPoints
        self.buildings = buildings
        self.floors = floors
        self.referencePoints = referencePoints
        self.parameters = parameters
    }
}
