import VenueModel

extension ReportPage {
    /// Outlines, open ground first and obstacles last; holes cut out by the even-odd rule.
    func spaces(_ plan: FloorPlans.Plan, layout: PlanLayout) -> [String] {
        plan.outlines.stablySorted(by: { Self.drawRank($0.kind) < Self.drawRank($1.kind) }).compactMap { outline in
            let path = outline.polygons.map { pathData($0, layout: layout) }.joined()
            guard !path.isEmpty else { return nil }
            return "<path class=\"space space-\(outline.kind.rawValue)\" fill-rule=\"evenodd\" d=\"\(path)\">"
                + "<title>\("\(outline.label) (\(outline.kind.rawValue))".htmlEscaped)</title></path>"
        }
    }

    /// Doors as small circles, entrances larger and filled.
    func doors(_ plan: FloorPlans.Plan, frame: PlanFrame, layout: PlanLayout) -> [String] {
        plan.doors.filter(\.location.isValid).map { door in
            let kind = door.isEntrance ? "entrance" : "door"
            let radius = (door.isEntrance ? MarkSize.entrance : MarkSize.door) * frame.unit
            return "<circle class=\"door\(door.isEntrance ? " entrance" : "")\" "
                + "\(circleAttributes(layout.point(door.location), radius))>"
                + "<title>\("\(kind): \(door.label)".htmlEscaped)</title></circle>"
        }
    }

    /// Connector landings as squares coloured by kind.
    func connectors(_ plan: FloorPlans.Plan, frame: PlanFrame, layout: PlanLayout) -> [String] {
        plan.connectors.filter(\.location.isValid).map { connector in
            let centre = layout.point(connector.location)
            let side = MarkSize.connector * frame.unit
            return "<rect class=\"connector connector-\(connector.kind.rawValue)\" "
                + "x=\"\(SVGNumber.format(centre.x - side / 2))\" y=\"\(SVGNumber.format(centre.y - side / 2))\" "
                + "width=\"\(SVGNumber.format(side))\" height=\"\(SVGNumber.format(side))\">"
                + "<title>\("\(connector.kind.rawValue): \(connector.label)".htmlEscaped)</title></rect>"
        }
    }

    /// `cx`, `cy` and `r`.
    func circleAttributes(_ centre: PlanPoint, _ radius: Double) -> String {
        "cx=\"\(SVGNumber.format(centre.x))\" cy=\"\(SVGNumber.format(centre.y))\" r=\"\(SVGNumber.format(radius))\""
    }

    /// An SVG path for a polygon, every ring a subpath; empty when no ring has three valid corners.
    func pathData(_ polygon: Polygon, layout: PlanLayout) -> String {
        var data = ""
        for ring in polygon.rings {
            var corners = ring.filter(\.isValid)
            // `Z` closes the ring, so the repeated first position would only add a zero-length side.
            if corners.count > 1, corners.first == corners.last { corners.removeLast() }
            guard corners.count >= 3 else { continue }
            let points = corners.map { layout.point($0) }.map { "\(SVGNumber.format($0.x)) \(SVGNumber.format($0.y))" }
            data += "M" + points.joined(separator: "L") + "Z"
        }
        return data
    }

    /// Outlines drawn in this order: open ground first, rooms over it, obstacles on top.
    static func drawRank(_ kind: SpaceKind) -> Int {
        switch kind {
        case .outdoor: return 0
        case .area: return 1
        case .corridor: return 2
        case .room: return 3
        case .stairs: return 4
        case .elevator: return 5
        case .obstacle: return 6
        }
    }

    /// Restricted and dead edges drawn over open ones, since they are what a reader looks for.
    static func drawRank(_ access: EdgeAccess) -> Int {
        switch access {
        case .all: return 0
        case .notFor: return 1
        case .none: return 2
        }
    }
}
