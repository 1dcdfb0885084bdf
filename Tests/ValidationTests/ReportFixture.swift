import Validation
import VenueModel

/// A small two-building venue for the report page tests: three levels, a room with a hole, doors,
/// connectors, edges with mixed profiles and findings placed every way the page must handle.
enum ReportFixture {
    typealias Finding = VenueModel.Issue
    typealias Location = VenueModel.SourceLocation

    static let projection = LocalProjection(origin: Coordinate(latitude: 51.03, longitude: 13.72))
    static let profiles = ["foot", "wheelchair", "step-free", "night"]
    /// The plans in the order the page must show them.
    static let levelIDs = ["A@0", "A@1", "B@0"]
    /// Markers each plan must carry.
    static let markersPerLevel = ["A@0": 3, "A@1": 1, "B@0": 3]
    static let errorMarkers = 2
    static let hostileMessage = "label <script>alert(\"x\")</script> & \"quoted\" 'single'"

    static func at(_ x: Double, _ y: Double) -> Coordinate {
        projection.unproject(PlanarPoint(x: x, y: y))
    }

    static func ring(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Coordinate] {
        [at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1), at(x0, y0)]
    }

    static func outline(_ kind: SpaceKind, _ label: String, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                        holes: [[Coordinate]] = []) -> FloorPlans.Outline {
        FloorPlans.Outline(kind: kind, label: label, polygons: [Polygon(exterior: ring(x0, y0, x1, y1), holes: holes)])
    }

    static func edge(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ profiles: [Int]) -> FloorPlans.Edge {
        FloorPlans.Edge(from: at(x0, y0), to: at(x1, y1), profiles: profiles)
    }

    static let all = [0, 1, 2, 3]

    static func plans() -> FloorPlans {
        var ground = FloorPlans.Plan(levelID: "A@0", title: "Building A · level 0 (EG)", buildingID: "A", ordinal: 0)
        ground.outlines = [
            outline(.corridor, "A.0 corridor", 0, 0, 40, 4),
            outline(.room, "A.0.1", 0, 4, 15, 20),
            // A hall around a light well: the hole must stay unfilled.
            outline(.area, "A.0 hall", 15, 4, 34, 20, holes: [ring(21, 9, 28, 15)]),
            outline(.stairs, "A.0 stairwell", 34, 4, 40, 20),
            outline(.obstacle, "column", 17, 6, 18, 7),
        ]
        ground.doors = [
            FloorPlans.Door(location: at(7, 4), isEntrance: false, label: "A.0.1 door \"north\""),
            FloorPlans.Door(location: at(20, 0), isEntrance: true, label: "Main entrance"),
        ]
        ground.connectors = [FloorPlans.ConnectorMark(location: at(37, 15), kind: .stairs, label: "Stairs A")]
        ground.edges = [
            edge(7, 2, 20, 2, all), edge(20, 2, 37, 2, all), edge(7, 2, 7, 10, [0, 3]),
            edge(37, 2, 37, 15, [0, 3]), edge(20, 2, 20, 12, [0, 1, 3]), edge(20, 12, 30, 18, []),
        ]

        var first = FloorPlans.Plan(levelID: "A@1", title: "Building A · level 1 (OG)", buildingID: "A", ordinal: 1)
        first.outlines = [
            outline(.corridor, "A.1 corridor", 0, 0, 40, 4),
            outline(.room, "A.1.1", 0, 4, 20, 20),
            outline(.room, "A.1.2", 20, 4, 34, 20),
            outline(.stairs, "A.1 stairwell", 34, 4, 40, 20),
            outline(.elevator, "Lift A", 30, 0, 34, 4),
        ]
        first.doors = [FloorPlans.Door(location: at(10, 4), isEntrance: false, label: "A.1.1 door")]
        first.connectors = [
            FloorPlans.ConnectorMark(location: at(37, 15), kind: .stairs, label: "Stairs A"),
            FloorPlans.ConnectorMark(location: at(32, 2), kind: .elevator, label: "Lift A"),
        ]
        first.edges = [edge(10, 2, 32, 2, all), edge(32, 2, 37, 2, all), edge(37, 2, 37, 15, [0, 3]),
                       edge(10, 2, 10, 12, [0, 1, 2])]

        var hall = FloorPlans.Plan(levelID: "B@0", title: "Building B · level 0 <Hall & Annex>", buildingID: "B",
                                   ordinal: 0)
        hall.outlines = [
            outline(.outdoor, "Forecourt", 50, -10, 95, 0),
            outline(.area, "B hall", 60, 0, 90, 25),
            outline(.room, "B.0.1", 60, 15, 72, 25),
        ]
        hall.doors = [FloorPlans.Door(location: at(75, 0), isEntrance: true, label: "B entrance"),
                      FloorPlans.Door(location: at(66, 15), isEntrance: false, label: "B.0.1 door")]
        hall.connectors = [FloorPlans.ConnectorMark(location: at(85, 20), kind: .ramp, label: "Ramp")]
        hall.edges = [edge(75, -5, 75, 10, all), edge(75, 10, 66, 10, all), edge(66, 10, 66, 20, [0, 1, 3])]
        return FloorPlans(profiles: profiles, plans: [ground, first, hall])
    }

    static func issues() -> [Finding] {
        [
            Finding(code: .doorNotOnOutline, severity: .error, message: "door 'stray' lies 6 m from every outline",
                    location: Location(file: "plan.geojson", line: 12, column: 5, feature: "stray"),
                    levelID: "A@0", coordinate: at(7, 30)),
            Finding(code: .roomWithoutDoor, severity: .warning, message: "room 'A.0.1' has no door",
                    location: Location(file: "plan.geojson", line: 3), levelID: "A@0", coordinate: at(8, 12)),
            Finding(code: .invalidGeometry, severity: .info, message: "hall outline was repaired",
                    location: Location(file: "plan.geojson", line: 5), levelID: "A@0", coordinate: at(24, 17)),
            Finding(code: .connectorOutsideSpace, severity: .error, message: "stairs 'Stairs A' stands in no walkable space",
                    location: Location(file: "plan.geojson", line: 20), levelID: "A@1", coordinate: at(37, 15)),
            Finding(code: .roomWithoutDoor, severity: .warning, message: hostileMessage,
                    location: Location(file: "b <hall>.geojson", line: 2, feature: "x\"y"), levelID: "B@0",
                    coordinate: at(66, 20)),
            Finding(code: .duplicateRef, severity: .info, message: "ref 'B.0.1' is used twice",
                    location: Location(file: "pois.csv", line: 4), levelID: "B@0", coordinate: at(62, 17)),
            // Kilometres off: pinned to the plan's edge rather than shrinking building B to a speck.
            Finding(code: .surveyPointOutsideSpace, severity: .info, message: "a scan lies 7 km from the venue",
                    location: Location(file: "survey.csv", line: 9), levelID: "B@0", coordinate: at(5_000, 5_000)),
            // Placed but on no level: only the tables can show it.
            Finding(code: .connectorSingleLevel, severity: .warning, message: "lift 'L' serves only one level",
                    location: Location(file: "plan.geojson", line: 30), coordinate: at(30, 30)),
            // On a level that has no plan.
            Finding(code: .connectorSingleLevel, severity: .warning, message: "lift 'M' serves only C@9",
                    location: Location(file: "plan.geojson", line: 31), levelID: "C@9", coordinate: at(5, 5)),
            // Neither level nor position.
            Finding(code: .eventUnknownPlace, severity: .error, message: "event 'Talk' names unknown place 'H.9.9'",
                    location: Location(file: "events.csv", line: 2)),
        ]
    }

    static let hints: [FindingCode: String] = [
        .doorNotOnOutline: "Move the door onto the wall it opens, or snap it within the door tolerance.",
        .roomWithoutDoor: "Add a door on the room's outline.",
        .eventUnknownPlace: "Check the event's place reference against the room refs.",
    ]

    static func report() -> ValidationReport {
        ValidationReport(venue: "campus <test>", generator: "navforge test", issues: issues())
    }

    static func page() -> ReportPage {
        ReportPage(report: report(), plans: plans(), hints: hints)
    }
}
