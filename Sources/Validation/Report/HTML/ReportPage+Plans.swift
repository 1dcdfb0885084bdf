import VenueModel

extension ReportPage {
    /// Sizes of the marks, in frame units (a hundredth of the frame's larger side).
    enum MarkSize {
        static let door = 0.6
        static let entrance = 0.9
        static let connector = 1.6
        static let marker = 2.2
        static let label = 2.4
    }

    /// The legend and one SVG plan per level, in plan order.
    func plansSection(layout: PlanLayout, palette: EdgePalette) -> [String] {
        var lines = ["<section class=\"plans\" aria-label=\"Floor plans\">"]
        lines += legend(palette: palette)
        lines.append("<div class=\"plan-list\">")
        if plans.plans.isEmpty {
            lines.append("<p class=\"card empty\">No floor plans: the venue has no levels to draw.</p>")
        }
        let markable = markableIssues()
        for plan in plans.plans {
            lines += floorPlan(plan, frame: layout.frame(for: plan), layout: layout, palette: palette,
                               issues: markable[plan.levelID] ?? [])
        }
        lines += ["</div>", "</section>"]
        return lines
    }

    /// Findings that get a marker, by level: those with a usable position on a level that has a plan.
    ///
    /// Drawn errors last, so where markers overlap the worst finding stays on top.
    func markableIssues() -> [String: [Issue]] {
        let planned = Set(plans.plans.map(\.levelID))
        let placed = report.issues.filter { issue in
            issue.levelID.map(planned.contains) == true && issue.coordinate?.isValid == true
        }
        return Dictionary(grouping: placed.stablySorted { $0.severity > $1.severity }, by: { $0.levelID ?? "" })
    }

    private func floorPlan(_ plan: FloorPlans.Plan, frame: PlanFrame, layout: PlanLayout, palette: EdgePalette,
                           issues: [Issue]) -> [String] {
        var lines = [
            "<section class=\"floor-plan card\" data-level=\"\(plan.levelID.htmlEscaped)\">",
            "<div class=\"plan-heading\"><h3>\(plan.title.htmlEscaped)</h3>"
                + "<code class=\"level-id\">\(plan.levelID.htmlEscaped)</code>"
                + "<span class=\"plan-count\">\(issues.count) finding\(issues.count == 1 ? "" : "s") marked</span></div>",
            "<svg class=\"plan\" viewBox=\"\(frame.viewBoxAttribute)\" preserveAspectRatio=\"xMidYMid meet\" role=\"img\" "
                + "aria-label=\"Floor plan: \(plan.title.htmlEscaped)\">",
        ]
        // Ground first, then the graph over it, then the marks a reader hovers, findings on top.
        lines += group("spaces", spaces(plan, layout: layout))
        lines += group("edges", edges(plan, frame: frame, layout: layout, palette: palette))
        lines += group("doors", doors(plan, frame: frame, layout: layout))
        lines += group("connectors", connectors(plan, frame: frame, layout: layout))
        lines += planDecorations(frame)
        lines += group("markers", issues.flatMap { issue in
            issue.coordinate.map { marker(issue, at: layout.point($0), frame: frame) } ?? []
        })
        lines += ["</svg>", "</section>"]
        return lines
    }

    private func group(_ name: String, _ content: [String]) -> [String] {
        ["<g class=\"\(name)\">"] + content + ["</g>"]
    }

}
