import VenueModel

extension ReportPage {
    /// One finding's marker: a ring with a dot, and the finding as its tooltip.
    ///
    /// A position far off the drawing is pinned to its edge, so the marker is still seen and counted.
    func marker(_ issue: Issue, at point: PlanPoint, frame: PlanFrame) -> [String] {
        let inside = frame.content.contains(point)
        let centre = inside ? point : frame.content.clamp(point)
        var tooltip = "\(issue.severity.rawValue) \(issue.code.rawValue): \(issue.message)"
        if let hint = hint(for: issue.code) { tooltip += "\nHint: \(hint)" }
        if !inside { tooltip += "\n(drawn at the edge of the plan: the position lies far outside it)" }
        let radius = MarkSize.marker * frame.unit
        return [
            "<g class=\"issue-marker\" data-severity=\"\(issue.severity.rawValue)\" data-code=\"\(issue.code.rawValue.htmlEscaped)\""
                + (inside ? "" : " data-pinned=\"edge\"") + ">"
                + "<title>\(tooltip.htmlEscaped)</title>",
            "<circle class=\"marker-halo\" \(circleAttributes(centre, radius))/>"
                + "<circle class=\"marker-ring\" \(circleAttributes(centre, radius))/>"
                + "<circle class=\"marker-dot\" \(circleAttributes(centre, radius * 0.3))/></g>",
        ]
    }

    /// A scale bar and a north arrow in the lower left, inside the margin.
    ///
    /// Both sit in the bottom margin so the drawing and markers pinned to its corners stay clear.
    func planDecorations(_ frame: PlanFrame) -> [String] {
        let unit = frame.unit
        let length = Self.scaleBarLength(for: frame.content.width)
        let left = frame.viewBox.minX + 2 * unit
        let baseline = frame.viewBox.maxY - 2 * unit
        let tick = 0.8 * unit
        let font = SVGNumber.format(MarkSize.label * unit)
        let right = left + length
        let bar = "M\(SVGNumber.format(left)) \(SVGNumber.format(baseline - tick))"
            + "V\(SVGNumber.format(baseline))H\(SVGNumber.format(right))V\(SVGNumber.format(baseline - tick))"
        let arrowX = right + 3 * unit
        let arrow = "M\(SVGNumber.format(arrowX)) \(SVGNumber.format(baseline - 2.6 * unit))"
            + "L\(SVGNumber.format(arrowX + unit)) \(SVGNumber.format(baseline))"
            + "L\(SVGNumber.format(arrowX)) \(SVGNumber.format(baseline - 0.7 * unit))"
            + "L\(SVGNumber.format(arrowX - unit)) \(SVGNumber.format(baseline))Z"
        return [
            "<g class=\"decorations\" aria-hidden=\"true\">",
            "<path class=\"scale-bar\" d=\"\(bar)\"/>",
            "<text class=\"plan-label\" x=\"\(SVGNumber.format(left))\" y=\"\(SVGNumber.format(baseline - 1.3 * unit))\" "
                + "font-size=\"\(font)\">\(SVGNumber.format(length)) m</text>",
            "<path class=\"north-arrow\" d=\"\(arrow)\"/>",
            "<text class=\"plan-label\" x=\"\(SVGNumber.format(arrowX + 1.6 * unit))\" y=\"\(SVGNumber.format(baseline))\" "
                + "font-size=\"\(font)\">N</text>",
            "</g>",
        ]
    }

    /// The largest 1, 2 or 5 times a power of ten that fits a third of the width.
    static func scaleBarLength(for width: Double) -> Double {
        let target = max(width / 3, 1)
        var power = 1.0
        while power * 10 <= target { power *= 10 }
        for step in [5.0, 2.0] where step * power <= target { return step * power }
        return power
    }
}
