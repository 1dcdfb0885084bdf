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
/// The locator decides in stages, and each stage is tuned for its own output: first the
/// building and floor parameters, for the most scans on the right floor of the right building;
/// then, with those fixed, the position parameters, for the smallest mean error. A wrong floor
/// sends a route from the wrong staircase, so floors are not traded for metres.
///
/// Given several surveys, each is cross-validated on its own and each weighs the same in the
/// choice, however many scans it has: parameters that suit one building at the others' expense
/// lose to those that suit them all. Floors rank by the mean of the surveys' floor hit rates;
/// positions by the mean of each survey's error relative to the best any candidate reached on
/// it, since one survey's metres are not another's.
public struct CrossValidation: Sendable {
    /// How many groups of devices the scans are split into; at least 2.
    public var folds = 4
    /// Stage one's values: floor exponents, floor neighbours, building neighbours.
    public var floorExponents = [1.0, 1.5, 2.0, 3.0]
    public var floorNeighbourCounts = [1, 2, 3, 5, 8]
    public var buildingNeighbourCounts = [3, 5]
    /// Stage two's values: position exponents and neighbours.
    public var positionExponents = [1.0, 1.5, 2.0, 3.0]
    public var neighbourCounts = [1, 2, 3, 4, 6, 8]

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

    /// The scores of both stages, each best first, and the parameters chosen.
    public struct Tuning: Hashable, Sendable, Codable {
        public var floorStage: [Score]
        public var positionStage: [Score]
        public var chosen: LocatorParameters
    }

    /// Stage one's grid: how the building and floor are voted.
    public func floorGrid(from base: LocatorParameters) -> [LocatorParameters] {
        var grid: [LocatorParameters] = []
        for exponent in floorExponents {
            for floorNeighbours in floorNeighbourCounts {
                for buildingNeighbours in buildingNeighbourCounts {
                    var parameters = base
                    parameters.floorExponent = exponent
                    parameters.floorNeighbours = floorNeighbours
                    parameters.buildingNeighbours = buildingNeighbours
                    grid.append(parameters)
                }
            }
        }
        return grid
    }

    /// Stage two's grid: how the position is averaged.
    public func positionGrid(from base: LocatorParameters) -> [LocatorParameters] {
        var grid: [LocatorParameters] = []
        for exponent in positionExponents {
            for neighbours in neighbourCounts {
                var parameters = base
                parameters.positionExponent = exponent
                parameters.neighbours = neighbours
                grid.append(parameters)
            }
        }
        return grid
    }

    /// Runs both stages on one survey; `progress` gets the share done.
    ///
    /// - Throws: ``BundleToolsError/tooFewFolds(_:)`` when the scans cannot be split,
    ///   ``BundleToolsError/radioMap(_:)`` when a fold's map cannot be compiled.
    public func tune(_ scans: [SurveyScan], inventory: [AccessPoint] = [], compiler: RadioMapCompiler,
                     progress: @Sendable (Double) -> Void = { _ in }) throws(BundleToolsError) -> Tuning {
        try tune([Survey(name: "survey", scans: scans, inventory: inventory)], compiler: compiler, progress: progress)
    }

    /// Runs both stages on every survey, each cross-validated on its own and weighing the same in
    /// the choice; `progress` gets the share done.
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
        let positionCount = positionGrid(from: compiler.parameters).count
        let total = Double(floorGrid.count + positionCount)
        // Ties (common: several settings often place the same scans) go to the earlier grid entry.
        let floorStage = try score(floorGrid, on: maps) { progress($0 * Double(floorGrid.count) / total) }
            .enumerated()
            .sorted { (-$0.1.floorHitRate, -$0.1.buildingHitRate, $0.1.relativeError, $0.0) < (-$1.1.floorHitRate, -$1.1.buildingHitRate, $1.1.relativeError, $1.0) }
            .map(\.1)
        let positionGrid = positionGrid(from: floorStage[0].parameters)
        let positionStage = try score(positionGrid, on: maps) { progress((Double(floorGrid.count) + $0 * Double(positionCount)) / total) }
            .enumerated()
            .sorted { ($0.1.relativeError, -$0.1.floorHitRate, $0.0) < ($1.1.relativeError, -$1.1.floorHitRate, $1.0) }
            .map(\.1)
        return Tuning(floorStage: floorStage, positionStage: positionStage, chosen: positionStage[0].parameters)
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
                        let encoded: [UInt8]
                        do throws(FormatError) {
                            encoded = try tuned.encoded()
                        } catch {
                            throw .format(error)
                        }
                        let locator = try BundleToolsError.reading { () throws(BundleError) in try RadioMapLocator(encoded: encoded) }
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
