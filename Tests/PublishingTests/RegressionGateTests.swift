import BundleTools
import Foundation
import Publishing
import Testing

/// The gate turns a diff into refusals; each limit is tested on both sides of its boundary.
@Suite struct RegressionGateTests {
    /// A diff as `navforge diff --json` would give it (BundleDiff is built from bundles, or decoded).
    func diff(lost: Int = 0, reachable: Int = 100, removed: Int = 0, places: Int = 100,
              nodes: (Int, Int) = (1000, 1000), arcs: (Int, Int) = (4000, 4000), profilesRemoved: [String] = []) -> BundleDiff {
        let json: [String: Any] = [
            "oldVersion": "1.0.0", "newVersion": "1.1.0", "added": [], "renamed": [], "moved": [],
            "removed": (0 ..< removed).map { ["kind": "room", "key": "room:R\($0)", "label": "R\($0)", "level": "0"] },
            "nodes": ["old": nodes.0, "new": nodes.1], "arcs": ["old": arcs.0, "new": arcs.1],
            "places": ["old": places, "new": places - removed], "events": ["old": 0, "new": 0], "levels": ["old": 3, "new": 3],
            "profilesAdded": [], "profilesRemoved": profilesRemoved,
            "reachability": [["profile": "wheelchair", "reachableOld": reachable, "reachableNew": reachable - lost,
                              "lost": (0 ..< lost).map { "room:L\($0)" }, "gained": []]],
        ]
        let data = try! JSONSerialization.data(withJSONObject: json)
        return try! JSONDecoder().decode(BundleDiff.self, from: data)
    }

    @Test func defaultsPassAnUnchangedBundle() {
        #expect(RegressionGate().violations(diff()).isEmpty)
    }

    @Test func anyLostWayOutFailsTheDefaultGate() {
        let reasons = RegressionGate().violations(diff(lost: 1))
        #expect(reasons == ["wheelchair: 1 of 100 places lose their way out (limit 0): room:L0"])
    }

    @Test func percentLimitsCompareWithTheOldFigure() {
        let gate = RegressionGate(reachabilityLoss: .percent(2), placesRemoved: .count(2))
        #expect(gate.violations(diff(lost: 2, removed: 2)).isEmpty)
        #expect(gate.violations(diff(lost: 3)).count == 1)
        #expect(gate.violations(diff(removed: 3)) == ["3 of 100 places removed (limit 2): R0, R1, R2"])
    }

    @Test func graphMayShrinkUpToItsLimit() {
        #expect(RegressionGate().violations(diff(nodes: (1000, 950))).isEmpty)
        #expect(RegressionGate().violations(diff(nodes: (1000, 949))) == ["the graph shrank from 1000 to 949 nodes (limit 5%)"])
        #expect(RegressionGate().violations(diff(arcs: (4000, 3000))).count == 1)
        #expect(RegressionGate().violations(diff(nodes: (1000, 2000))).isEmpty)
    }

    @Test func aRemovedProfileAlwaysFails() {
        let lenient = RegressionGate(reachabilityLoss: .percent(100), placesRemoved: .percent(100), graphShrink: .percent(100))
        #expect(lenient.violations(diff(profilesRemoved: ["night"])) == ["profile night is gone"])
    }

    @Test func limitsParseCountsAndPercentagesOnly() {
        #expect(RegressionGate.Limit("0") == .count(0))
        #expect(RegressionGate.Limit(" 2.5% ") == .percent(2.5))
        for bad in ["", "-1", "1.5", "x%", "101%", "-0.1%", "nan%", "inf"] {
            #expect(RegressionGate.Limit(bad) == nil, "\(bad)")
        }
        #expect(RegressionGate.Limit("0%")?.isExceeded(by: 1, of: 0) == true)
        #expect(RegressionGate.Limit("0%")?.isExceeded(by: 0, of: 0) == false)
    }
}
