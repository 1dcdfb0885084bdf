import VenueModel

/// A point on the page, in metres east and south of the venue centre.
struct PlanPoint: Hashable, Sendable {
    var x: Double
    var y: Double
}

/// An axis-aligned box on the page; empty until it includes a point.
struct PlanBounds: Hashable, Sendable {
    private(set) var minX = Double.infinity
    private(set) var minY = Double.infinity
    private(set) var maxX = -Double.infinity
    private(set) var maxY = -Double.infinity

    var isEmpty: Bool { minX > maxX }
    var width: Double { isEmpty ? 0 : maxX - minX }
    var height: Double { isEmpty ? 0 : maxY - minY }
    var centre: PlanPoint { PlanPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    mutating func include(_ point: PlanPoint) {
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
    }

    /// The box grown by `margin` on every side.
    func expanded(by margin: Double) -> PlanBounds {
        guard !isEmpty else { return self }
        var grown = self
        grown.include(PlanPoint(x: minX - margin, y: minY - margin))
        grown.include(PlanPoint(x: maxX + margin, y: maxY + margin))
        return grown
    }

    func contains(_ point: PlanPoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// The nearest point inside the box.
    func clamp(_ point: PlanPoint) -> PlanPoint {
        PlanPoint(x: min(max(point.x, minX), maxX), y: min(max(point.y, minY), maxY))
    }
}

/// The viewBox of one building's plans and the sizes of the marks drawn on it.
///
/// Every level of a building gets the same frame, so the floors overlay when a reader flips
/// between them and a metre is as long on each.
struct PlanFrame: Hashable, Sendable {
    /// What the frame must show: the drawings and the findings near them.
    var content: PlanBounds
    /// `content` plus the margin: the viewBox.
    var viewBox: PlanBounds
    /// One hundredth of the frame's larger side; marks are sized in it so they look the same
    /// size on a campus and on a single floor.
    var unit: Double

    /// The SVG `viewBox` attribute value.
    var viewBoxAttribute: String {
        [viewBox.minX, viewBox.minY, viewBox.width, viewBox.height].map(SVGNumber.format).joined(separator: " ")
    }
}

/// Projects the plans to the page and frames each building.
///
/// An equirectangular projection around the centre of all drawings: over a venue's few hundred
/// metres it is accurate to well under a pixel, and y grows southward because SVG's does.
struct PlanLayout: Sendable {
    /// Frames never show less than this many metres, so a single door still gets context.
    static let minimumExtent = 10.0
    /// A finding further than this share of the frame outside the drawing is clamped to the
    /// drawing's edge rather than shrinking every floor of the building to fit it.
    static let reachShare = 0.5
    static let minimumReach = 50.0

    let projection: LocalProjection
    private let frames: [String?: PlanFrame]

    init(plans: FloorPlans, issues: [Issue]) {
        let drawings = plans.plans.map { Self.coordinates(of: $0).filter(\.isValid) }
        let issuesByLevel = Dictionary(grouping: issues.filter { $0.coordinate?.isValid == true && $0.levelID != nil },
                                       by: { $0.levelID ?? "" })
        let everything = drawings.flatMap { $0 }
        let fallback = plans.plans.flatMap { issuesByLevel[$0.levelID] ?? [] }.compactMap(\.coordinate)
        let origin = BoundingBox(covering: everything.isEmpty ? fallback : everything).map {
            Coordinate(latitude: ($0.minLatitude + $0.maxLatitude) / 2,
                       longitude: ($0.minLongitude + $0.maxLongitude) / 2)
        } ?? Coordinate(latitude: 0, longitude: 0)
        let projection = LocalProjection(origin: origin)
        self.projection = projection
        let point = { Self.project($0, with: projection) }

        var drawingBounds: [String?: PlanBounds] = [:]
        var findingPoints: [String?: [PlanPoint]] = [:]
        for (plan, coordinates) in zip(plans.plans, drawings) {
            var bounds = drawingBounds[plan.buildingID] ?? PlanBounds()
            for coordinate in coordinates { bounds.include(point(coordinate)) }
            drawingBounds[plan.buildingID] = bounds
            let findings = (issuesByLevel[plan.levelID] ?? []).compactMap(\.coordinate).map(point)
            findingPoints[plan.buildingID, default: []] += findings
        }

        var frames: [String?: PlanFrame] = [:]
        for (building, drawing) in drawingBounds {
            var content = drawing
            let reach = max(Self.minimumReach, Self.reachShare * max(drawing.width, drawing.height))
            let near = drawing.expanded(by: reach)
            for finding in findingPoints[building] ?? [] where drawing.isEmpty || near.contains(finding) {
                content.include(finding)
            }
            frames[building] = Self.frame(around: content)
        }
        self.frames = frames
    }

    /// The page position of a coordinate.
    func point(_ coordinate: Coordinate) -> PlanPoint {
        Self.project(coordinate, with: projection)
    }

    private static func project(_ coordinate: Coordinate, with projection: LocalProjection) -> PlanPoint {
        let planar = projection.project(coordinate)
        return PlanPoint(x: planar.x, y: -planar.y)
    }

    /// The frame shared by the plan's building.
    func frame(for plan: FloorPlans.Plan) -> PlanFrame {
        frames[plan.buildingID] ?? Self.frame(around: PlanBounds())
    }

    private static func frame(around drawn: PlanBounds) -> PlanFrame {
        var content = drawn
        if content.isEmpty { content.include(PlanPoint(x: 0, y: 0)) }
        let centre = content.centre
        let half = minimumExtent / 2
        content.include(PlanPoint(x: centre.x - half, y: centre.y - half))
        content.include(PlanPoint(x: centre.x + half, y: centre.y + half))
        let extent = max(content.width, content.height)
        let unit = extent / 100
        // The margin leaves room for a marker ring centred on the outermost wall and for the scale bar.
        return PlanFrame(content: content, viewBox: content.expanded(by: unit * 6), unit: unit)
    }

    private static func coordinates(of plan: FloorPlans.Plan) -> [Coordinate] {
        var coordinates: [Coordinate] = []
        for outline in plan.outlines {
            for polygon in outline.polygons { coordinates += polygon.exterior }
        }
        coordinates += plan.doors.map(\.location)
        coordinates += plan.connectors.map(\.location)
        for edge in plan.edges { coordinates += [edge.from, edge.to] }
        return coordinates
    }
}
