/// One Wi-Fi scan of a site survey: what a device heard at a known position, level and time.
public struct SurveyScan: Hashable, Sendable, Codable {
    /// One access point heard in the scan.
    public struct Reading: Hashable, Sendable, Codable {
        public var accessPoint: AccessPointID
        /// Received signal strength in dBm (negative; closer to 0 is stronger).
        public var rssi: Double

        public init(accessPoint: AccessPointID, rssi: Double) {
            self.accessPoint = accessPoint
            self.rssi = rssi
        }
    }

    /// The scan's id in its source (a scan id column, or the row's line).
    public var id: String
    /// Seconds since 1970-01-01T00:00:00Z, when known.
    public var timestamp: Int64?
    public var position: Coordinate
    /// The survey's name for the building, when it has one.
    public var building: String?
    /// The survey's name for the level, as written in the source (`2`, `OG1`, `-1`).
    public var level: String
    /// The device or phone model that scanned, when known.
    public var device: String?
    /// The access points heard; an access point not listed was not heard.
    public var readings: [Reading]
    public var source: SourceLocation

    public init(id: String, timestamp: Int64?, position: Coordinate, building: String?, level: String,
                device: String?, readings: [Reading], source: SourceLocation) {
        self.id = id
        self.timestamp = timestamp
        self.position = position
        self.building = building
        self.level = level
        self.device = device
        self.readings = readings
        self.source = source
    }
}
