import NavFormat
import VenueModel

/// Turns scans into reference points, each with the mean, standard deviation and count of every
/// access point heard there: one per scan, or one per position, building and level.
///
/// Positions match at the bundle's resolution of 1e-7 degree, so scans a survey app logged at
/// one marked spot (UJIIndoorLoc takes about twenty per spot) share a position.
struct ReferencePointBuilder {
    struct Key: Hashable, Comparable {
        var floor: Int
        var latitude: Int64
        var longitude: Int64
        /// The scan's number in the survey when every scan is its own point, else 0.
        var scan: Int

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.floor, lhs.latitude, lhs.longitude, lhs.scan) < (rhs.floor, rhs.latitude, rhs.longitude, rhs.scan)
        }
    }

    let grouping: ReferencePointGrouping
    private var scansAdded = 0

    init(grouping: ReferencePointGrouping) {
        self.grouping = grouping
    }

    private struct Sums {
        var scans = 0
        var latitude = 0.0
        var longitude = 0.0
        /// Per access point index: count, sum and sum of squares of the readings.
        var readings: [Int: (count: Int, sum: Double, squares: Double)] = [:]
    }

    private var groups: [Key: Sums] = [:]

    /// Adds a scan on floor `floor`; `accessPoints` maps kept ids to their indexes.
    mutating func add(_ scan: SurveyScan, floor: Int, accessPoints: [AccessPointID: Int]) {
        scansAdded += 1
        let key = Key(floor: floor, latitude: Int64((scan.position.latitude * 1e7).rounded()),
                      longitude: Int64((scan.position.longitude * 1e7).rounded()),
                      scan: grouping == .scan ? scansAdded : 0)
        var sums = groups[key] ?? Sums()
        sums.scans += 1
        sums.latitude += scan.position.latitude
        sums.longitude += scan.position.longitude
        for reading in scan.readings {
            guard let index = accessPoints[reading.accessPoint] else { continue }
            var entry = sums.readings[index] ?? (0, 0, 0)
            entry.count += 1
            entry.sum += reading.rssi
            entry.squares += reading.rssi * reading.rssi
            sums.readings[index] = entry
        }
        groups[key] = sums
    }

    /// The reference points sorted by floor, then position; those left with no kept access
    /// point are dropped (every access point they heard was filtered out).
    func referencePoints() -> [RadioMap.ReferencePoint] {
        groups.keys.sorted().compactMap { key in
            let sums = groups[key]!
            guard !sums.readings.isEmpty else { return nil }
            let readings = sums.readings.keys.sorted().map { index in
                let entry = sums.readings[index]!
                let mean = entry.sum / Double(entry.count)
                let variance = max(0, entry.squares / Double(entry.count) - mean * mean)
                return RadioMap.Reading(accessPoint: index, mean: mean, standardDeviation: variance.squareRoot(),
                                        heardCount: entry.count)
            }
            return RadioMap.ReferencePoint(latitude: sums.latitude / Double(sums.scans), longitude: sums.longitude / Double(sums.scans),
                                           floor: key.floor, scanCount: sums.scans, readings: readings)
        }
    }
}
