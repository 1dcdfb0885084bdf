import Foundation
import VenueModel
import NavFormat

/// A survey simulated where the right answers are known: two buildings 100 m apart, two floors
/// each, four access points per floor, reference spots every 5 m, signals from a log-distance
/// path-loss model with 15 dB per floor and 10 dB between buildings.
struct SyntheticSurvey {
    static let origin = Coordinate(latitude: 48.15, longitude: 11.58)
    static let projection = LocalProjection(origin: origin)

    struct AccessPointSite {
        var id: AccessPointID
        var building: String
        var floor: Int
        var x: Double
        var y: Double
    }

    var sites: [AccessPointSite] = []
    /// Deterministic noise: a linear congruential generator, so the test never flakes.
    var state: UInt64 = 12345

    init() {
        for (buildingIndex, building) in ["North", "South"].enumerated() {
            for floor in 0..<2 {
                for (index, corner) in [(5.0, 5.0), (35.0, 5.0), (5.0, 25.0), (35.0, 25.0)].enumerated() {
                    let text = String(format: "00:0b:86:%02x:%02x:%02x", buildingIndex + 1, floor + 1, index + 1)
                    sites.append(AccessPointSite(id: AccessPointID(bssid: text)!, building: building, floor: floor,
                                                 x: corner.0 + Double(buildingIndex) * 100, y: corner.1))
                }
            }
        }
    }

    mutating func noise(_ amplitude: Double) -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return (Double(state >> 11) / Double(1 << 53) - 0.5) * 2 * amplitude
    }

    /// The signal of every access point heard at (`x`, `y`) on `floor` of `building`.
    mutating func readings(building: String, floor: Int, x: Double, y: Double, noise amplitude: Double) -> [SurveyScan.Reading] {
        sites.compactMap { site in
            let distance = max(1, ((site.x - x) * (site.x - x) + (site.y - y) * (site.y - y)).squareRoot())
            var rssi = -35 - 25 * log10(distance) - 15 * Double(abs(site.floor - floor))
            if site.building != building { rssi -= 10 }
            rssi += noise(amplitude)
            return rssi >= -95 ? SurveyScan.Reading(accessPoint: site.id, rssi: rssi.rounded()) : nil
        }
    }

    static func coordinate(x: Double, y: Double) -> Coordinate {
        projection.unproject(PlanarPoint(x: x, y: y))
    }

    /// `repeats` scans at every 5 m spot of both buildings and floors.
    mutating func scans(repeats: Int = 3, noise amplitude: Double = 2, device: String = "phone") -> [SurveyScan] {
        var scans: [SurveyScan] = []
        for (buildingIndex, building) in ["North", "South"].enumerated() {
            for floor in 0..<2 {
                for row in 0...6 {
                    for column in 0...8 {
                        let x = Double(column) * 5 + Double(buildingIndex) * 100, y = Double(row) * 5
                        for _ in 0..<repeats {
                            scans.append(scan(building: building, floor: floor, x: x, y: y, noise: amplitude, device: device))
                        }
                    }
                }
            }
        }
        return scans
    }

    mutating func scan(building: String, floor: Int, x: Double, y: Double, noise amplitude: Double,
                       device: String = "phone") -> SurveyScan {
        SurveyScan(id: "\(building)-\(floor)-\(x)-\(y)", timestamp: nil, position: Self.coordinate(x: x, y: y),
                   building: building, level: String(floor), device: device,
                   readings: readings(building: building, floor: floor, x: x, y: y, noise: amplitude),
                   source: SourceLocation(file: "synthetic.csv"))
    }
}
