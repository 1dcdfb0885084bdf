import Geometry
import Testing
import VenueModel

/// The engine tells a caller's empty request apart from a polygon whose data is broken.
@Suite struct GeometryErrorTests {
    let projection = LocalProjection(origin: Coordinate(latitude: 48.15, longitude: 11.58))

    @Test func anAreaOfNoPolygonsIsTheCallersMistake() {
        #expect(throws: GeometryError.noPolygons) { try GeometryEngine().area([], projection: projection) }
    }

    @Test func aRingThatIsNotClosedIsTheDatas() {
        let a = Coordinate(latitude: 48.15, longitude: 11.58)
        let b = Coordinate(latitude: 48.15, longitude: 11.581)
        let c = Coordinate(latitude: 48.151, longitude: 11.581)
        #expect(throws: GeometryError.invalidRing(.notClosed)) {
            try GeometryEngine().area([Polygon(exterior: [a, b, c, b])], projection: projection)
        }
        #expect(throws: GeometryError.invalidRing(.tooFewPositions(3))) {
            try GeometryEngine().area([Polygon(exterior: [a, b, a])], projection: projection)
        }
    }

    @Test func messagesAreThoseOfTheProblem() {
        #expect(GeometryError.noPolygons.description == "an area needs at least one polygon")
        #expect(GeometryError.invalidRing(.notClosed).description
            == "the ring is not closed: its last position must repeat the first")
        #expect(GeometryError.noAreaOnceRepaired(problem: "Self-intersection[1 2]").description
            == "Self-intersection[1 2], and it has no area once repaired")
    }
}
