import Testing
@testable import Geometry
import VenueModel

@Suite struct PlanarAreaTests {
    let projection = LocalProjection(origin: Coordinate(latitude: 48.15, longitude: 11.58))

    /// A polygon from metre offsets around the projection origin.
    func polygon(_ points: [(Double, Double)]) -> Polygon {
        let ring = (points + [points[0]]).map { projection.unproject(PlanarPoint(x: $0.0, y: $0.1)) }
        return Polygon(exterior: ring)
    }

    @Test func measuresASquareRoom() throws {
        let engine = GeometryEngine()
        let room = try engine.area([polygon([(0, 0), (10, 0), (10, 6), (0, 6)])], projection: projection)
        #expect(abs(room.area - 60) < 1e-6)
        #expect(room.validityProblem == nil)
        let middle = try #require(room.representativePoint)
        #expect(abs(middle.x - 5) < 1e-6 && abs(middle.y - 3) < 1e-6)
        #expect(room.covers(PlanarPoint(x: 1, y: 1)))
        #expect(room.covers(PlanarPoint(x: 0, y: 3)), "a point on the outline is covered")
        #expect(!room.covers(PlanarPoint(x: 11, y: 3)))
        #expect(abs(room.distanceToOutline(PlanarPoint(x: 5, y: 0.2)) - 0.2) < 1e-6)
        #expect(abs(room.distanceToOutline(PlanarPoint(x: 12, y: 3)) - 2) < 1e-6)
    }

    @Test func representativePointOfAnLShapeIsInside() throws {
        let engine = GeometryEngine()
        // A thin L whose centroid falls outside it.
        let shape = try engine.area([polygon([(0, 0), (20, 0), (20, 1), (1, 1), (1, 20), (0, 20)])], projection: projection)
        let point = try #require(shape.representativePoint)
        #expect(shape.covers(point))
    }

    @Test func reportsSelfIntersection() throws {
        let engine = GeometryEngine()
        let bowtie = try engine.area([polygon([(0, 0), (10, 10), (10, 0), (0, 10)])], projection: projection)
        let problem = try #require(bowtie.validityProblem)
        #expect(problem.contains("Self-intersection"))
    }

    @Test func holesAreOutline() throws {
        let engine = GeometryEngine()
        var courtyard = polygon([(0, 0), (30, 0), (30, 30), (0, 30)])
        courtyard.holes = [polygon([(10, 10), (10, 20), (20, 20), (20, 10)]).exterior]
        let area = try engine.area([courtyard], projection: projection)
        #expect(!area.covers(PlanarPoint(x: 15, y: 15)))
        #expect(abs(area.distanceToOutline(PlanarPoint(x: 15, y: 9)) - 1) < 1e-6)
        #expect(abs(area.area - 800) < 1e-6)
    }

    @Test func multiPolygonsCoverEveryPart() throws {
        let engine = GeometryEngine()
        let area = try engine.area([polygon([(0, 0), (1, 0), (1, 1), (0, 1)]), polygon([(5, 5), (6, 5), (6, 6), (5, 6)])],
                                   projection: projection)
        #expect(area.covers(PlanarPoint(x: 0.5, y: 0.5)))
        #expect(area.covers(PlanarPoint(x: 5.5, y: 5.5)))
        #expect(!area.covers(PlanarPoint(x: 3, y: 3)))
    }

    @Test func refusesStructurallyBrokenRings() {
        let engine = GeometryEngine()
        let a = Coordinate(latitude: 48.15, longitude: 11.58)
        let b = Coordinate(latitude: 48.15, longitude: 11.581)
        #expect(throws: GeometryError.self) { try engine.area([Polygon(exterior: [a, b, a])], projection: projection) }
        #expect(throws: GeometryError.self) { try engine.area([], projection: projection) }
    }
}
