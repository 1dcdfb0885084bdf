import Foundation
import BundleTools
import HeadlessChromium
import Testing
import Validation
@testable import Pipeline

/// The demo's `report.html` as a browser renders it: a plan per level, a marker per placed finding.
@Suite(.serialized, .enabled(if: Chromium.isUsable, Comment(rawValue: Chromium.missingReason)))
struct DemoReportPageTests {
    @Test func theDemoReportRendersEveryLevelAndMarksEveryPlacedFinding() throws {
        let workspace = try DemoWorkspace()
        let summary = try workspace.build(until: .validate)
        #expect(summary.status == .succeeded, "\(summary.errors)")
        let report = try JSONDecoder().decode(ValidationReport.self, from: Data(contentsOf: workspace.layout.report))

        let dom = try Chromium.dumpDOM(of: workspace.layout.reportPage)
        let plans = dom.matches(of: #/<section class="floor-plan[^"]*" data-level="([^"]*)"/#).map { String($0.output.1) }
        // Three buildings' levels (A: -1 to 2, B: 0 and 1, C: 0 and 1), then the outdoor level.
        #expect(plans == ["A@-1", "A@0", "A@1", "A@2", "B@0", "B@1", "C@0", "C@1", "outdoor"])
        let markers = dom.matches(of: #/<g class="issue-marker"[^>]*data-code="([^"]*)"/#).map { String($0.output.1) }
        let placed = report.issues.filter { $0.coordinate?.isValid == true && $0.levelID.map(plans.contains) == true }
        #expect(!placed.isEmpty, "the demo has findings to mark")
        #expect(markers.sorted() == placed.map(\.code.rawValue).sorted())

        // Looked at by whoever changes the page: build/test-artifacts/report-demo.png.
        let data = try Chromium.screenshotArtifact(of: workspace.layout.reportPage, fragment: "level=C%401", named: "report-demo.png")
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]) && data.count > 20_000)
    }

    /// The survey-quality page renders in a browser with every area of the demo's survey marked
    /// on its level's plan (build/test-artifacts/survey-quality-demo.png shows building C's).
    @Test func theSurveyQualityPageMarksEveryAreaOnItsPlan() throws {
        let workspace = try DemoWorkspace()
        let summary = try workspace.build()
        #expect(summary.status == .succeeded, "\(summary.errors)")
        let quality = try JSONDecoder().decode(SurveyQuality.self, from: Data(contentsOf: workspace.layout.surveyQuality))
        let dom = try Chromium.dumpDOM(of: workspace.layout.surveyQualityPage)
        let markers = dom.matches(of: #/<g class="issue-marker"[^>]*data-code="([^"]*)"/#).map { String($0.output.1) }
        #expect(markers.count == quality.areas.count && markers.allSatisfy { $0 == "survey-area" })
        let plans = dom.matches(of: #/<section class="floor-plan[^"]*" data-level="([^"]*)">\s*<div class="plan-heading">.*?<span class="plan-count">(\d+) finding/#)
            .map { (String($0.output.1), Int($0.output.2)!) }
        // Every surveyed floor's plan marks its areas; the outdoor level has none.
        for floor in quality.floors {
            let count = quality.areas.filter { $0.floorLabel == floor.floorLabel }.count
            #expect(plans.contains { $0.0 == "\(floor.building ?? "")@\(floor.level)" && $0.1 == count }, "\(floor.floorLabel): \(plans)")
        }

        let data = try Chromium.screenshotArtifact(of: workspace.layout.surveyQualityPage, fragment: "level=C%400",
                                                   named: "survey-quality-demo.png")
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]) && data.count > 20_000)
    }
}
