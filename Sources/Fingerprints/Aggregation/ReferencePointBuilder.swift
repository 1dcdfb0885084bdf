import NavFormat
import VenueModel

/// Turns scans into the radio map's spots and scans: each spot holds the mean, standard
/// deviation and count of every access point heard by the scans taken at one position, building
/// and level; each scan keeps its own readings and names its spot.
///
/// Positions match at the bundle's resolution of 1e-7 degree, so scans a survey app logged at
/// one marked spot (UJIIndoorLoc takes about twenty per spot) share a position.
struct ReferencePointBuilder {
    struct Key: Hashable, Comparable {
        var floor: Int
        var latitude: Int64
        var longitude: Int64

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.floor, lhs.latitude, lhs.longitude) < (rhs.floor, rhs.latitude, rhs.longitude)
        }
    }

    private struct Sums {
        var scans = 0
        var latitude = 0.0
        var longitude = 0.0
        /// Per access point index: count, sum and sum of squares of the readings.
        var readings: [Int: (count: Int, sum: Double, squares: Double)] = [:]
        /// The kept readings of each scan taken here.
        var members: [[RadioMap.Scan.Signal]] = []
    }

    private var groups: [Key: Sums] = [:]

    /// Adds a scan on floor `floor`; `accessPoints` maps kept ids to their indexes.
    mutating func add(_ scan: SurveyScan, floor: Int, accessPoints: [AccessPointID: Int]) {
        let key = Key(floor: floor, latitude: Int64((scan.position.latitude * 1e7).rounded()),
                      longitude: Int64((scan.position.longitude * 1e7).rounded()))
        var sums = groups[key] ?? Sums()
        sums.scans += 1
        sums.latitude += scan.position.latitude
        sums.longitude += scan.position.longitude
        var signals: [RadioMap.Scan.Signal] = []
        for reading in scan.readings {
            guard let index = accessPoints[reading.accessPoint] else { continue }
            var entry = sums.readings[index] ?? (0, 0, 0)
            entry.count += 1
            entry.sum += reading.rssi
            entry.squares += reading.rssi * reading.rssi
            sums.readings[index] = entry
            signals.append(RadioMap.Scan.Signal(accessPoint: index, rssi: reading.rssi))
        }
        // A scan that heard only filtered access points has nothing to compare; its spot
        // still counts it.
        if !signals.isEmpty { sums.members.append(signals.sorted { $0.accessPoint < $1.accessPoint }) }
        groups[key] = sums
    }

    /// The spots sorted by floor, then position, and the scans sorted by spot; spots left with
    /// no kept access point are dropped (every access point they heard was filtered out).
    func build() -> (spots: [RadioMap.ReferencePoint], scans: [RadioMap.Scan]) {
        var spots: [RadioMap.ReferencePoint] = [], scans: [RadioMap.Scan] = []
        for key in groups.keys.sorted() {
            let sums = groups[key]!
            guard !sums.readings.isEmpty else { continue }
            let readings = sums.readings.keys.sorted().map { index in
                let entry = sums.readings[index]!
                let mean = entry.sum / Double(entry.count)
                let variance = max(0, entry.squares / Double(entry.count) - mean * mean)
                return RadioMap.Reading(accessPoint: index, mean: mean, standardDeviation: variance.squareRoot(),
                                        heardCount: entry.count)
            }
            // By content, so that the map does not depend on the order the survey lists its scans.
            let members = sums.members.sorted { $0.lexicographicallyPrecedes($1) { ($0.accessPoint, $0.rssi) < ($1.accessPoint, $1.rssi) } }
            for signals in members { scans.append(RadioMap.Scan(spot: spots.count, signals: signals)) }
            spots.append(RadioMap.ReferencePoint(latitude: sums.latitude / Double(sums.scans), longitude: sums.longitude / Double(sums.scans),
                                                 floor: key.floor, scanCount: sums.scans, readings: readings))
        }
        return (spots, scans)
    }
}
