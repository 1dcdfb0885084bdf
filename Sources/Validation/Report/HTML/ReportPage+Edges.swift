import VenueModel

extension ReportPage {
    /// Graph edges coloured by the profiles that may use them, restricted ones over open ones:
    /// one path per set of profiles, its edges joined into strokes.
    ///
    /// A line element per edge made a city's page 40 MB, 38 of them edges (190,000 lines, each
    /// with its profiles and a tooltip). Edges of one set share their class, colour and tooltip,
    /// so they are one path; an edge that starts where the last one ended continues its stroke
    /// with a relative step; and points are rounded to a hundredth of the frame's unit (a
    /// centimetre on a floor, about a metre on a city), far below a pixel at any zoom the page
    /// allows.
    func edges(_ plan: FloorPlans.Plan, frame: PlanFrame, layout: PlanLayout, palette: EdgePalette) -> [String] {
        var groups: [[Int]: [FloorPlans.Edge]] = [:]
        var order: [[Int]] = []
        for edge in plan.edges where edge.from.isValid && edge.to.isValid {
            let usable = palette.usable(edge.profiles)
            if groups[usable] == nil { order.append(usable) }
            groups[usable, default: []].append(edge)
        }
        let step = EdgeStrokes.step(for: frame.unit)
        return order.stablySorted(by: { Self.drawRank(palette.access($0)) < Self.drawRank(palette.access($1)) }).map { profiles in
            let access = palette.access(profiles)
            let names = palette.names(profiles)
            let points = groups[profiles]!.map { (layout.point($0.from), layout.point($0.to)) }
            return "<path class=\"edge edge-\(palette.classSuffix(access))\" data-profiles=\"\(names.htmlEscaped)\" "
                + "stroke=\"\(palette.colour(access))\" data-edges=\"\(points.count)\" d=\"\(EdgeStrokes.pathData(points, step: step))\">"
                + "<title>\("usable by: \(names.isEmpty ? "no profile" : names)".htmlEscaped)</title></path>"
        }
    }
}

/// The path data of many segments: absolute moves where a stroke starts, relative lines after.
enum EdgeStrokes {
    /// The rounding step for a frame: a hundredth of its unit, as a power of ten, at least 1 cm.
    static func step(for unit: Double) -> Double {
        var step = 0.01
        while step * 10 <= unit / 100 { step *= 10 }
        return step
    }

    /// `segments` as path data, each point rounded to a multiple of `step` (metres), in order;
    /// a segment starting at the rounded point the last one ended at continues its stroke.
    static func pathData(_ segments: [(PlanPoint, PlanPoint)], step: Double) -> String {
        func grid(_ value: Double) -> Int { Int((min(max(value, -1e9), 1e9) / step).rounded()) }
        func text(_ units: Int) -> String { SVGNumber.format(Double(units) * step) }
        var data = ""
        var pen: (x: Int, y: Int)?
        for (from, to) in segments {
            let start = (x: grid(from.x), y: grid(from.y)), end = (x: grid(to.x), y: grid(to.y))
            if pen == nil || pen! != start {
                data += "M\(text(start.x)) \(text(start.y))"
            }
            data += "l\(text(end.x - start.x)) \(text(end.y - start.y))"
            pen = end
        }
        return data
    }
}
