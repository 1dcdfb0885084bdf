import Testing
@testable import VenueModel

@Suite struct LocalProjectionTests {
    @Test func roundTripsAndMeasuresMetres() {
        let origin = Coordinate(latitude: 48.15, longitude: 11.58)
        let projection = LocalProjection(origin: origin)
        let point = Coordinate(latitude: 48.1509, longitude: 11.5812)
        let back = projection.unproject(projection.project(point))
        #expect(abs(back.latitude - point.latitude) < 1e-12)
        #expect(abs(back.longitude - point.longitude) < 1e-12)
        // 0.0009° of latitude is 100.08 m on the mean-radius sphere.
        let north = Coordinate(latitude: 48.1509, longitude: 11.58)
        #expect(abs(projection.distance(origin, north) - 100.075) < 0.01)
    }

    @Test func containmentRespectsHoles() {
        func c(_ x: Double, _ y: Double) -> Coordinate { Coordinate(latitude: y, longitude: x) }
        let courtyard = Polygon(exterior: [c(0, 0), c(10, 0), c(10, 10), c(0, 10), c(0, 0)],
                                holes: [[c(4, 4), c(6, 4), c(6, 6), c(4, 6), c(4, 4)]])
        #expect(courtyard.contains(c(1, 1)))
        #expect(!courtyard.contains(c(5, 5)), "inside the hole")
        #expect(!courtyard.contains(c(11, 5)))
        #expect(courtyard.averageCorner == c(5, 5))
    }

    @Test func structuralPolygonChecks() {
        let a = Coordinate(latitude: 0, longitude: 0)
        let b = Coordinate(latitude: 0, longitude: 1)
        let c = Coordinate(latitude: 1, longitude: 1)
        #expect(Polygon(exterior: [a, b, c, a]).structuralProblem() == nil)
        #expect(Polygon(exterior: [a, b, a]).structuralProblem() == .tooFewPositions(3))
        #expect(Polygon(exterior: [a, b, c, b]).structuralProblem() == .notClosed)
        let bad = Coordinate(latitude: 91, longitude: 0)
        #expect(Polygon(exterior: [a, b, bad, a]).structuralProblem() == .invalidPosition(bad))
    }
}
