import NavFormat

/// Where a scan places the device: building, floor, position and how sure the locator is.
public struct PositionFix: Hashable, Sendable {
    /// The position in WGS 84 degrees.
    public var latitude: Double { Double(latitudeE7) / BundleFormat.coordinateScale }
    public var longitude: Double { Double(longitudeE7) / BundleFormat.coordinateScale }
    /// The position in the radio map's unit, 1e-7 degree, as every reader rounds it.
    public var latitudeE7: Int
    public var longitudeE7: Int
    /// Index into the radio map's buildings, and the building's name.
    public var building: Int
    public var buildingName: String
    /// Index into the radio map's floors, and the floor's name in the survey.
    public var floor: Int
    public var floorName: String
    /// The floor's ordinal, as the survey or the joined venue level gives it.
    public var ordinal: Double
    /// The bundle level (index into `LEVL`) of the floor, when the survey joined the venue's levels.
    public var venueLevel: Int?
    /// How sure the locator is of the floor, in 0...1, from how much better the chosen floor
    /// scores than the next: 0.9 when the next scores the map's certain ratio worse
    /// (`docs/wifi.md`, "Confidence").
    public var confidence: Double
    /// How many scans or spots the position averages.
    public var neighbours: Int
}
