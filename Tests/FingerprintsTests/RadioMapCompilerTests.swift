import Foundation
import Testing
import VenueModel
@testable import Fingerprints
import NavFormat
@testable import BundleTools
import NavBundle

@Suite struct RadioMapCompilerTests {
    static func scan(_ readings: [(String, Double)], x: Double = 0, level: String = "0", device: String? = "a",
                     timestamp: Int64? = 1) -> SurveyScan {
        SurveyScan(id: "s", timestamp: timestamp, position: SyntheticSurvey.coordinate(x: x, y: 0), building: "B",
                   level: level, device: device,
                   readings: readings.map { SurveyScan.Reading(accessPoint: AccessPointID(bssid: $0.0) ?? AccessPointID(label: $0.0), rssi: $0.1) },
                   source: SourceLocation(file: "s.csv"))
    }

    @Test func cleaningDropsSilentAndRepeatedScansAndImplausibleReadings() {
        let scans = [
            Self.scan([("WAP1", -60), ("WAP2", -70)]),
            Self.scan([("WAP2", -70), ("WAP1", -60)]),
            Self.scan([]),
            Self.scan([("WAP1", 0)]),
            Self.scan([("WAP1", -60), ("WAP3", -5)], timestamp: 2),
        ]
        let (kept, report) = ScanCleaner().clean(scans)
        #expect(kept.count == 2)
        #expect(report == ScanCleaner.Report(scansIn: 5, silentScans: 2, duplicateScans: 1, implausibleReadings: 2, scansOut: 2))
        #expect(kept[1].readings.map(\.accessPoint.value) == ["WAP1"])
    }

    @Test func filteringNamesWhyEachAccessPointIsLeftOut() {
        var scans: [SurveyScan] = []
        for index in 0..<5 {
            scans.append(Self.scan([("00:0b:86:00:00:01", -60), ("02:1b:86:00:00:02", -60), ("00:0b:86:00:00:03", -97),
                                    ("00:0b:86:00:00:04", -50), ("00:0b:86:00:00:05", -55)],
                                   x: Double(index), timestamp: Int64(index)))
        }
        // The hotspot is heard close by at both ends of a 400 m survey: it moved.
        scans.append(Self.scan([("00:0b:86:00:00:04", -50)], x: 400, timestamp: 9))
        scans.append(Self.scan([("00:0b:86:00:00:06", -60)], x: 2, timestamp: 10))
        let inventory = [AccessPoint(id: AccessPointID(bssid: "00:0b:86:00:00:05")!, ssid: "iPhone von Anna", building: nil,
                                     level: nil, position: nil, source: SourceLocation(file: "ap.csv"))]
        let (kept, removed) = AccessPointFilter().select(from: scans, inventory: inventory)
        #expect(kept == [AccessPointID(bssid: "00:0b:86:00:00:01")!])
        #expect(removed == [.randomisedAddress: 1, .tooWeak: 1, .moves: 1, .mobileNetwork: 1, .rarelyHeard: 1])
    }

    @Test func referencePointsCarryMeanDeviationAndCounts() throws {
        let scans = [
            Self.scan([("WAP1", -60), ("WAP2", -80)], timestamp: 1),
            Self.scan([("WAP1", -64)], timestamp: 2),
            Self.scan([("WAP1", -62), ("WAP2", -82)], timestamp: 3),
            Self.scan([("WAP1", -70), ("WAP2", -90)], x: 10, level: "1", timestamp: 4),
        ]
        var compiler = RadioMapCompiler()
        compiler.filter.minimumScans = 1
        let (map, report) = try compiler.compile(scans)
        #expect(report.referencePoints == 2 && report.floors == 2)
        let first = map.referencePoints[0]
        #expect(first.scanCount == 3 && first.floor == 0)
        #expect(first.readings.map(\.accessPoint) == [0, 1])
        #expect(first.readings[0].mean == -62 && first.readings[0].heardCount == 3)
        #expect(abs(first.readings[0].standardDeviation - (8.0 / 3).squareRoot()) < 1e-9)
        #expect(first.readings[1].mean == -81 && first.readings[1].heardCount == 2 && first.readings[1].standardDeviation == 1)
        #expect(map.referencePoints[1].floor == 1)
    }

    /// Every scan is kept as taken beside its spot's averages, sorted by spot, then by content
    /// within a spot; a scan that heard only filtered access points is left out.
    @Test func theMapKeepsEveryScanBesideItsSpot() throws {
        let scans = [
            Self.scan([("WAP1", -70), ("WAP2", -90)], x: 10, level: "1", timestamp: 1),
            Self.scan([("WAP1", -60), ("WAP2", -80)], timestamp: 2),
            Self.scan([("WAP1", -64)], timestamp: 3),
            Self.scan([("WAP9", -50)], timestamp: 4),
        ]
        var compiler = RadioMapCompiler()
        compiler.filter.minimumScans = 2
        let (map, report) = try compiler.compile(scans)
        #expect(report.referencePoints == 2 && report.scans == 3)
        #expect(map.referencePoints.map(\.scanCount) == [3, 1])
        #expect(map.scans.map(\.spot) == [0, 0, 1])
        #expect(map.scans[0].signals == [RadioMap.Scan.Signal(accessPoint: 0, rssi: -64)])
        #expect(map.scans[1].signals == [RadioMap.Scan.Signal(accessPoint: 0, rssi: -60), RadioMap.Scan.Signal(accessPoint: 1, rssi: -80)])
        #expect(map.scans[2].signals.map(\.rssi) == [-70, -90])
    }

    @Test func refusesASurveyThatLeavesNothing() {
        #expect(throws: FingerprintError.self) { try RadioMapCompiler().compile([Self.scan([])]) }
    }

    /// Cross-validation over a small grid: the full one takes minutes unoptimised.
    static func smallGrid(folds: Int) -> CrossValidation {
        var validation = CrossValidation()
        validation.folds = folds
        validation.floorExponents = [1, 2]
        validation.floorScanCounts = [1, 3]
        validation.floorSpotCounts = [1]
        return validation
    }

    @Test func crossValidationFoldsByDeviceAndRanksParameters() throws {
        var survey = SyntheticSurvey()
        let scans = survey.scans(repeats: 1, device: "one") + survey.scans(repeats: 1, device: "two")
            + survey.scans(repeats: 1, device: "three")
        let validation = Self.smallGrid(folds: 3)
        let folds = validation.foldIndexes(scans)
        #expect(Set(folds) == [0, 1, 2])
        #expect(zip(scans, folds).allSatisfy { scan, fold in ["one": 0, "three": 1, "two": 2][scan.device!] == fold })
        let tuning = try validation.tune(scans, compiler: RadioMapCompiler())
        #expect(tuning.floorStage.count == 4)
        // Each stage is ranked by its own output; the position rules are every candidate, best first.
        #expect(zip(tuning.floorStage, tuning.floorStage.dropFirst()).allSatisfy { $0.floorHitRate >= $1.floorHitRate })
        let rules = try #require(tuning.positionRules.first).rules
        #expect(rules.count == LocatorParameters.PositionRule.candidates.count)
        #expect(zip(rules, rules.dropFirst()).allSatisfy { $0.meanError <= $1.meanError })
        #expect(tuning.chosen.floorExponent == tuning.floorStage[0].parameters.floorExponent)
        #expect(tuning.chosen.floorScans == tuning.floorStage[0].parameters.floorScans)
        #expect(tuning.chosen.position == rules[0].rule && tuning.chosen.certainRatio == tuning.certainRatio.ratio)
        #expect(tuning.floorStage[0].buildingHitRate == 1 && tuning.floorStage[0].floorHitRate > 0.9)
        #expect(rules[0].meanError < 5)
    }

    /// The certain ratio is the smallest at which every survey's sure fixes are right often
    /// enough: here a sure fix on the wrong floor in one survey forces a larger ratio.
    @Test func theCertainRatioIsTheSmallestThatKeepsSureFixesRight() {
        var validation = CrossValidation()
        validation.certainRatios = [1.2, 1.5, 2]
        validation.certainTarget = 0.99
        let measured = 1.6
        func fix(ratio: Double, hit: Bool) -> (confidence: Double, floorHit: Bool) {
            (RadioMapLocator.confidence(best: 1, second: ratio, certainRatio: measured), hit)
        }
        let right = [fix(ratio: 1.3, hit: true), fix(ratio: 3, hit: true)]
        let wrongAt14 = [fix(ratio: 1.4, hit: false), fix(ratio: 2.5, hit: true)]
        let chosen = validation.certainRatio([right, wrongAt14], surveys: ["a", "b"], measuredWith: measured)
        #expect(chosen.ratio == 1.5 && chosen.reached)
        #expect(chosen.surveys.map(\.sure) == [1, 1] && chosen.surveys.map(\.sureFloorHitRate) == [1, 1])
        // A wrong fix beyond every ratio: the largest tried, and said not to reach the target.
        let hopeless = validation.certainRatio([[fix(ratio: 5, hit: false)]], surveys: ["c"], measuredWith: measured)
        #expect(hopeless.ratio == 2 && !hopeless.reached && hopeless.surveys[0].sureFloorHitRate == 0)
    }

    /// The position rule chosen on a survey's own spots; a survey too small to split keeps the default.
    @Test func eachMapChoosesItsPositionRuleOnItsOwnSurvey() throws {
        var survey = SyntheticSurvey()
        let scans = survey.scans(repeats: 3)
        let (map, _, rules) = try RadioMapCompiler().compileChoosingPositionRule(scans)
        #expect(map.parameters.position == rules[0].rule && rules.count == LocatorParameters.PositionRule.candidates.count)
        var lenient = RadioMapCompiler()
        lenient.filter.minimumScans = 1
        let (small, _, kept) = try lenient.compileChoosingPositionRule(Array(scans.prefix(1)))
        #expect(small.parameters.position == LocatorParameters().position && kept.count == 1)
    }

    /// Without devices (or with one), the scans of a spot share a fold, dealt by spot.
    @Test func crossValidationFoldsBySpotWithoutDevices() {
        var survey = SyntheticSurvey()
        let repeated = survey.scans(repeats: 3)
        var validation = CrossValidation()
        validation.folds = 4
        let spots = repeated.map { "\($0.building ?? "")|\($0.level)|\($0.position)" }
        for scans in [repeated, repeated.map { scan in var scan = scan; scan.device = nil; return scan }] {
            let folds = validation.foldIndexes(scans)
            var foldOfSpot: [String: Int] = [:]
            for (spot, fold) in zip(spots, folds) {
                #expect(foldOfSpot[spot, default: fold] == fold)
                foldOfSpot[spot] = fold
            }
            // Spots dealt round-robin in the order first scanned: 4 × 2 × 63 spots, 63 per fold.
            #expect(foldOfSpot.count == 252)
            #expect((0..<4).map { fold in foldOfSpot.values.filter { $0 == fold }.count } == [63, 63, 63, 63])
            #expect(folds.prefix(6) == [0, 0, 0, 1, 1, 1])
        }
    }

    @Test func crossValidationWeighsEverySurveyTheSame() throws {
        // A quiet survey of three phones and a noisy one of two, with half as many scans: pooled,
        // the quiet one would outweigh the other.
        var quiet = SyntheticSurvey()
        let quietScans = quiet.scans(repeats: 1, noise: 1, device: "one") + quiet.scans(repeats: 1, noise: 1, device: "two")
            + quiet.scans(repeats: 1, noise: 1, device: "three")
        var noisy = SyntheticSurvey()
        noisy.state = 777
        let noisyScans = noisy.scans(repeats: 1, noise: 14, device: "four") + noisy.scans(repeats: 1, noise: 14, device: "five")
        let validation = Self.smallGrid(folds: 2)
        let surveys = [CrossValidation.Survey(name: "quiet", scans: quietScans),
                       CrossValidation.Survey(name: "noisy", scans: noisyScans)]
        let tuning = try validation.tune(surveys, compiler: RadioMapCompiler())
        for score in tuning.floorStage {
            #expect(score.surveys.map(\.survey) == ["quiet", "noisy"])
            // The figures are the surveys' means, not the pooled scans'.
            #expect(abs(score.floorHitRate - (score.surveys[0].floorHitRate + score.surveys[1].floorHitRate) / 2) < 1e-12)
            #expect(abs(score.meanError - (score.surveys[0].meanError + score.surveys[1].meanError) / 2) < 1e-12)
            #expect(score.relativeError >= 1)
        }
        #expect(tuning.surveysDiffer)
        // Each survey chooses its own position rule, and the certain ratio holds in both.
        #expect(tuning.positionRules.map(\.survey) == ["quiet", "noisy"])
        #expect(tuning.certainRatio.surveys.map(\.survey) == ["quiet", "noisy"])

        // One survey alone ranks as before, by its own metres.
        let alone = try validation.tune(quietScans, compiler: RadioMapCompiler())
        #expect(alone.positionRules[0].rules.map(\.meanError) == alone.positionRules[0].rules.map(\.meanError).sorted())
        #expect(alone.floorStage.allSatisfy { $0.surveys.count == 1 && $0.surveys[0].survey == "survey" })

        // A survey that cannot be split is named.
        let single = CrossValidation.Survey(name: "one phone", scans: Array(quietScans.prefix(1)))
        #expect(throws: BundleToolsError.self) { try validation.tune([surveys[0], single], compiler: RadioMapCompiler()) }
        do {
            _ = try validation.tune([surveys[0], single], compiler: RadioMapCompiler())
        } catch {
            #expect(error.description.hasPrefix("one phone: cannot split the survey"))
        }
        #expect(throws: BundleToolsError.self) { try validation.tune([CrossValidation.Survey](), compiler: RadioMapCompiler()) }
    }
}

extension CrossValidation.Tuning {
    /// Whether the two surveys' own figures differ for the chosen parameters, so that a mean and
    /// a pooled figure would tell them apart.
    var surveysDiffer: Bool {
        let surveys = floorStage[0].surveys
        return surveys[0].floorHitRate != surveys[1].floorHitRate || surveys[0].meanError != surveys[1].meanError
    }
}
