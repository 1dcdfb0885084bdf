public import VenueModel

/// Decides which access points the radio map keeps (`docs/wifi.md`, "Access-point filtering").
public struct AccessPointFilter: Sendable {
    /// Heard in fewer scans than this, an access point is too rare to compare on.
    public var minimumScans = 3
    /// Never heard stronger than this (dBm), it is too far from every surveyed place to tell
    /// them apart.
    public var minimumStrongestRSSI = -95.0
    /// Heard at `nearbyRSSI` or stronger at places further apart than this (metres), it moved:
    /// a phone's hotspot or a device carried through the survey.
    public var mobileSpread = 200.0
    /// A signal this strong (dBm) means the access point is within a few tens of metres.
    public var nearbyRSSI = -70.0
    /// SSIDs that phones and cars broadcast, matched as prefixes, case-insensitively.
    public var mobileNetworkPrefixes = ["iphone", "androidap", "android_", "direct-", "galaxy", "huawei-", "redmi",
                                        "moto ", "pixel_", "mobile hotspot", "audi", "vw_wlan", "tesla"]

    public init() {}

    /// Why an access point was left out.
    public enum Reason: String, Hashable, Sendable, Codable, CaseIterable {
        case rarelyHeard = "rarely-heard"
        case tooWeak = "too-weak"
        case randomisedAddress = "randomised-address"
        case mobileNetwork = "mobile-network"
        case moves
    }

    /// The access points kept and, per reason, how many were left out.
    public func select(from scans: [SurveyScan], inventory: [AccessPoint] = []) -> (kept: Set<AccessPointID>, removed: [Reason: Int]) {
        struct Seen {
            var scans = 0
            var strongest = -Double.infinity
            var south = Double.infinity, north = -Double.infinity, west = Double.infinity, east = -Double.infinity
        }
        var seen: [AccessPointID: Seen] = [:]
        for scan in scans {
            for reading in scan.readings {
                var entry = seen[reading.accessPoint] ?? Seen()
                entry.scans += 1
                entry.strongest = max(entry.strongest, reading.rssi)
                if reading.rssi >= nearbyRSSI {
                    entry.south = min(entry.south, scan.position.latitude)
                    entry.north = max(entry.north, scan.position.latitude)
                    entry.west = min(entry.west, scan.position.longitude)
                    entry.east = max(entry.east, scan.position.longitude)
                }
                seen[reading.accessPoint] = entry
            }
        }
        let ssids = Dictionary(inventory.compactMap { point in point.ssid.map { (point.id, $0.lowercased()) } },
                               uniquingKeysWith: { first, _ in first })
        var kept = Set<AccessPointID>()
        var removed: [Reason: Int] = [:]
        for (id, entry) in seen {
            let reason: Reason?
            if id.isLocallyAdministered {
                reason = .randomisedAddress
            } else if let ssid = ssids[id], mobileNetworkPrefixes.contains(where: { ssid.hasPrefix($0) }) {
                reason = .mobileNetwork
            } else if entry.scans < minimumScans {
                reason = .rarelyHeard
            } else if entry.strongest < minimumStrongestRSSI {
                reason = .tooWeak
            } else if entry.north >= entry.south, Self.diagonal(entry.south, entry.north, entry.west, entry.east) > mobileSpread {
                reason = .moves
            } else {
                reason = nil
            }
            if let reason { removed[reason, default: 0] += 1 } else { kept.insert(id) }
        }
        return (kept, removed)
    }

    /// The diagonal of a small latitude/longitude box in metres.
    static func diagonal(_ south: Double, _ north: Double, _ west: Double, _ east: Double) -> Double {
        let projection = LocalProjection(origin: Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2))
        let low = projection.project(Coordinate(latitude: south, longitude: west))
        let high = projection.project(Coordinate(latitude: north, longitude: east))
        return ((high.x - low.x) * (high.x - low.x) + (high.y - low.y) * (high.y - low.y)).squareRoot()
    }
}
