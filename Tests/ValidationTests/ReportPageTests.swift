import Foundation
import TemporaryFolders
import Testing
@testable import Validation
import VenueModel

/// The HTML report as markup: structure, markers, escaping, self-containment and determinism.
@Suite struct ReportPageTests {
    let html: String

    init() throws {
        html = try ReportFixture.page().html()
    }

    /// Each `floor-plan` section's level id and markup, in page order.
    static func floorPlans(in html: String) -> [(level: String, markup: String)] {
        html.components(separatedBy: "<section class=\"floor-plan").dropFirst().map { chunk in
            let markup = chunk.components(separatedBy: "</section>").first ?? ""
            let level = markup.firstMatch(of: #/data-level="([^"]*)"/#).map { String($0.output.1) } ?? ""
            return (level, markup)
        }
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func oneFloorPlanPerPlanInPlanOrder() {
        #expect(Self.floorPlans(in: html).map(\.level) == ReportFixture.levelIDs)
        #expect(html.contains("<h3>Building A · level 0 (EG)</h3>"))
    }

    @Test func everyPlacedFindingOnAPlannedLevelGetsExactlyOneMarker() {
        for (level, markup) in Self.floorPlans(in: html) {
            #expect(Self.count("class=\"issue-marker\"", in: markup) == ReportFixture.markersPerLevel[level], "\(level)")
        }
        // No level, no position or a level without a plan: tables only.
        #expect(Self.count("class=\"issue-marker\"", in: html) == ReportFixture.markersPerLevel.values.reduce(0, +))
        #expect(Self.count("<tr class=\"finding\"", in: html) == ReportFixture.issues().count)
    }

    @Test func markersCarrySeverityCodeAndATooltipWithTheHint() throws {
        let plan = try #require(Self.floorPlans(in: html).first { $0.level == "A@0" })
        let markers = plan.markup.matches(of: #/<g class="issue-marker" data-severity="(\w+)" data-code="([^"]+)"><title>([^<]*)</title>/#)
        // Errors are drawn last so they stay on top.
        #expect(markers.map { String($0.output.1) } == ["info", "warning", "error"])
        let door = try #require(markers.first { $0.output.2 == "door-not-on-outline" })
        #expect(door.output.3 == "error door-not-on-outline: door &#39;stray&#39; lies 6 m from every outline\n"
                + "Hint: Move the door onto the wall it opens, or snap it within the door tolerance.")
    }

    @Test func userTextIsEscapedInContentAndAttributes() {
        #expect(!html.contains("<script>alert"))
        #expect(Self.count("<script", in: html) == 1, "only the page's own filter script")
        #expect(html.contains("label &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quoted&quot; &#39;single&#39;"))
        #expect(html.contains("Building B · level 0 &lt;Hall &amp; Annex&gt;"))
        #expect(html.contains("aria-label=\"Floor plan: Building B · level 0 &lt;Hall &amp; Annex&gt;\""))
        #expect(html.contains("b &lt;hall&gt;.geojson:2 (feature x&quot;y)"))
        #expect(html.contains("<title>door: A.0.1 door &quot;north&quot;</title>"))
        #expect(html.contains("<title>Validation report: campus &lt;test&gt;</title>"))
        #expect(HTMLEscaping.escape("a<b>&\"c'\u{0}") == "a&lt;b&gt;&amp;&quot;c&#39;\u{FFFD}")
    }

    @Test func thePageReferencesNothingOutsideItself() {
        for reference in ["http://", "https://", "src=", "href=\"http", "url(", "@import", "<link", "<img", "<iframe"] {
            #expect(!html.contains(reference), "\(reference)")
        }
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"))
    }

    @Test func equalInputsGiveIdenticalPages() throws {
        #expect(try ReportFixture.page().html() == html)
        // Issue order and dictionary order must not leak into the page.
        var hints: [FindingCode: String] = [:]
        for (code, hint) in ReportFixture.hints.sorted(by: { $0.key > $1.key }) { hints[code] = hint }
        let shuffled = ValidationReport(venue: "campus <test>", generator: "navforge test",
                                        issues: ReportFixture.issues().reversed())
        #expect(try ReportPage(report: shuffled, plans: ReportFixture.plans(), hints: hints).html() == html)
    }

    @Test func edgesCarryTheirProfilesAndAreColouredByTheFirstMissingOne() {
        let paths = html.matches(of: #/<path class="edge edge-(\w+)" data-profiles="([^"]*)" stroke="(#\w+)" data-edges="(\d+)" d="([^"]*)">/#)
        let edges = paths.map { (style: String($0.output.1), profiles: String($0.output.2), colour: String($0.output.3)) }
        // One path per set of profiles on each plan, with a relative line per edge.
        for plan in html.components(separatedBy: "<section class=\"floor-plan").dropFirst() {
            let sets = plan.matches(of: #/<path class="edge edge-\w+" data-profiles="([^"]*)"/#).map { String($0.output.1) }
            #expect(Set(sets).count == sets.count, "\(sets)")
        }
        let counts: [Int] = paths.map { Int($0.output.4) ?? -1 }
        let lines: [Int] = paths.map { $0.output.5.filter { $0 == "l" }.count }
        let fixtureEdges: Int = ReportFixture.plans().plans.map(\.edges.count).reduce(0, +)
        #expect(counts.reduce(0, +) == fixtureEdges)
        #expect(counts == lines)
        #expect(edges.contains { $0 == ("all", "foot wheelchair step-free night", EdgePalette.allColour) })
        #expect(edges.contains { $0 == ("restricted", "foot night", "#e8772e") }, "not wheelchair: orange")
        #expect(edges.contains { $0 == ("restricted", "foot wheelchair night", "#8e5bbf") }, "not step-free: purple")
        #expect(edges.contains { $0 == ("restricted", "foot wheelchair step-free", "#2f3437") }, "not night: dark")
        #expect(edges.contains { $0 == ("none", "", EdgePalette.noneColour) })
        for label in ["all profiles", "not wheelchair", "not step-free", "not night", "no profile"] {
            #expect(html.contains(label), "legend: \(label)")
        }
    }

    /// Edges become strokes: a move where a stroke starts, a relative line per edge, points
    /// rounded to the frame's step, so a city's plan stays a few megabytes.
    @Test func edgesJoinIntoStrokesRoundedToTheFramesStep() {
        let segments = [(PlanPoint(x: 0, y: 0), PlanPoint(x: 1, y: 0)), (PlanPoint(x: 1, y: 0), PlanPoint(x: 1, y: 2.004)),
                        (PlanPoint(x: 5, y: 5), PlanPoint(x: 6.25, y: 5))]
        #expect(EdgeStrokes.pathData(segments, step: 0.01) == "M0 0l1 0l0 2M5 5l1.25 0")
        #expect(EdgeStrokes.pathData(segments, step: 1) == "M0 0l1 0l0 2M5 5l1 0")
        // A floor (unit 1 m) keeps centimetres; a city of 90 km (unit 900 m) draws to the metre.
        #expect(EdgeStrokes.step(for: 1) == 0.01 && EdgeStrokes.step(for: 100) == 1 && EdgeStrokes.step(for: 900) == 1)
        #expect(EdgeStrokes.step(for: 1000) == 10)
    }

    @Test func summaryTablesCountBySeverityAndByCode() throws {
        let codeTable = try #require(html.components(separatedBy: "<table class=\"code-counts\">").last?
            .components(separatedBy: "</table>").first)
        let rows = codeTable.matches(of: #/<tr data-severity="(\w+)"><td><code>([^<]*)</code>.*?<td class="number">(\d+)</td>/#)
            .map { "\($0.output.1) \($0.output.2) \($0.output.3)" }
        #expect(rows == [
            "error connector-outside-space 1", "error door-not-on-outline 1", "error event-unknown-place 1",
            "warning connector-single-level 2", "warning room-without-door 2",
            "info duplicate-ref 1", "info invalid-geometry 1", "info survey-point-outside-space 1",
        ])
        #expect(codeTable.contains("Add a door on the room&#39;s outline."))
        let severities = html.matches(of: #/<td class="severity-(\w+)">(\d+)</td>/#).map { "\($0.output.1) \($0.output.2)" }
        #expect(severities == ["error 3", "warning 4", "info 3"])
        #expect(html.contains("<tr class=\"finding\" data-severity=\"error\" data-level=\"\">"))
        #expect(html.contains("events.csv:2</td>"))
        #expect(html.contains("plan.geojson:12:5 (feature stray)"))
    }

    @Test func levelsOfABuildingShareOneFrameWithNorthUp() throws {
        let plans = Self.floorPlans(in: html)
        let boxes = plans.map { $0.markup.firstMatch(of: #/viewBox="([^"]+)"/#).map { String($0.output.1) } ?? "" }
        #expect(boxes[0] == boxes[1], "A@0 and A@1 overlay")
        #expect(boxes[0] != boxes[2])
        let ground = plans[0].markup
        func markerY(_ code: String) throws -> Double? {
            try ground.firstMatch(of: Regex("(?s)data-code=\"\(code)\">.*?<circle class=\"marker-ring\" cx=\"[^\"]+\" cy=\"([^\"]+)\""))
                .flatMap { Double(String($0.output[1].substring ?? "")) }
        }
        let north = try #require(try markerY("door-not-on-outline"))
        let south = try #require(try markerY("room-without-door"))
        #expect(north < south, "the finding 18 m further north is drawn higher")
    }

    @Test func aFarOffFindingIsPinnedToThePlanEdgeInsteadOfShrinkingIt() throws {
        let hall = try #require(Self.floorPlans(in: html).last)
        let box = try #require(hall.markup.firstMatch(of: #/viewBox="[^ ]+ [^ ]+ ([^ ]+) ([^"]+)"/#))
        let width = try #require(Double(String(box.output.1))), height = try #require(Double(String(box.output.2)))
        #expect(width < 100 && height < 100, "building B is 45 m across, not 5 km")
        #expect(hall.markup.contains("data-code=\"survey-point-outside-space\" data-pinned=\"edge\"><title>info survey-point-outside-space: "
                                     + "a scan lies 7 km from the venue\n(drawn at the edge of the plan"))
        #expect(Self.count("data-pinned=\"edge\"><title>", in: html) == 1, "only the far-off finding")
        #expect(html.contains("10 findings, 7 marked on 3 floor plans"))
    }

    @Test func holesAreCutOutWithTheEvenOddRule() throws {
        let hall = try #require(html.firstMatch(of: #/<path class="space space-area" fill-rule="evenodd" d="([^"]+)"><title>A.0 hall/#))
        #expect(Self.count("M", in: String(hall.output.1)) == 2, "outline and hole")
    }

    @Test func numbersAreFormattedWithoutALocale() {
        #expect(SVGNumber.format(12.5) == "12.5")
        #expect(SVGNumber.format(-3.004) == "-3")
        #expect(SVGNumber.format(0.07) == "0.07")
        #expect(SVGNumber.format(-0.001) == "0")
        #expect(SVGNumber.format(.nan) == "0")
        #expect(ReportPage.scaleBarLength(for: 40) == 10)
        #expect(ReportPage.scaleBarLength(for: 300) == 100)
    }

    @Test func theStyleSheetAndScriptComeFromTheModulesResources() throws {
        let assets = try ReportAssets.installed.get()
        #expect(assets.styleSheet.hasPrefix(":root {") && !assets.styleSheet.hasSuffix("\n"))
        #expect(assets.script.hasPrefix("(function () {") && assets.script.hasSuffix("})();"))
        #expect(html.contains("<style>\n\(assets.styleSheet)\n</style>"))
        #expect(html.contains("<script>\n\(assets.script)\n</script>"))
    }

    @Test func aMissingResourceIsNamedInTheError() throws {
        let empty = try TemporaryFolder("navforge-assets")
        let bundle = try #require(Bundle(url: empty.url))
        let error = try #require(throws: ReportAssetError.self) { try ReportAssets.read(in: bundle) }
        #expect(error.path.hasSuffix("\(empty.url.lastPathComponent)/report.css"), "\(error.path)")
        #expect(error.description.contains("report.css is missing"))
        #expect(error.description.contains(ReportAssets.folderName))
    }

    @Test func anEmptyReportStillRendersAPage() throws {
        let page = try ReportPage(report: ValidationReport(venue: "v", generator: "g", issues: []),
                              plans: FloorPlans(profiles: [], plans: [])).html()
        #expect(page.contains("No findings"))
        #expect(!page.contains("class=\"floor-plan"))
    }
}
