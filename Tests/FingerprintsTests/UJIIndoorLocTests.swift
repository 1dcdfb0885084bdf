import Foundation
import Importers
import NavBundle
import Testing
@testable import Fingerprints
import BundleTools

/// The UJIIndoorLoc benchmark (`../shared/data/wifi/ujiindoorloc`): the radio map compiled from
/// the training file with the default parameters, every validation scan located on it.
@Suite struct UJIIndoorLocTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data/wifi/ujiindoorloc")
    static let present = FileManager.default.fileExists(atPath: folder.appendingPathComponent("trainingData.csv").path)

    static func survey(_ name: String) throws -> SurveyData {
        let data = try Data(contentsOf: folder.appendingPathComponent(name))
        return try SurveyImporter.read(data, file: name, options: SurveyImportOptions(layout: .wide))
    }

    @Test(.enabled(if: present, "../shared/data is absent: the UJIIndoorLoc evaluation is skipped"))
    func meetsTheTargetsOnTheValidationFile() throws {
        let train = try Self.survey("trainingData.csv"), test = try Self.survey("validationData.csv")
        #expect(train.scans.count == 19_937 && test.scans.count == 1_111)
        #expect(Set(train.scans.compactMap(\.building)) == ["0", "1", "2"])
        // As the fingerprints stage compiles it: the position rule chosen on the training file.
        let (map, report, _) = try RadioMapCompiler().compileChoosingPositionRule(train.scans)
        #expect(report.cleaning.silentScans == 76)
        #expect(report.buildings == 3 && report.floors == 13)
        let encoded = try map.encoded()
        #expect(encoded.count < 2_000_000)
        let locator = try RadioMapLocator(encoded: encoded)
        let evaluation = try LocatorEvaluation.run(locator, on: test.scans)
        // The targets; docs/wifi.md has the figures and how the parameters were chosen.
        #expect(evaluation.unknown == 0)
        #expect(evaluation.buildingHitRate == 1)
        #expect(evaluation.floorHitRate >= 0.95)
        #expect(evaluation.projectedError.mean <= 6.5)
        // A confidence of 0.9 or more means the floor is right at least 99 % of the time.
        let sure = evaluation.reliability.filter { $0.lower >= 0.9 }
        let sureScans = sure.map(\.scans).reduce(0, +)
        #expect(sureScans > 500 && Double(sure.map(\.floorHits).reduce(0, +)) >= 0.99 * Double(sureScans))
        // Ground metres are EPSG:3857 metres times cos(latitude), about 0.77 at 40° N.
        let ratio = evaluation.groundError.mean / evaluation.projectedError.mean
        #expect(ratio > 0.75 && ratio < 0.78)
    }
}

/// The two development sets in the wide layout (`../shared/data/wifi/dev`): the locator against
/// the simple methods on the raw scans, in the same run, as the targets put it.
@Suite struct DevelopmentSetTests {
    static let folder = UJIIndoorLocTests.folder.deletingLastPathComponent().appendingPathComponent("dev")

    static func survey(_ set: String, _ name: String) throws -> SurveyData {
        let data = try Data(contentsOf: folder.appendingPathComponent(set).appendingPathComponent(name))
        return try SurveyImporter.read(data, file: name, options: SurveyImportOptions(layout: .wide))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: folder.appendingPathComponent("TUT5/training.csv").path),
                   "../shared/data is absent: the development sets are skipped"),
          arguments: ["TUT5", "LIB1"])
    func beatsTheSimpleMethods(_ set: String) throws {
        let train = try Self.survey(set, "training.csv"), test = try Self.survey(set, "test.csv")
        let (map, _, _) = try RadioMapCompiler().compileChoosingPositionRule(train.scans, inventory: train.accessPoints)
        let evaluation = try LocatorEvaluation.run(try RadioMapLocator(encoded: try map.encoded()), on: test.scans)
        let baselines = BaselineEvaluation.runAll(train: train.scans, test: test.scans)
        #expect(evaluation.unknown == 0 && baselines.allSatisfy { $0.unknown == 0 })
        // Within 0.1 point of the best floor hit rate and 0.05 m of the best mean error.
        let bestFloor = baselines.map(\.floorHitRate).max() ?? 1, bestError = baselines.map(\.projectedError.mean).min() ?? 0
        #expect(evaluation.floorHitRate >= bestFloor - 0.001, "\(set): floor \(evaluation.floorHitRate) against \(bestFloor)")
        #expect(evaluation.projectedError.mean <= bestError + 0.05, "\(set): \(evaluation.projectedError.mean) m against \(bestError) m")
        let sure = evaluation.reliability.filter { $0.lower >= 0.9 }
        let sureScans = sure.map(\.scans).reduce(0, +)
        #expect(sureScans > 0 && Double(sure.map(\.floorHits).reduce(0, +)) >= 0.99 * Double(sureScans))
    }
}
