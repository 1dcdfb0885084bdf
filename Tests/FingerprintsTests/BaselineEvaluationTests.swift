import Foundation
import Testing
import VenueModel
@testable import BundleTools

/// The simple methods `wifi evaluate --baselines` runs beside the locator.
@Suite struct BaselineEvaluationTests {
    static func scan(_ readings: [(String, Double)], x: Double, level: String) -> SurveyScan {
        RadioMapCompilerTests.scan(readings, x: x, level: level)
    }

    static func method(_ results: [BaselineEvaluation], _ method: BaselineMethod) throws -> BaselineEvaluation {
        try #require(results.first { $0.method == method })
    }

    /// A scan hearing one strong access point, against a place hearing it as strongly beside two
    /// more, and a place hearing only it, faintly. Euclidean distance prefers the faint place (the
    /// two extra access points cost 45² each, the weaker one 40²); the powed Sørensen distance
    /// prefers the place that hears the same access point alike (0.37 against 0.94).
    @Test func euclideanAndPowedSorensenChooseApartWhereTheyShould() throws {
        let train = [
            Self.scan([("WAP1", -50), ("WAP2", -60), ("WAP3", -60)], x: 0, level: "A"),
            Self.scan([("WAP1", -90)], x: 40, level: "B"),
        ]
        let test = [Self.scan([("WAP1", -50)], x: 3, level: "A")]
        let results = BaselineEvaluation.runAll(train: train, test: test)
        #expect(results.map(\.method) == BaselineMethod.allCases)
        let euclidean = try Self.method(results, .euclideanOne), sorensen = try Self.method(results, .powedSorensenOne)
        // Ground metres: the scans lie on a local plane at 48° N, where EPSG:3857 metres are
        // 1 / cos(48.15°) = 1.50 times longer.
        #expect(euclidean.floorHitRate == 0)
        #expect(abs(euclidean.groundError.mean - 37) < 0.05)
        #expect(sorensen.floorHitRate == 1)
        #expect(sorensen.buildingHitRate == 1)
        #expect(abs(sorensen.groundError.mean - 3) < 0.05)
        #expect(abs(sorensen.projectedError.mean / sorensen.groundError.mean - 1 / cos(48.15 * .pi / 180)) < 0.01)
    }

    /// Three neighbours vote on the floor and are averaged; a scan that heard nothing is unknown
    /// and stays out of the rates.
    @Test func threeNeighboursVoteAndAverageAndSilentScansAreUnknown() throws {
        let train = [
            Self.scan([("WAP1", -40), ("WAP2", -80)], x: 0, level: "1"),
            Self.scan([("WAP1", -80), ("WAP2", -40)], x: 10, level: "1"),
            Self.scan([("WAP3", -50)], x: 50, level: "2"),
        ]
        let test = [
            Self.scan([("WAP1", -45), ("WAP2", -78)], x: 0, level: "1"),
            Self.scan([], x: 0, level: "1"),
            Self.scan([("WAP3", -55)], x: 50, level: "2"),
        ]
        let results = BaselineEvaluation.runAll(train: train, test: test)
        let one = try Self.method(results, .euclideanOne), three = try Self.method(results, .euclideanThree)
        #expect(one.scans == 3 && one.unknown == 1)
        #expect(one.floorHitRate == 1)
        #expect(abs(one.groundError.mean) < 0.01)
        // Both located scans have all three places as neighbours: floor 1 wins two votes to one,
        // and the mean position is x = 20, 20 m from the first scan and 30 m from the second.
        #expect(three.unknown == 1)
        #expect(three.floorHitRate == 0.5)
        #expect(abs(three.groundError.mean - 25) < 0.05)
    }

    /// A tie between floors goes to the floor of the nearest neighbour.
    @Test func aTiedVoteGoesToTheNearerNeighbour() {
        let voted = BaselineEvaluation.vote([("B", "2"), ("B", "1"), ("C", "1")])
        #expect(voted.building == "B" && voted.level == "2")
        let majority = BaselineEvaluation.vote([("B", "2"), ("B", "1"), ("B", "1")])
        #expect(majority.level == "1")
    }

    /// Confidence 1 falls in the last bin, 0.9 in the one from 0.9, and the hits are counted per bin.
    @Test func reliabilityBinsCountFixesAndHitsByConfidence() throws {
        let bins = LocatorEvaluation.reliability([(1, true), (1, false), (0.9, true), (0.2, false), (0.995, true)])
        #expect(bins.count == LocatorEvaluation.reliabilityEdges.count - 1)
        #expect(bins.map(\.scans).reduce(0, +) == 5)
        let last = try #require(bins.last)
        #expect(last.lower == 0.99 && last.scans == 3 && last.floorHits == 2)
        let fromNine = try #require(bins.first { $0.lower == 0.9 })
        #expect(fromNine.scans == 1 && fromNine.floorHits == 1)
        #expect(bins[0].scans == 1 && bins[0].floorHits == 0)
    }
}
