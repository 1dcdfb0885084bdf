public import VenueModel

/// Removes what a survey should not teach the radio map: scans that heard nothing, repeated
/// scans, and readings no receiver produces in normal use.
public struct ScanCleaner: Sendable {
    /// Readings stronger than this are dropped: Wi-Fi drivers report 0 dBm (or close to it)
    /// when they have no measurement, and a phone pressed against an access point says nothing
    /// about the rest of the floor.
    public var strongestPlausibleRSSI: Double = -10

    public init() {}

    /// What cleaning removed.
    public struct Report: Hashable, Sendable, Codable {
        /// Scans handed in.
        public var scansIn = 0
        /// Dropped for hearing nothing (after implausible readings went).
        public var silentScans = 0
        /// Dropped as repeats of an earlier scan.
        public var duplicateScans = 0
        /// Readings dropped for being stronger than ``ScanCleaner/strongestPlausibleRSSI``.
        public var implausibleReadings = 0
        /// Scans kept.
        public var scansOut = 0
    }

    /// The scans worth keeping, in their input order.
    ///
    /// A duplicate is a scan with the same position, building, level, device, time and readings
    /// as an earlier one: the same measurement exported twice.
    public func clean(_ scans: [SurveyScan]) -> (scans: [SurveyScan], report: Report) {
        var report = Report()
        report.scansIn = scans.count
        var seen = Set<DuplicateKey>()
        var kept: [SurveyScan] = []
        kept.reserveCapacity(scans.count)
        for var scan in scans {
            let before = scan.readings.count
            scan.readings.removeAll { $0.rssi > strongestPlausibleRSSI }
            report.implausibleReadings += before - scan.readings.count
            guard !scan.readings.isEmpty else {
                report.silentScans += 1
                continue
            }
            guard seen.insert(DuplicateKey(scan)).inserted else {
                report.duplicateScans += 1
                continue
            }
            kept.append(scan)
        }
        report.scansOut = kept.count
        return (kept, report)
    }

    /// Everything that makes two scans the same measurement; not the id or source line.
    struct DuplicateKey: Hashable {
        var position: Coordinate
        var building: String?
        var level: String
        var device: String?
        var timestamp: Int64?
        var readings: [SurveyScan.Reading]

        init(_ scan: SurveyScan) {
            position = scan.position
            building = scan.building
            level = scan.level
            device = scan.device
            timestamp = scan.timestamp
            readings = scan.readings.sorted { $0.accessPoint < $1.accessPoint }
        }
    }
}
