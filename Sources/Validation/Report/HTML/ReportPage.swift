public import VenueModel

/// The validation report as one self-contained HTML page: summary tables, findings and floor plans.
///
/// The page loads nothing: styles and the filter script are inline and a content security policy
/// forbids every fetch, so it opens the same from a build folder, a CI artifact or an e-mail.
/// Equal inputs give byte-identical pages, so a changed page in a diff means changed findings.
public struct ReportPage: Sendable {
    /// The findings, listed in the tables and marked on the plans.
    public var report: ValidationReport
    /// The drawings, one plan per level, in the order the page shows them.
    public var plans: FloorPlans
    /// A fix hint per issue code, shown beside the findings of that code.
    public var hints: [FindingCode: String]
    /// What the page is, as its heading and title say before the venue.
    public var title: String

    /// A page for `report`, drawing `plans` and marking the findings that have a position on them.
    public init(report: ValidationReport, plans: FloorPlans, hints: [FindingCode: String] = [:],
                title: String = "Validation report") {
        self.report = report
        self.plans = plans
        self.hints = hints
        self.title = title
    }

    /// The complete HTML document.
    ///
    /// Throws when the page's style sheet or script is not installed beside the executable.
    public func html() throws(ReportAssetError) -> String {
        let assets = try ReportAssets.installed.get()
        let layout = PlanLayout(plans: plans, issues: report.issues)
        let palette = EdgePalette(profiles: plans.profiles)
        var lines = [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            // Self-contained by construction: even a stray reference in the data could fetch nothing.
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>\(title.htmlEscaped): \(report.venue.htmlEscaped)</title>",
            "<style>",
            assets.styleSheet,
            "</style>",
            "</head>",
            "<body>",
        ]
        lines += header()
        lines += toolbar()
        // Tables beside the plans on a laptop-wide window, so a finding and its place are seen together.
        lines.append("<main class=\"report\">")
        lines.append("<div class=\"tables-panel\">")
        lines += summarySection()
        lines += findingsSection()
        lines.append("</div>")
        lines += plansSection(layout: layout, palette: palette)
        lines.append("</main>")
        lines += ["<script>", assets.script, "</script>", "</body>", "</html>", ""]
        return lines.joined(separator: "\n")
    }

    /// The hint for a code, if one is known and says something.
    func hint(for code: FindingCode) -> String? {
        guard let hint = hints[code], !hint.isEmpty else { return nil }
        return hint
    }

    /// Levels a reader can filter by: the plans' in plan order, then levels only findings name, sorted.
    var filterLevels: [(id: String, title: String)] {
        var seen = Set<String>()
        var levels: [(id: String, title: String)] = []
        for plan in plans.plans where seen.insert(plan.levelID).inserted {
            levels.append((plan.levelID, plan.title))
        }
        let others = Set(report.issues.compactMap(\.levelID)).subtracting(seen).sorted()
        levels += others.map { ($0, $0) }
        return levels
    }
}
