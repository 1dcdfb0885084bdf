import Foundation
import Testing
import VenueModel
import Fingerprints
import BundleTools

/// The survey quality the fingerprints stage estimates by holding out spots (docs/wifi.md,
/// "Survey quality").
@Suite struct SurveyQualityTests {
    /// The synthetic survey, with South's upper floor cut down to one spot: held out, that spot
    /// leaves its floor without a reference point, so its scans cannot land on it.
    static func thinSurvey() -> [SurveyScan] {
        var survey = SyntheticSurvey()
        let first = SyntheticSurvey.coordinate(x: 100, y: 0)
        return survey.scans(repeats: 2).filter { $0.building != "South" || $0.level != "1" || $0.position == first }
    }

    @Test func aThinFloorIsNamedAndTheOthersAreNot() throws {
        let scans = Self.thinSurvey()
        let quality = try SurveyQuality.estimate(scans, compiler: RadioMapCompiler())
        #expect(quality.folds == 10)
        #expect(quality.floors.map(\.floorLabel) == ["North 0", "North 1", "South 0", "South 1"])
        let thin = quality.floors(below: 0.9)
        #expect(thin.map(\.floorLabel) == ["South 1"])
        #expect(thin.first?.floorHitRate == 0 && thin.first?.scans == 2)
        for floor in quality.floors where floor.floorLabel != "South 1" {
            #expect(floor.floorHitRate >= 0.9, "\(floor.floorLabel): \(floor.floorHitRate)")
            #expect((floor.meanError ?? .infinity) < 10, "\(floor.floorLabel): \(floor.meanError ?? -1) m")
        }
    }

    /// Every scan is held out once: the floors, and the areas, add up to the survey.
    @Test func everyScanIsCountedOnceByFloorAndByArea() throws {
        let scans = Self.thinSurvey()
        let quality = try SurveyQuality.estimate(scans, compiler: RadioMapCompiler(), areaSize: 10)
        #expect(quality.floors.reduce(0) { $0 + $1.scans } == scans.count)
        #expect(quality.areas.reduce(0) { $0 + $1.scans } == scans.count)
        // Spots 0 to 40 m east by 0 to 30 m north in 10 m squares: at least 4 by 3 squares per
        // full floor (more where a spot on an edge falls into the next), one on the thin floor.
        let squares = Dictionary(grouping: quality.areas, by: \.floorLabel).mapValues(\.count)
        #expect(squares["South 1"] == 1)
        #expect(["North 0", "North 1", "South 0"].allSatisfy { (12...20).contains(squares[$0] ?? 0) }, "\(squares)")
        #expect(quality.areas.allSatisfy { $0.latitude != nil && $0.longitude != nil })
        // Folds run side by side; the estimate does not depend on their order.
        #expect(try SurveyQuality.estimate(scans, compiler: RadioMapCompiler(), areaSize: 10) == quality)
    }

    /// A floor far off for the survey's own standard: more than twice the median floor's error.
    @Test func floorsFarOffTheMedianAreNamedWorstFirst() {
        func floor(_ level: String, _ error: Double?) -> SurveyQuality.Estimate {
            SurveyQuality.Estimate(building: "B", level: level, scans: 10, floorHitRate: 1, meanError: error)
        }
        let quality = SurveyQuality(folds: 10, areaSize: 20, floors: [floor("0", 5), floor("1", 14), floor("2", 6),
                                                                      floor("3", 7), floor("4", 30), floor("5", nil)],
                                    areas: [])
        #expect(quality.medianFloorError == 7)
        #expect(quality.floors(errorAbove: 2).map(\.level) == ["4"])
        #expect(quality.floors(errorAbove: 1.5).map(\.level) == ["4", "1"])
        #expect(SurveyQuality(folds: 0, areaSize: 20, floors: [], areas: []).floors(errorAbove: 2).isEmpty)
    }

    @Test func aSurveyOfOneSpotIsNotEstimated() throws {
        let scans = Array(Self.thinSurvey().prefix(2))
        #expect(Set(scans.map(\.position)).count == 1)
        let quality = try SurveyQuality.estimate(scans, compiler: RadioMapCompiler())
        #expect(quality.folds == 0 && quality.floors.isEmpty && quality.areas.isEmpty)
    }
}
