/// Where a scan places the device: building, floor, position and how sure the locator is.
public struct PositionFix: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    /// Index into the radio map's buildings, and the building's name.
    public var building: Int
    public var buildingName: String
    /// Index into the radio map's floors, and the floor's name in the survey.
    public var floor: Int
    public var floorName: String
    public var ordinal: Double
    /// The bundle level (index into `LEVL`) of the floor, when the survey joined the venue's levels.
    public var venueLevel: Int?
    /// How far the nearest reference points agree, in 0...1: the share of the inverse-distance
    /// weight of the `buildingNeighbours` nearest that lie on the chosen floor of the chosen
    /// building.
    public var confidence: Double
    /// How many reference points the position averages.
    public var neighbours: Int
}

/// What ``RadioMapLocator`` makes of a scan.
public enum LocateOutcome: Hashable, Sendable {
    case located(PositionFix)
    /// The scan heard no access point the map knows (or none above its weakest signal): there is
    /// nothing to compare, so no guess is made. Its confidence is zero.
    case unknown

    public var fix: PositionFix? {
        if case .located(let fix) = self { return fix }
        return nil
    }

    public var confidence: Double { fix?.confidence ?? 0 }
}

/// One access point heard in a scan handed to the locator.
public struct ScanReading: Hashable, Sendable {
    /// The access point's id as the radio map stores it: a normalised BSSID
    /// (`aa:bb:cc:dd:ee:ff`) or a survey label.
    public var accessPoint: String
    /// Received signal strength in dBm.
    public var rssi: Double

    public init(accessPoint: String, rssi: Double) {
        self.accessPoint = accessPoint
        self.rssi = rssi
    }
}
