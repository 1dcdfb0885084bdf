public import NavBundle
public import VenueModel
import NavFormat

/// How well a locator places the scans of a test survey whose true positions are known.
public struct LocatorEvaluation: Hashable, Sendable, Codable {
    public var scans = 0
    /// Scans that heard no access point of the map; counted as misses and left out of errors.
    public var unknown = 0
    public var buildingHitRate = 0.0
    /// The floor counts as hit only in the right building.
    public var floorHitRate = 0.0
    /// 2D position errors in EPSG:3857 metres (the unit UJIIndoorLoc and its published
    /// figures use) and in ground metres.
    public var projectedError = ErrorSummary()
    public var groundError = ErrorSummary()
    /// Wall-clock time per `locate` call, in microseconds.
    public var latencyMean = 0.0
    public var latencyP99 = 0.0

    public struct ErrorSummary: Hashable, Sendable, Codable {
        public var mean = 0.0
        public var median = 0.0
        public var p75 = 0.0
        public var p95 = 0.0

        init() {}

        init(_ values: [Double]) {
            guard !values.isEmpty else { return }
            let sorted = values.sorted()
            mean = values.reduce(0, +) / Double(values.count)
            median = Self.percentile(sorted, 0.5)
            p75 = Self.percentile(sorted, 0.75)
            p95 = Self.percentile(sorted, 0.95)
        }

        /// Linear interpolation between closest ranks.
        static func percentile(_ sorted: [Double], _ share: Double) -> Double {
            let position = share * Double(sorted.count - 1)
            let low = Int(position), high = min(low + 1, sorted.count - 1)
            return sorted[low] + (sorted[high] - sorted[low]) * (position - Double(low))
        }
    }

    /// Locates every scan of `test` and compares with where it was taken.
    ///
    /// - Throws: ``BundleToolsError/bundle(_:)`` when the radio map is damaged.
    public static func run(_ locator: RadioMapLocator, on test: [SurveyScan]) throws(BundleToolsError) -> LocatorEvaluation {
        var evaluation = LocatorEvaluation()
        evaluation.scans = test.count
        var buildingHits = 0, floorHits = 0
        var projected: [Double] = [], ground: [Double] = [], latencies: [Double] = []
        let clock = ContinuousClock()
        for scan in test {
            let readings = scan.readings.map { ScanReading(accessPoint: $0.accessPoint.value, rssi: $0.rssi) }
            var outcome = LocateOutcome.unknown
            var failure: BundleError?
            let elapsed = clock.measure {
                do throws(BundleError) {
                    outcome = try locator.locate(readings)
                } catch {
                    failure = error
                }
            }
            if let failure { throw .bundle(failure) }
            latencies.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
            guard let fix = outcome.fix else {
                evaluation.unknown += 1
                continue
            }
            let rightBuilding = fix.buildingName == (scan.building ?? "")
            if rightBuilding { buildingHits += 1 }
            if rightBuilding, fix.floorName == scan.level { floorHits += 1 }
            let estimate = Coordinate(latitude: fix.latitude, longitude: fix.longitude)
            let (x, y) = WebMercator.projected(estimate), (trueX, trueY) = WebMercator.projected(scan.position)
            projected.append(((x - trueX) * (x - trueX) + (y - trueY) * (y - trueY)).squareRoot())
            ground.append(LocalProjection(origin: scan.position).distance(scan.position, estimate))
        }
        let count = Double(max(test.count, 1))
        evaluation.buildingHitRate = Double(buildingHits) / count
        evaluation.floorHitRate = Double(floorHits) / count
        evaluation.projectedError = ErrorSummary(projected)
        evaluation.groundError = ErrorSummary(ground)
        evaluation.latencyMean = latencies.reduce(0, +) / Double(max(latencies.count, 1))
        evaluation.latencyP99 = latencies.isEmpty ? 0 : ErrorSummary.percentile(latencies.sorted(), 0.99)
        return evaluation
    }
}
