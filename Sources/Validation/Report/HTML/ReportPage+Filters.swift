import VenueModel

extension ReportPage {
    /// The sticky bar with a checkbox per severity and the level selector.
    ///
    /// The controls only carry values; the script (``ReportAssets/script``) reads them and the URL fragment.
    func toolbar() -> [String] {
        let counts = IssueCounts(report.issues)
        var lines = [
            "<nav class=\"toolbar\" aria-label=\"Filters\">",
            "<span class=\"toolbar-label\">Show</span>",
        ]
        for (severity, plural) in Self.severities {
            let count = Self.count(of: severity, in: counts)
            lines.append("<label class=\"toggle\"><input type=\"checkbox\" class=\"severity-filter\" value=\"\(severity.rawValue)\" checked>"
                         + "<span class=\"dot severity-\(severity.rawValue)\"></span>\(plural) <span class=\"count\">\(count)</span></label>")
        }
        lines.append("<label class=\"level-label\">Level <select id=\"level-filter\">")
        lines.append("<option value=\"\">All levels</option>")
        for level in filterLevels {
            let title = level.title == level.id ? level.id : "\(level.title) (\(level.id))"
            lines.append("<option value=\"\(level.id.htmlEscaped)\">\(title.htmlEscaped)</option>")
        }
        lines += ["</select></label>", "</nav>"]
        return lines
    }
}
