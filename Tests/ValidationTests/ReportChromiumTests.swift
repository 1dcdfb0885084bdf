import Foundation
import HeadlessChromium
import Testing

/// The report page as a browser renders it, after its filter script ran.
///
/// Needs headless Chromium (Debian package `chromium`). Where it is missing the suite is skipped,
/// and the test run reports it as skipped with the reason below rather than as passed.
@Suite(.serialized, .enabled(if: Chromium.isUsable, Comment(rawValue: Chromium.missingReason)))
struct ReportChromiumTests {
    /// Writes the fixture page into a fresh temporary directory.
    static func writePage() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("navforge-report-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let page = directory.appendingPathComponent("report.html")
        try Data(ReportFixture.page().html().utf8).write(to: page)
        return page
    }

    /// The opening tags of the rendered `issue-marker` groups.
    static func markerTags(in dom: String) -> [String] {
        dom.matches(of: #/<g class="issue-marker"[^>]*>/#).map { String($0.output) }
    }

    /// Whether an element's opening tag carries the `hidden` attribute the filter script sets.
    static func isHidden(_ tag: String) -> Bool {
        tag.contains(" hidden=\"\"") || tag.contains(" hidden>") || tag.contains(" hidden ")
    }

    @Test func theRenderedPageHasOnePlanPerLevelAndEveryMarker() throws {
        let page = try Self.writePage()
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
        let dom = try Chromium.dumpDOM(of: page)
        let plans = dom.matches(of: #/<section class="floor-plan[^"]*" data-level="([^"]*)"/#).map { String($0.output.1) }
        #expect(plans == ReportFixture.levelIDs)
        let markers = Self.markerTags(in: dom)
        #expect(markers.count == ReportFixture.markersPerLevel.values.reduce(0, +))
        #expect(markers.allSatisfy { !Self.isHidden($0) }, "nothing is filtered without a fragment")
        let total = ReportFixture.issues().count
        #expect(dom.contains("\(total) of \(total) shown"), "the script ran")
    }

    @Test func aFragmentFiltersTheLoadedPage() throws {
        let page = try Self.writePage()
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }

        let errorsOnly = try Chromium.dumpDOM(of: page, fragment: "severity=error")
        let markers = Self.markerTags(in: errorsOnly)
        let visible = markers.filter { !Self.isHidden($0) }
        #expect(markers.count == ReportFixture.markersPerLevel.values.reduce(0, +))
        #expect(visible.count == ReportFixture.errorMarkers)
        #expect(visible.allSatisfy { $0.contains("data-severity=\"error\"") })
        let total = ReportFixture.issues().count
        #expect(errorsOnly.contains("3 of \(total) shown"))

        let oneLevel = try Chromium.dumpDOM(of: page, fragment: "severity=error,warning&level=A%400")
        let plans = oneLevel.matches(of: #/<section class="floor-plan[^"]*" data-level="([^"]*)"[^>]*>/#)
        let shown = plans.filter { !Self.isHidden(String($0.output.0)) }.map { String($0.output.1) }
        #expect(shown == ["A@0"])
        #expect(oneLevel.contains("2 of \(total) shown"), "the A@0 error and warning rows")
    }

    @Test func aScreenshotOfTheFixtureIsWritten() throws {
        let page = try Self.writePage()
        defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
        let data = try Chromium.screenshotArtifact(of: page, named: "report-fixture.png")
        // The page beside its picture, to open by hand when the picture looks wrong.
        try Data(contentsOf: page).write(to: Chromium.artifacts.appendingPathComponent("report-fixture.html"))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
        #expect(data.count > 20_000, "a rendered page, not a blank one: \(data.count) bytes")
    }
}
