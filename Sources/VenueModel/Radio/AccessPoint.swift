/// A Wi-Fi access point from an inventory: where the network team installed it.
public struct AccessPoint: Hashable, Sendable, Codable {
    public var id: AccessPointID
    /// The network name it broadcasts, when known.
    public var ssid: String?
    public var building: String?
    public var level: String?
    /// Where it is mounted, when the inventory says.
    public var position: Coordinate?
    public var source: SourceLocation

    public init(id: AccessPointID, ssid: String?, building: String?, level: String?, position: Coordinate?,
                source: SourceLocation) {
        self.id = id
        self.ssid = ssid
        self.building = building
        self.level = level
        self.position = position
        self.source = source
    }
}
