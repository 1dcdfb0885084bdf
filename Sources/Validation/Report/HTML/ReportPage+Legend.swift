import VenueModel

extension ReportPage {
    /// What every colour and mark on the plans means; one legend serves all plans.
    func legend(palette: EdgePalette) -> [String] {
        var lines = ["<aside class=\"legend card\" aria-label=\"Legend\">"]

        let ring = "<circle class=\"marker-halo\" cx=\"9\" cy=\"8\" r=\"6\"/><circle class=\"marker-ring\" cx=\"9\" cy=\"8\" r=\"6\"/>"
            + "<circle class=\"marker-dot\" cx=\"9\" cy=\"8\" r=\"2\"/>"
        var findings = Self.severities.map { entry in
            (swatch("<g class=\"legend-marker\" data-marker-severity=\"\(entry.severity.rawValue)\">\(ring)</g>"), entry.plural)
        }
        findings.append((swatch("<g class=\"legend-marker\" data-pinned=\"edge\">\(ring)</g>"), "far off the plan, pinned to its edge"))
        lines += legendGroup("Findings", findings)

        var edges = palette.legendEntries.map { access in
            let line = "<line class=\"legend-edge legend-edge-\(palette.classSuffix(access))\" x1=\"1\" y1=\"8\" x2=\"17\" y2=\"8\" "
                + "stroke=\"\(palette.colour(access))\"/>"
            return (swatch(line), palette.label(access).htmlEscaped)
        }
        edges.append(("", "<span class=\"note\">an edge closed to some profiles takes the colour of the first of them</span>"))
        lines += legendGroup("Edges", edges)

        lines += legendGroup("Spaces", SpaceKind.allCases.map { kind in
            (swatch("<rect class=\"space space-\(kind.rawValue)\" x=\"2\" y=\"2\" width=\"14\" height=\"12\"/>"), kind.rawValue)
        })

        var marks = [
            (swatch("<circle class=\"door\" cx=\"9\" cy=\"8\" r=\"3.5\"/>"), "door"),
            (swatch("<circle class=\"door entrance\" cx=\"9\" cy=\"8\" r=\"5\"/>"), "entrance"),
        ]
        marks += ConnectorKind.allCases.map { kind in
            (swatch("<rect class=\"connector connector-\(kind.rawValue)\" x=\"4\" y=\"3\" width=\"10\" height=\"10\"/>"), kind.rawValue)
        }
        lines += legendGroup("Marks", marks)
        lines.append("</aside>")
        return lines
    }

    /// A labelled row of legend entries; entry texts are markup, already escaped.
    private func legendGroup(_ title: String, _ entries: [(swatch: String, text: String)]) -> [String] {
        ["<div class=\"legend-group\"><h4>\(title)</h4><ul>"]
            + entries.map { "<li>\($0.swatch)\($0.text)</li>" }
            + ["</ul></div>"]
    }

    /// A small inline SVG showing a mark as the plans draw it.
    private func swatch(_ content: String) -> String {
        "<svg class=\"swatch\" viewBox=\"0 0 18 16\" width=\"18\" height=\"16\" aria-hidden=\"true\">\(content)</svg>"
    }
}
