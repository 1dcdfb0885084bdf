import Foundation
import Testing

/// `navforge locate` and `navforge wifi`: what a data engineer types to check a radio map.
@Suite(.serialized) struct WifiCommandTests {
    static let bundle = "build/demo-campus/demo-campus-1.0.0.navbundle"

    @Test func locateNamesBuildingFloorAndLevelOrSaysUnknown() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        // Loud on building A's first floor (its access points 00:0b:86:01:09:xx), faint elsewhere.
        let scan = "00:0b:86:01:09:01:-50,00:0B:86:01:09:02:-70,00-0b-86-01-08-01:-68"
        let located = try cli.run(["locate", Self.bundle, "--scan", scan])
        #expect(located.status == 0, "\(located.errorOutput)")
        #expect(located.output.contains("building A, floor 1 (level A@1), confidence"), "\(located.output)")

        let json = try cli.run(["locate", Self.bundle, "--scan", scan, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(object?["located"] as? Bool == true && object?["level"] as? String == "A@1")

        let unknown = try cli.run(["locate", Self.bundle, "--scan", "aa:bb:cc:00:11:22:-40", "--json"])
        #expect(unknown.status == 0)
        let unknownObject = try JSONSerialization.jsonObject(with: Data(unknown.output.utf8)) as? [String: Any]
        #expect(unknownObject?["located"] as? Bool == false && unknownObject?["confidence"] as? Double == 0)
        #expect(try cli.run(["locate", Self.bundle, "--scan", "aa:bb:cc:00:11:22:-40"]).output.contains("unknown (confidence 0)"))

        let bad = try cli.run(["locate", Self.bundle, "--scan", "00:0b:86:01:09:01:+30"])
        #expect(bad.status == 64 && bad.errorOutput.contains("RSSI +30 dBm is impossible"), "\(bad.errorOutput)")
        let noMap = try cli.run(["build", "pipelines/meeting-rooms.yml"])
        #expect(noMap.status == 0)
        let withoutMap = try cli.run(["locate", "build/meeting-rooms/meeting-rooms-1.0.0.navbundle", "--scan", scan])
        #expect(withoutMap.status == 1
                && withoutMap.errorOutput.hasPrefix("Error: build/meeting-rooms/meeting-rooms-1.0.0.navbundle has no Wi-Fi radio map"))
    }

    @Test func evaluateReportsHitRatesErrorsAndLatency() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        let survey = "input/demo-campus/wifi-survey.csv"
        let text = try cli.run(["wifi", "evaluate", "--train", survey, "--test", survey])
        #expect(text.status == 0, "\(text.errorOutput)")
        #expect(text.output.contains("building hit 100.00 %, floor hit 100.00 %"), "\(text.output)")
        #expect(text.output.contains("error, EPSG:3857 m: mean") && text.output.contains("locate: mean"))

        // Located on a map of their own scans by the nearest one alone, the scans come out where
        // they were taken; averaging three alike pulls them towards the spots around.
        func errors(_ options: [String]) throws -> [String: Any]? {
            let json = try cli.run(["wifi", "evaluate", "--train", survey, "--test", survey, "--json"] + options)
            let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
            let evaluation = object?["evaluation"] as? [String: Any]
            #expect(evaluation?["scans"] as? Int == 256 && evaluation?["unknown"] as? Int == 0)
            return evaluation?["projectedError"] as? [String: Any]
        }
        let nearest = try #require(try errors(["--neighbours", "1"]))
        let averaged = try #require(try errors(["--neighbours", "3", "--position-weights", "equal"]))
        #expect(nearest["median"] as? Double == 0 && averaged["median"] as? Double ?? 0 > 1, "\(nearest) \(averaged)")
        #expect(averaged["mean"] as? Double ?? 0 > nearest["mean"] as? Double ?? 0)

        try "WAP001,LONGITUDE,LATITUDE,FLOOR\n-50,-7541.2,4864921.9,1\n+30,-7541.2,4864921.9,1\n"
            .write(to: cli.directory.appendingPathComponent("bad.csv"), atomically: true, encoding: .utf8)
        let bad = try cli.run(["wifi", "evaluate", "--train", "bad.csv", "--test", survey])
        #expect(bad.status == 1)
        #expect(bad.errorOutput.contains("bad.csv:3:1: RSSI +30 dBm in column 'WAP001' is impossible"), "\(bad.errorOutput)")
        let wrongParameters = try cli.run(["wifi", "evaluate", "--train", survey, "--test", survey, "--neighbours", "0"])
        #expect(wrongParameters.status == 64)
    }

    /// The reliability table always, the baselines on request: located on their own survey, every
    /// scan lands on the right floor at confidence 0.9 or more, and a one-neighbour baseline finds
    /// each scan's twin (navforge's position rule, chosen on held-out spots, averages further).
    @Test func evaluatePrintsReliabilityAndBaselines() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        let survey = "input/demo-campus/wifi-survey.csv"
        let text = try cli.run(["wifi", "evaluate", "--train", survey, "--test", survey, "--baselines"])
        #expect(text.status == 0, "\(text.errorOutput)")
        #expect(text.output.contains("floor hit by confidence:"), "\(text.output)")
        #expect(text.output.contains("  [0.80, 0.90)      0 scans  —"), "\(text.output)")
        #expect(text.output.contains("  ≥ 0.90          256 scans  100.00 %"), "\(text.output)")
        func line(_ method: String) -> Substring? { text.output.split(separator: "\n").first { $0.hasPrefix("  \(method) ") } }
        for method in ["euclidean-k1", "powed-sorensen-k1"] {
            #expect(line(method)?.hasSuffix("0   100.00 %  100.00 %    0.00") == true, "\(method): \(text.output)")
        }
        #expect(line("navforge")?.contains("0   100.00 %  100.00 %") == true, "\(text.output)")
        #expect(line("euclidean-k3")?.contains("0   100.00 %  100.00 %") == true, "\(text.output)")
        let json = try cli.run(["wifi", "evaluate", "--train", survey, "--test", survey, "--baselines", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let baselines = try #require(object?["baselines"] as? [[String: Any]])
        #expect(baselines.compactMap { $0["method"] as? String } == ["euclidean-k1", "euclidean-k3", "powed-sorensen-k1"])
        let bins = try #require((object?["evaluation"] as? [String: Any])?["reliability"] as? [[String: Any]])
        #expect(bins.compactMap { $0["scans"] as? Int }.reduce(0, +) == 256)
        let plain = try cli.run(["wifi", "evaluate", "--train", survey, "--test", survey])
        #expect(!plain.output.contains("baselines on the raw scans"))
    }

    /// Several training surveys are tuned together, each weighing the same, and each one's figures
    /// for the choice are printed; a survey named twice or none at all is refused.
    @Test func tuneTakesSeveralSurveys() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        // Two phones on two floors of one building, in UJIIndoorLoc's wide layout: cross-validation
        // folds by phone, so the demo survey (one phone) cannot be split.
        var rows = ["WAP001,WAP002,WAP003,WAP004,LONGITUDE,LATITUDE,FLOOR,BUILDINGID,PHONEID"]
        for phone in 1...2 {
            for floor in 0...1 {
                for spot in 0..<6 {
                    let readings = (0..<4).map { ap in
                        -40 - 4 * abs(spot - ap * 2) - (floor == ap % 2 ? 0 : 15) - phone
                    }
                    rows.append(readings.map(String.init).joined(separator: ",")
                        + ",\(-7500 + spot * 4),4864900,\(floor),0,\(phone)")
                }
            }
        }
        let survey = "first.csv"
        for name in [survey, "second.csv"] {
            try (rows.joined(separator: "\n") + "\n").write(to: cli.directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let text = try cli.run(["wifi", "tune", "--train", survey, "--train", "second.csv", "--folds", "2", "--top", "2"])
        #expect(text.status == 0, "\(text.errorOutput)")
        #expect(text.output.contains("floor rule (most floor hits first; means over 2 surveys):"), "\(text.output)")
        let lines = text.output.split(separator: "\n")
        let heading = try #require(lines.firstIndex(of: "each survey with the chosen floor rule:"))
        #expect(lines[heading + 2].hasSuffix("  " + survey) && lines[heading + 3].hasSuffix("  second.csv"), "\(text.output)")
        // Two copies of one survey: each one's figures are the mean's, and they choose alike.
        #expect(lines[heading + 2].dropLast(survey.count) == lines[heading + 3].dropLast("second.csv".count))
        let rules = try #require(lines.firstIndex(of: "position rule per survey (each map chooses its own; smallest mean error first):"))
        #expect(lines[rules + 1] == "  \(survey):" && lines[rules + 4] == "  second.csv:", "\(text.output)")
        #expect(lines[rules + 2] == lines[rules + 5] && lines[rules + 3] == lines[rules + 6], "\(text.output)")
        #expect(lines.contains { $0.hasPrefix("certain ratio: ") } && lines.contains { $0.hasPrefix("  certain-ratio: ") }, "\(text.output)")

        let twice = try cli.run(["wifi", "tune", "--train", survey, "--train", survey])
        #expect(twice.status == 64 && twice.errorOutput.contains("--train \(survey) is given twice"), "\(twice.errorOutput)")
        let none = try cli.run(["wifi", "tune"])
        #expect(none.status == 64 && none.errorOutput.contains("give at least one training survey"), "\(none.errorOutput)")
    }
}
