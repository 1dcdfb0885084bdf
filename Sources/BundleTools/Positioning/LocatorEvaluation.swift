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
    /// The located scans by the confidence of their fix, with how many of each bin were on the
    /// right floor: a confidence means something when its bin's hit rate matches it.
    public var reliability: [ReliabilityBin] = []

    /// Fixes whose confidence lies in `lower ..< upper` (up to 1 inclusive for the last bin).
    public struct ReliabilityBin: Hashable, Sendable, Codable {
        public var lower: Double
        public var upper: Double
        public var scans = 0
        public var floorHits = 0

        public var floorHitRate: Double { scans > 0 ? Double(floorHits) / Double(scans) : 0 }
    }

    /// The bins' edges: finer near 1, where an app decides whether to say "you are on floor 2".
    public static let reliabilityEdges = [0.0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0]

    /// The bins of fixes with `(confidence, floor hit)`; a confidence of exactly 1 falls in the last.
    static func reliability(_ fixes: [(confidence: Double, floorHit: Bool)]) -> [ReliabilityBin] {
        var bins = zip(reliabilityEdges, reliabilityEdges.dropFirst()).map { ReliabilityBin(lower: $0, upper: $1) }
        for fix in fixes {
            let at = bins.lastIndex { fix.confidence >= $0.lower } ?? 0
            bins[at].scans += 1
            if fix.floorHit { bins[at].floorHits += 1 }
        }
        return bins
    }

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
        var fixes: [(confidence: Double, floorHit: Bool)] = []
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
            let floorHit = rightBuilding && fix.floorName == scan.level
            if floorHit { floorHits += 1 }
            fixes.append((fix.confidence, floorHit))
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
        evaluation.reliability = reliability(fixes)
        return evaluation
    }
}
