import Foundation
import NavBundle
public import VenueModel
public import NavFormat
public import Fingerprints

/// Chooses locator parameters by cross-validation on training surveys alone.
///
/// Scans are split into folds by device, so each fold is located on a map compiled from other
/// phones: the situation of a runtime, whose users' phones were never in the survey. A survey
/// that names fewer than two devices is split by spot (``foldIndexes(_:)``).
///
/// The locator decides in stages, and each is chosen for its own output:
/// 1. the floor rule (exponent, nearest scans and spots per floor), for the most scans on the
///    right floor of the right building;
/// 2. the position rule, per survey, for the smallest mean error (``positionRules(_:)``): the
///    `fingerprints` stage makes the same choice on each map it compiles;
/// 3. the certain ratio: the smallest at which the fixes said to be at least 0.9 sure are on the
///    right floor at least ``certainTarget`` of the time, in every survey.
///
/// A wrong floor sends a route from the wrong staircase, so floors are not traded for metres.
/// Given several surveys, each is cross-validated on its own and each weighs the same in the
/// floor stage, however many scans it has: floors rank by the mean of the surveys' floor hit
/// rates, then by the mean of each survey's error relative to the best any candidate reached
/// on it, since one survey's metres are not another's.
public struct CrossValidation: Sendable {
    /// How many groups of devices the scans are split into; at least 2.
    public var folds = 4
    /// Stage one's values: floor exponents and the nearest scans and spots a floor's score averages.
    public var floorExponents = [1.5, 2.0, 2.718281828459045, 3.0]
    public var floorScanCounts = [1, 3, 5]
    public var floorSpotCounts = [1, 3, 5]
    /// Stage three's values, ascending, and the share of sure fixes that must be right.
    public var certainRatios = stride(from: 1.05, through: 3.0, by: 0.05).map { ($0 * 100).rounded() / 100 }
    public var certainTarget = 0.99

    public init() {}

    /// One training survey: its name for reports, its scans and its access-point inventory.
    public struct Survey: Sendable {
        public var name: String
        public var scans: [SurveyScan]
        public var inventory: [AccessPoint]

        public init(name: String, scans: [SurveyScan], inventory: [AccessPoint] = []) {
            self.name = name
            self.scans = scans
            self.inventory = inventory
        }
    }

    /// One candidate's result over all folds of one survey.
    public struct SurveyScore: Hashable, Sendable, Codable {
        public var survey: String
        public var buildingHitRate: Double
        public var floorHitRate: Double
        /// Mean 2D error in EPSG:3857 metres over the located scans.
        public var meanError: Double
    }

    /// One candidate's result: the means over the surveys, each survey weighing the same.
    public struct Score: Hashable, Sendable, Codable {
        public var parameters: LocatorParameters
        public var buildingHitRate: Double
        public var floorHitRate: Double
        /// Mean 2D error in EPSG:3857 metres: the mean of the surveys' mean errors.
        public var meanError: Double
        /// The mean over the surveys of this candidate's mean error divided by the smallest mean
        /// error any candidate of its stage reached on that survey: 1 for the best on every survey.
        public var relativeError: Double
        /// Each survey's own result, in the order the surveys were given.
        public var surveys: [SurveyScore]
    }

    /// A position rule's mean error over a survey's folds.
    public struct RuleScore: Hashable, Sendable, Codable {
        public var rule: LocatorParameters.PositionRule
        public var meanError: Double
    }

    /// One survey's position rules, best first.
    public struct SurveyRules: Hashable, Sendable, Codable {
        public var survey: String
        public var rules: [RuleScore]
    }

    /// A certain ratio's sure fixes in one survey: how many, and the share on the right floor.
    public struct SureFixes: Hashable, Sendable, Codable {
        public var survey: String
        public var located: Int
        public var sure: Int
        public var sureFloorHitRate: Double
    }

    /// The certain ratio chosen, and what each survey's sure fixes were under it.
    public struct CertainRatio: Hashable, Sendable, Codable {
        public var ratio: Double
        /// Whether every survey reached the target; when none of the ratios does, the largest.
        public var reached: Bool
        public var surveys: [SureFixes]
    }

    /// The scores of every stage, each best first, and the parameters chosen (the position rule
    /// being the first survey's, as each map chooses its own).
    public struct Tuning: Hashable, Sendable, Codable {
        public var floorStage: [Score]
        public var positionRules: [SurveyRules]
        public var certainRatio: CertainRatio
        public var chosen: LocatorParameters
    }

    /// Stage one's grid: how floors are scored.
    public func floorGrid(from base: LocatorParameters) -> [LocatorParameters] {
        var grid: [LocatorParameters] = []
        for exponent in floorExponents {
            for scans in floorScanCounts {
                for spots in floorSpotCounts {
                    var parameters = base
                    parameters.floorExponent = exponent
                    parameters.floorScans = scans
                    parameters.floorSpots = spots
                    grid.append(parameters)
                }
            }
        }
        return grid
    }

    /// Runs every stage on one survey; `progress` gets the share done.
    ///
    /// - Throws: ``BundleToolsError/tooFewFolds(_:)`` when the scans cannot be split,
    ///   ``BundleToolsError/radioMap(_:)`` when a fold's map cannot be compiled.
    public func tune(_ scans: [SurveyScan], inventory: [AccessPoint] = [], compiler: RadioMapCompiler,
                     progress: @Sendable (Double) -> Void = { _ in }) throws(BundleToolsError) -> Tuning {
        try tune([Survey(name: "survey", scans: scans, inventory: inventory)], compiler: compiler, progress: progress)
    }

    /// Runs every stage on every survey, each cross-validated on its own; `progress` gets the
    /// share done.
    ///
    /// - Throws: ``BundleToolsError/noSurveys`` for an empty list,
    ///   ``BundleToolsError/tooFewFolds(_:)`` when a survey's scans cannot be split (naming it
    ///   when there are several), ``BundleToolsError/radioMap(_:)`` when a fold's map cannot be
    ///   compiled.
    public func tune(_ surveys: [Survey], compiler: RadioMapCompiler,
                     progress: @Sendable (Double) -> Void = { _ in }) throws(BundleToolsError) -> Tuning {
        guard !surveys.isEmpty else { throw .noSurveys }
        var maps: [FoldedSurvey] = []
        for survey in surveys {
            do {
                maps.append(FoldedSurvey(name: survey.name, folds: try foldMaps(survey.scans, inventory: survey.inventory, compiler: compiler)))
            } catch {
                throw surveys.count == 1 ? error : .survey(survey.name, error)
            }
        }
        let floorGrid = floorGrid(from: compiler.parameters)
        let total = Double(floorGrid.count + 1)
        // Ties (common: several settings often place the same scans) go to the earlier grid entry.
        let floorStage = try score(floorGrid, on: maps) { progress($0 * Double(floorGrid.count) / total) }
            .enumerated()
            .sorted { (-$0.1.floorHitRate, -$0.1.buildingHitRate, $0.1.relativeError, $0.0) < (-$1.1.floorHitRate, -$1.1.buildingHitRate, $1.1.relativeError, $1.0) }
            .map(\.1)
        var chosen = floorStage[0].parameters
        var rules: [SurveyRules] = [], fixes: [[(confidence: Double, floorHit: Bool)]] = []
        for survey in maps {
            let ranked = try Self.rankFolds(survey.folds, parameters: chosen)
            rules.append(SurveyRules(survey: survey.name, rules: Self.positionRules(ranked)))
            fixes.append(ranked.map { ($0.ranking.confidence, $0.floorHit) })
        }
        progress(1)
        chosen.position = rules[0].rules[0].rule
        let certain = certainRatio(fixes, surveys: maps.map(\.name), measuredWith: chosen.certainRatio)
        chosen.certainRatio = certain.ratio
        return Tuning(floorStage: floorStage, positionRules: rules, certainRatio: certain, chosen: chosen)
    }

    /// The position rule for one survey's own map: each of ``LocatorParameters/PositionRule/candidates``
    /// scored over the survey's folds, best first; the default rule alone when the survey cannot
    /// be split into folds (too few spots or devices).
    ///
    /// - Throws: ``BundleToolsError/radioMap(_:)`` when a fold's map cannot be compiled.
    public func positionRules(_ scans: [SurveyScan], inventory: [AccessPoint] = [],
                              compiler: RadioMapCompiler) throws(BundleToolsError) -> [RuleScore] {
        let folds: [(map: RadioMap, test: [SurveyScan])]
        do {
            folds = try foldMaps(scans, inventory: inventory, compiler: compiler)
        } catch .tooFewFolds {
            return [RuleScore(rule: compiler.parameters.position, meanError: 0)]
        }
        return Self.positionRules(try Self.rankFolds(folds, parameters: compiler.parameters))
    }

    /// A held-out scan's ranking, and the truth it is scored against.
    struct RankedScan {
        var ranking: RadioMapLocator.Ranking
        var floorHit: Bool
        var truth: (x: Double, y: Double)
    }

    /// Ranks every held-out scan of every fold on its fold's map under `parameters`.
    static func rankFolds(_ folds: [(map: RadioMap, test: [SurveyScan])],
                          parameters: LocatorParameters) throws(BundleToolsError) -> [RankedScan] {
        var ranked: [RankedScan] = []
        for (map, test) in folds {
            var tuned = map
            tuned.parameters = parameters
            let locator = try Self.locator(tuned)
            for scan in test {
                let readings = scan.readings.map { ScanReading(accessPoint: $0.accessPoint.value, rssi: $0.rssi) }
                let ranking = try BundleToolsError.reading { () throws(BundleError) in try locator.rank(readings, keeping: Self.mostNeighbours) }
                guard let ranking else { continue }
                let floor = tuned.floors[ranking.floor]
                let floorHit = tuned.buildings[floor.building] == (scan.building ?? "") && floor.name == scan.level
                ranked.append(RankedScan(ranking: ranking, floorHit: floorHit, truth: WebMercator.projected(scan.position)))
            }
        }
        return ranked
    }

    /// The most neighbours any candidate position rule averages.
    static let mostNeighbours = LocatorParameters.PositionRule.candidates.map(\.neighbours).max() ?? 1

    /// Every candidate rule's mean error over `ranked`, best first, ties to the earlier candidate.
    static func positionRules(_ ranked: [RankedScan]) -> [RuleScore] {
        let candidates = LocatorParameters.PositionRule.candidates
        let scores = candidates.map { rule in
            var error = 0.0
            for scan in ranked {
                let (latitudeE7, longitudeE7, _) = RadioMapLocator.position(scan.ranking.candidates, rule: rule)
                let estimate = Coordinate(latitude: Double(latitudeE7) / 1e7, longitude: Double(longitudeE7) / 1e7)
                let (x, y) = WebMercator.projected(estimate)
                error += ((x - scan.truth.x) * (x - scan.truth.x) + (y - scan.truth.y) * (y - scan.truth.y)).squareRoot()
            }
            return RuleScore(rule: rule, meanError: error / Double(max(ranked.count, 1)))
        }
        return scores.enumerated().sorted { ($0.1.meanError, $0.0) < ($1.1.meanError, $1.0) }.map(\.1)
    }

    /// The smallest of ``certainRatios`` at which every survey's sure fixes (confidence 0.9 or
    /// more) are right at least ``certainTarget`` of the time. `fixes` were measured with
    /// certain ratio `measured`; as the confidence rises with the floors' score ratio, a fix is
    /// sure under ratio `r` exactly when its confidence under `measured` reaches that of `r`.
    func certainRatio(_ fixes: [[(confidence: Double, floorHit: Bool)]], surveys: [String],
                      measuredWith measured: Double) -> CertainRatio {
        func sure(_ ratio: Double) -> [SureFixes] {
            let threshold = RadioMapLocator.confidence(best: 1, second: ratio, certainRatio: measured)
            return zip(surveys, fixes).map { survey, fixes in
                let sure = fixes.filter { $0.confidence >= threshold }
                return SureFixes(survey: survey, located: fixes.count, sure: sure.count,
                                 sureFloorHitRate: sure.isEmpty ? 1 : Double(sure.filter(\.floorHit).count) / Double(sure.count))
            }
        }
        for ratio in certainRatios {
            let surveys = sure(ratio)
            if surveys.allSatisfy({ $0.sureFloorHitRate >= certainTarget }) {
                return CertainRatio(ratio: ratio, reached: true, surveys: surveys)
            }
        }
        let largest = certainRatios.last ?? measured
        return CertainRatio(ratio: largest, reached: false, surveys: sure(largest))
    }

    static func locator(_ map: RadioMap) throws(BundleToolsError) -> RadioMapLocator {
        let encoded: [UInt8]
        do throws(FormatError) {
            encoded = try map.encoded()
        } catch {
            throw .format(error)
        }
        return try BundleToolsError.reading { () throws(BundleError) in try RadioMapLocator(encoded: encoded) }
    }

    /// A survey's radio maps, each compiled without one fold, with that fold's scans.
    struct FoldedSurvey {
        var name: String
        var folds: [(map: RadioMap, test: [SurveyScan])]
    }

    /// The fold of each scan: devices sorted by name and dealt round-robin; scans without a
    /// device, and every scan of a survey of fewer than two devices, by spot.
    ///
    /// A spot is a position on a floor, dealt round-robin in the order first scanned, so that the
    /// scans taken together at one spot leave the map together. Dealt one by one, a spot's other
    /// scans would stay in the map and find its held-out scan at once: a survey of repeated scans
    /// per spot would then look nearly perfect and decide nothing.
    public func foldIndexes(_ scans: [SurveyScan]) -> [Int] {
        let devices = Set(scans.compactMap(\.device)).sorted()
        let count = max(folds, 1)
        let deviceFold = devices.count >= 2
            ? Dictionary(uniqueKeysWithValues: devices.enumerated().map { ($1, $0 % count) }) : [:]
        var spots = SpotDealer(folds: count)
        return scans.map { scan in
            if let fold = scan.device.flatMap({ deviceFold[$0] }) { return fold }
            return spots.fold(of: scan)
        }
    }

    /// Deals a survey's spots (a position on a floor) to folds round-robin, in the order first
    /// scanned, so that the scans taken together at one spot are held out together.
    struct SpotDealer {
        private struct Spot: Hashable {
            var position: Coordinate
            var building: String?
            var level: String
        }
        private var foldOfSpot: [Spot: Int] = [:]
        let folds: Int

        init(folds: Int) {
            self.folds = max(folds, 1)
        }

        /// How many spots were dealt so far.
        var spots: Int { foldOfSpot.count }

        mutating func fold(of scan: SurveyScan) -> Int {
            let spot = Spot(position: scan.position, building: scan.building, level: scan.level)
            if let fold = foldOfSpot[spot] { return fold }
            let fold = foldOfSpot.count % folds
            foldOfSpot[spot] = fold
            return fold
        }
    }

    /// A radio map compiled without each fold, with the fold's scans.
    func foldMaps(_ scans: [SurveyScan], inventory: [AccessPoint],
                  compiler: RadioMapCompiler) throws(BundleToolsError) -> [(map: RadioMap, test: [SurveyScan])] {
        let foldOf = foldIndexes(scans)
        var maps: [(map: RadioMap, test: [SurveyScan])] = []
        for fold in 0..<folds {
            let test = zip(scans, foldOf).filter { $0.1 == fold }.map(\.0)
            let train = zip(scans, foldOf).filter { $0.1 != fold }.map(\.0)
            guard !test.isEmpty, !train.isEmpty else { continue }
            do {
                maps.append((try compiler.compile(train, inventory: inventory).map, test))
            } catch {
                throw .radioMap(error)
            }
        }
        guard folds >= 2, maps.count >= 2 else { throw .tooFewFolds(folds) }
        return maps
    }

    /// Scores every candidate over all folds of every survey, in candidate order.
    func score(_ candidates: [LocatorParameters], on surveys: [FoldedSurvey],
               progress: @Sendable (Double) -> Void) throws(BundleToolsError) -> [Score] {
        // Candidates are independent and the locator holds no mutable state: score them on
        // every core.
        let results = ScoreSlots(count: candidates.count)
        DispatchQueue.concurrentPerform(iterations: candidates.count) { index in
            results.set(index, Result { () throws(BundleToolsError) -> [SurveyScore] in
                var scores: [SurveyScore] = []
                for survey in surveys {
                    var totals = Totals()
                    for (map, test) in survey.folds {
                        var tuned = map
                        tuned.parameters = candidates[index]
                        let locator = try Self.locator(tuned)
                        totals.add(try LocatorEvaluation.run(locator, on: test))
                    }
                    scores.append(totals.score(survey.name))
                }
                return scores
            })
            progress(results.share)
        }
        var perCandidate: [[SurveyScore]] = []
        for result in results.values { perCandidate.append(try result!.get()) }
        // Each survey's best error, the unit of its relative errors; a floor of 1 cm keeps a
        // survey some candidate locates exactly from dividing by zero.
        let best = surveys.indices.map { survey in max(perCandidate.map { $0[survey].meanError }.min() ?? 0, 0.01) }
        func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
        return zip(candidates, perCandidate).map { parameters, scores in
            let relative: [Double] = zip(scores, best).map { score, best in max(score.meanError, 0.01) / best }
            return Score(parameters: parameters, buildingHitRate: mean(scores.map(\.buildingHitRate)),
                         floorHitRate: mean(scores.map(\.floorHitRate)), meanError: mean(scores.map(\.meanError)),
                         relativeError: mean(relative), surveys: scores)
        }
    }

    private struct Totals {
        // Hits are counted, not summed as rates, so equal counts compare equal.
        var scans = 0.0, located = 0.0, buildingHits = 0.0, floorHits = 0.0, error = 0.0

        mutating func add(_ evaluation: LocatorEvaluation) {
            let count = Double(evaluation.scans), located = Double(evaluation.scans - evaluation.unknown)
            scans += count
            self.located += located
            buildingHits += (evaluation.buildingHitRate * count).rounded()
            floorHits += (evaluation.floorHitRate * count).rounded()
            error += evaluation.projectedError.mean * located
        }

        func score(_ survey: String) -> SurveyScore {
            SurveyScore(survey: survey, buildingHitRate: buildingHits / max(scans, 1),
                        floorHitRate: floorHits / max(scans, 1), meanError: error / max(located, 1))
        }
    }
}

/// Results written from concurrent workers, one slot each.
private final class ScoreSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<[CrossValidation.SurveyScore], BundleToolsError>?]
    private var done = 0

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<[CrossValidation.SurveyScore], BundleToolsError>) {
        lock.withLock {
            slots[index] = result
            done += 1
        }
    }

    var share: Double { lock.withLock { Double(done) / Double(max(slots.count, 1)) } }
    var values: [Result<[CrossValidation.SurveyScore], BundleToolsError>?] { lock.withLock { slots } }
}
