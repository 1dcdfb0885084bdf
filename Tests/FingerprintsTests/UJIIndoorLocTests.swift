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
        let (map, report) = try RadioMapCompiler().compile(train.scans)
        #expect(report.cleaning.silentScans == 76)
        #expect(report.buildings == 3 && report.floors == 13)
        let locator = try RadioMapLocator(encoded: try map.encoded())
        let evaluation = try LocatorEvaluation.run(locator, on: test.scans)
        // The targets; docs/wifi.md has the figures and how the parameters were chosen.
        #expect(evaluation.unknown == 0)
        #expect(evaluation.buildingHitRate >= 0.998)
        #expect(evaluation.floorHitRate >= 0.93)
        #expect(evaluation.projectedError.mean <= 8.0)
        // Ground metres are EPSG:3857 metres times cos(latitude), about 0.77 at 40° N.
        let ratio = evaluation.groundError.mean / evaluation.projectedError.mean
        #expect(ratio > 0.75 && ratio < 0.78)
    }
}
