import Foundation
import NavBundle
import NavFormat
public import VenueModel
public import Fingerprints

/// How well a Wi-Fi survey can position, estimated from the survey alone.
///
/// The survey's spots (a position on a floor) are dealt into folds, and each fold's scans are
/// located on a radio map compiled from the other folds with the same parameters. A held-out
/// scan stands for a person where the survey has no spot of its own, which is where every user
/// stands: a floor or an area whose held-out scans land on the wrong floor, or far off, needs
/// more spots. Every scan is held out exactly once. See docs/wifi.md, "Survey quality".
public struct SurveyQuality: Hashable, Sendable, Codable {
    /// Held-out results of a group of scans: one floor, or one area of a floor.
    public struct Estimate: Hashable, Sendable, Codable {
        public var building: String?
        public var level: String
        /// For an area, the mean position of its scans (inside what was surveyed, where the
        /// square's centre may lie outside the building); nil for a floor.
        public var latitude: Double?
        public var longitude: Double?
        public var scans = 0
        /// Scans that heard no access point of their fold's map; they count as floor misses.
        public var unknown = 0
        /// The share of the scans located on the right floor of the right building.
        public var floorHitRate = 0.0
        /// Mean ground distance in metres from fix to spot over the located scans; nil when none
        /// was located.
        public var meanError: Double?

        public init(building: String?, level: String, latitude: Double? = nil, longitude: Double? = nil, scans: Int = 0,
                    unknown: Int = 0, floorHitRate: Double = 0, meanError: Double? = nil) {
            self.building = building
            self.level = level
            self.latitude = latitude
            self.longitude = longitude
            self.scans = scans
            self.unknown = unknown
            self.floorHitRate = floorHitRate
            self.meanError = meanError
        }

        /// `building level` (or the level alone), as the survey names them.
        public var floorLabel: String { building.map { "\($0) \(level)" } ?? level }
    }

    /// How many folds the spots were dealt into.
    public var folds: Int
    /// The side in metres of the squares the areas are.
    public var areaSize: Double
    /// Every surveyed floor, in the order the survey first names them.
    public var floors: [Estimate]
    /// Every surveyed square of every floor, by floor and then south to north, west to east.
    public var areas: [Estimate]

    public init(folds: Int, areaSize: Double, floors: [Estimate], areas: [Estimate]) {
        self.folds = folds
        self.areaSize = areaSize
        self.floors = floors
        self.areas = areas
    }

    /// The floors whose held-out floor hit rate is below `threshold`, worst first.
    public func floors(below threshold: Double) -> [Estimate] {
        floors.filter { $0.floorHitRate < threshold }.sorted { $0.floorHitRate < $1.floorHitRate }
    }

    /// The floors whose held-out mean error is more than `factor` times the median of all the
    /// floors' mean errors, worst first: where this survey positions worst for its own standard,
    /// the floors to survey again first.
    public func floors(errorAbove factor: Double) -> [Estimate] {
        guard let median = medianFloorError else { return [] }
        return floors.filter { ($0.meanError ?? 0) > factor * median }.sorted { ($0.meanError ?? 0) > ($1.meanError ?? 0) }
    }

    /// The median of the floors' held-out mean errors, or nil when no scan was located.
    public var medianFloorError: Double? {
        let errors = floors.compactMap(\.meanError).sorted()
        guard !errors.isEmpty else { return nil }
        let middle = errors.count / 2
        return errors.count % 2 == 1 ? errors[middle] : (errors[middle - 1] + errors[middle]) / 2
    }

    /// What one held-out scan gave.
    fileprivate struct Outcome: Sendable {
        var located = false
        var floorHit = false
        var error = 0.0
    }

    /// Estimates the quality of `scans` with `compiler`'s parameters, over `folds` folds of spots
    /// (fewer when the survey has fewer spots) and squares of `areaSize` metres.
    ///
    /// A survey of fewer than two spots has nothing to hold out: its estimate has no folds and no
    /// floors.
    ///
    /// - Throws: ``BundleToolsError/radioMap(_:)`` when a fold's map cannot be compiled,
    ///   ``BundleToolsError/bundle(_:)`` when it cannot be read back.
    public static func estimate(_ scans: [SurveyScan], inventory: [AccessPoint] = [], compiler: RadioMapCompiler,
                                folds: Int = 10, areaSize: Double = 20) throws(BundleToolsError) -> SurveyQuality {
        // Dealt once to count the spots, since there are no more folds than spots.
        var dealer = CrossValidation.SpotDealer(folds: Int.max)
        for scan in scans { _ = dealer.fold(of: scan) }
        let count = min(max(folds, 2), dealer.spots)
        guard count >= 2 else { return SurveyQuality(folds: 0, areaSize: areaSize, floors: [], areas: []) }
        var spots = CrossValidation.SpotDealer(folds: count)
        let foldOf = scans.map { spots.fold(of: $0) }

        // The folds are independent and each compiles a map: on every core.
        let slots = OutcomeSlots(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { fold in
            slots.set(fold, Result { () throws(BundleToolsError) -> [(Int, Outcome)] in
                let held = foldOf.indices.filter { foldOf[$0] == fold }
                let train = foldOf.indices.filter { foldOf[$0] != fold }.map { scans[$0] }
                let encoded: [UInt8]
                do {
                    encoded = try compiler.compile(train, inventory: inventory).map.encoded()
                } catch {
                    throw .radioMap(error)
                }
                let locator = try BundleToolsError.reading { () throws(BundleError) in try RadioMapLocator(encoded: encoded) }
                var outcomes: [(Int, Outcome)] = []
                for index in held {
                    outcomes.append((index, try locate(scans[index], on: locator)))
                }
                return outcomes
            })
        }
        var outcomes = [Outcome](repeating: Outcome(), count: scans.count)
        for result in slots.values {
            for (index, outcome) in try result!.get() { outcomes[index] = outcome }
        }
        return summarise(scans, outcomes, folds: count, areaSize: areaSize)
    }

    private static func locate(_ scan: SurveyScan, on locator: RadioMapLocator) throws(BundleToolsError) -> Outcome {
        let readings = scan.readings.map { ScanReading(accessPoint: $0.accessPoint.value, rssi: $0.rssi) }
        let located = try BundleToolsError.reading { () throws(BundleError) in try locator.locate(readings) }
        guard let fix = located.fix else { return Outcome() }
        let estimate = Coordinate(latitude: fix.latitude, longitude: fix.longitude)
        return Outcome(located: true, floorHit: fix.buildingName == (scan.building ?? "") && fix.floorName == scan.level,
                       error: LocalProjection(origin: scan.position).distance(scan.position, estimate))
    }

    /// Groups the outcomes by floor and by square; the squares are laid from the survey's
    /// south-west corner, so the same survey gives the same squares.
    private static func summarise(_ scans: [SurveyScan], _ outcomes: [Outcome], folds: Int, areaSize: Double) -> SurveyQuality {
        struct Floor: Hashable {
            var building: String?
            var level: String
        }
        struct Square: Hashable {
            var floor: Floor
            var column: Int
            var row: Int
        }
        let corner = Coordinate(latitude: scans.map(\.position.latitude).min() ?? 0,
                                longitude: scans.map(\.position.longitude).min() ?? 0)
        let plane = LocalProjection(origin: corner)
        var floorOrder: [Floor] = []
        var floorTotals: [Floor: Totals] = [:], squareTotals: [Square: Totals] = [:]
        for (scan, outcome) in zip(scans, outcomes) {
            let floor = Floor(building: scan.building, level: scan.level)
            if floorTotals[floor] == nil { floorOrder.append(floor) }
            floorTotals[floor, default: Totals()].add(outcome)
            let point = plane.project(scan.position)
            let square = Square(floor: floor, column: Int((point.x / areaSize).rounded(.down)),
                                row: Int((point.y / areaSize).rounded(.down)))
            squareTotals[square, default: Totals()].add(outcome, at: scan.position)
        }
        let floors = floorOrder.map { floorTotals[$0]!.estimate(building: $0.building, level: $0.level) }
        let rank = Dictionary(uniqueKeysWithValues: floorOrder.enumerated().map { ($1, $0) })
        let areas = squareTotals.keys
            .sorted { (rank[$0.floor]!, $0.row, $0.column) < (rank[$1.floor]!, $1.row, $1.column) }
            .map { square in
                let totals = squareTotals[square]!
                var estimate = totals.estimate(building: square.floor.building, level: square.floor.level)
                estimate.latitude = totals.latitude / Double(totals.scans)
                estimate.longitude = totals.longitude / Double(totals.scans)
                return estimate
            }
        return SurveyQuality(folds: folds, areaSize: areaSize, floors: floors, areas: areas)
    }

    private struct Totals {
        var scans = 0, unknown = 0, floorHits = 0
        var error = 0.0, latitude = 0.0, longitude = 0.0

        mutating func add(_ outcome: Outcome, at position: Coordinate? = nil) {
            scans += 1
            if let position {
                latitude += position.latitude
                longitude += position.longitude
            }
            if !outcome.located { unknown += 1 }
            if outcome.floorHit { floorHits += 1 }
            error += outcome.error
        }

        func estimate(building: String?, level: String) -> Estimate {
            let located = scans - unknown
            return Estimate(building: building, level: level, scans: scans, unknown: unknown,
                            floorHitRate: Double(floorHits) / Double(max(scans, 1)),
                            meanError: located > 0 ? error / Double(located) : nil)
        }
    }
}

/// Results written from concurrent folds, one slot each.
private final class OutcomeSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<[(Int, SurveyQuality.Outcome)], BundleToolsError>?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<[(Int, SurveyQuality.Outcome)], BundleToolsError>) {
        lock.withLock { slots[index] = result }
    }

    var values: [Result<[(Int, SurveyQuality.Outcome)], BundleToolsError>?] { lock.withLock { slots } }
}
