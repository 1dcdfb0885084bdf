import Foundation
import TemporaryFolders
import NavBundle
import Pipeline
import Testing
import NavFormat
import BundleTools

/// The demo campus's synthetic Wi-Fi survey, compiled by the pipeline into the bundle.
@Suite struct DemoRadioMapTests {
    @Test func theBundleLocatesSurveyScansOnTheirBuildingAndLevel() throws {
        let folder = try TemporaryFolder("navforge-ch")
        let (layout, definition, summary) = try HierarchyOnVenueTests.build("demo-campus", in: folder)
        #expect(summary.status == .succeeded)
        #expect(summary.stages.contains { $0.stage == .fingerprints && $0.status == .ran })
        let bundle = try VenueBundle(path: layout.bundle(venueID: definition.venueID, version: definition.version.description).path)
        let locator = try #require(try bundle.radioMapLocator())
        // Every survey floor joined its venue level: A has four levels, B and C two each.
        #expect(locator.floorCount == 8 && locator.buildingCount == 3)
        let levelIDs = try (0..<bundle.levelCount).map { try bundle.level($0).id }

        // Re-read the survey and locate a scan of every tenth spot: each lands in its building on
        // the venue level of its survey floor.
        let survey = try SurveyFile.read(SurveyFile.demoSurvey)
        var checked = 0
        for scan in survey.scans.enumerated().filter({ $0.offset % 10 == 0 }).map(\.element) {
            let readings = scan.readings.map { ScanReading(accessPoint: $0.accessPoint.value, rssi: $0.rssi) }
            let fix = try #require(try locator.locate(readings).fix)
            #expect(fix.buildingName == scan.building)
            #expect(fix.venueLevel.map { levelIDs[$0] } == "\(scan.building ?? "")@\(scan.level)", "scan \(scan.id)")
            checked += 1
        }
        #expect(checked > 20)
    }

    /// The fingerprints stage estimates the survey's quality and names a floor surveyed too
    /// thinly to be told apart: here C's upper floor cut down to one spot.
    @Test func aThinlySurveyedFloorIsNamed() throws {
        let workspace = try DemoWorkspace()
        let full = try #require(try workspace.build().stages.first { $0.stage == .fingerprints })
        #expect(full.message?.contains("of scans on the right floor") == true)
        #expect(full.message?.contains("too thin") == false, "\(full.message ?? "")")
        let estimate = try JSONDecoder().decode(SurveyQuality.self, from: Data(contentsOf: workspace.layout.surveyQuality))
        #expect(estimate.floors.count == 8 && estimate.floors.allSatisfy { $0.floorHitRate >= 0.9 })
        // Every area is marked on its floor's plan, as the validation report marks its findings.
        let fullPage = try String(contentsOf: workspace.layout.surveyQualityPage, encoding: .utf8)
        #expect(fullPage.contains("<h1>Survey quality <span class=\"venue\">demo-campus</span></h1>"))
        #expect(fullPage.components(separatedBy: "data-code=\"survey-area\"").count - 1 == estimate.areas.count)
        #expect(!fullPage.contains("survey-floor-thin"))

        // Columns: scan, timestamp, bssid, rssi, lon, lat, level, building, device.
        let url = workspace.input("wifi-survey.csv")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let spot = { (line: Substring) in line.split(separator: ",").dropFirst(4).prefix(4).joined(separator: ",") }
        let onFloor = lines.filter { $0.hasSuffix(",1,C,survey-phone") }
        var spots: [String] = []
        for line in onFloor where !spots.contains(spot(line)) { spots.append(spot(line)) }
        #expect(spots.count == 24)
        // One spot in nine left, the first, tenth and nineteenth: two of the six held-out scans
        // are put on the other floor. A floor's score averages its five nearest scans and spots,
        // and one with fewer counts "nothing in common" for each missing, so a floor this thin
        // loses scans to a well-surveyed one.
        let sparse = Set(spots.enumerated().filter { $0.offset % 9 == 0 }.map(\.element))
        try lines.filter { !$0.hasSuffix(",1,C,survey-phone") || sparse.contains(spot($0)) }.joined(separator: "\n")
            .write(to: url, atomically: true, encoding: .utf8)
        let sparseStage = try #require(try workspace.build().stages.first { $0.stage == .fingerprints })
        #expect(sparseStage.message?.contains("too thin to tell the floor on C 1 (66.7 % right") == true, "\(sparseStage.message ?? "")")
        let sparsePage = try String(contentsOf: workspace.layout.surveyQualityPage, encoding: .utf8)
        #expect(sparsePage.contains("survey floor C 1: 6 held-out scans, 66.7 % on the right floor, "), "the finding names the floor")
        #expect(sparseStage.issues.warnings >= 1)

        // One spot left: held out, it leaves its floor without a reference point.
        let thin = lines.filter { !$0.hasSuffix(",1,C,survey-phone") || spot($0) == spots[0] }
        #expect(thin.count < lines.count - 100)
        try thin.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)

        let summary = try workspace.build()
        #expect(summary.status == .succeeded)
        let stage = try #require(summary.stages.first { $0.stage == .fingerprints })
        #expect(stage.message?.contains("too thin to tell the floor on C 1 (0.0 % right") == true, "\(stage.message ?? "")")
        let quality = try JSONDecoder().decode(SurveyQuality.self, from: Data(contentsOf: workspace.layout.surveyQuality))
        #expect(quality.floors(below: 0.9).map(\.floorLabel) == ["C 1"])
        #expect(quality.areas.filter { $0.floorLabel == "C 1" }.count == 1)
        // The floor, and its one area, are warnings; the area is marked on C's upper plan.
        let page = try String(contentsOf: workspace.layout.surveyQualityPage, encoding: .utf8)
        #expect(page.contains("survey floor C 1: 2 held-out scans, 0.0 % on the right floor"))
        #expect(page.contains("data-severity=\"warning\" data-code=\"survey-area\"><title>warning survey-area: 20 m area of C 1:"))
        #expect(stage.issues.warnings == 1 + quality.areas.filter { $0.floorHitRate < 0.9 || ($0.meanError ?? 0) > 2 * quality.medianFloorError! }.count)
    }

    @Test func surveysAndTheFingerprintsStageComeTogether() throws {
        let survey = "  - {id: s, path: s.csv, format: survey, options: {layout: long}}\n"
        let base = "venue: {id: v}\nversion: 1.0.0\ninputs:\n  - {id: a, path: a.csv, format: csv, options: {table: buildings}}\n"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navforge-survey-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["a.csv", "s.csv"] { try "x\n".write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let url = folder.appendingPathComponent("p.yml")
        #expect {
            try PipelineFileParser.parse(base + survey + "stages:\n  import:\n  bundle:\n", url: url)
        } throws: { "\($0)".contains("survey inputs but no 'fingerprints' stage") }
        #expect {
            try PipelineFileParser.parse(base + "stages:\n  import:\n  fingerprints:\n  bundle:\n", url: url)
        } throws: { "\($0)".contains("needs at least one survey input with scans") }
        #expect {
            try PipelineFileParser.parse(base + survey + "stages:\n  import:\n  fingerprints: {neighbours: 0}\n", url: url)
        } throws: { "\($0)".contains("must be between 1 and 1000") }
        #expect {
            try PipelineFileParser.parse(base + survey + "stages:\n  import:\n  fingerprints: {quality-folds: 1}\n", url: url)
        } throws: { "\($0)".contains("must be 0 (no survey-quality estimate) or between 2 and 100") }
        #expect {
            try PipelineFileParser.parse(base + "  - {id: s, path: s.csv, format: survey, options: {layout: sideways}}\n"
                                         + "stages:\n  import:\n  fingerprints:\n", url: url)
        } throws: { "\($0)".contains("unknown layout 'sideways'") }
        let parsed = try PipelineFileParser.parse(
            base + survey + "stages:\n  import:\n  fingerprints: {neighbours: 3, floor-exponent: 2, certain-ratio: 1.4}\n  bundle:\n", url: url)
        guard case .fingerprints(let parameters)? = parsed.stage(.fingerprints)?.parameters else {
            Issue.record("no fingerprints stage")
            return
        }
        #expect(parameters.locator.position.neighbours == 3 && parameters.locator.floorExponent == 2 && parameters.qualityFolds == 10)
        #expect(parameters.locator.certainRatio == 1.4 && parameters.positionRuleFixed)
        let rule = try PipelineFileParser.parse(
            base + survey + "stages:\n  import:\n  fingerprints: {position-from: spots, position-weights: equal}\n  bundle:\n", url: url)
        guard case .fingerprints(let ruled)? = rule.stage(.fingerprints)?.parameters else {
            Issue.record("no fingerprints stage")
            return
        }
        #expect(ruled.locator.position == LocatorParameters.PositionRule(source: .spots, neighbours: 3, inverseDistance: false))
        #expect(ruled.positionRuleFixed)
        for (key, value) in [("position-from", "corners"), ("position-weights", "heavy"), ("certain-ratio", "1"), ("floor-scans", "0")] {
            #expect {
                try PipelineFileParser.parse(base + survey + "stages:\n  import:\n  fingerprints: {\(key): \(value)}\n", url: url)
            } throws: { "\($0)".contains(key) || "\($0)".contains("must") }
        }
    }
}

extension SurveyFile {
    static let demoSurvey = DemoWorkspace.repository.appendingPathComponent("input/demo-campus/wifi-survey.csv")
}
