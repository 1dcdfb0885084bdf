import Foundation
@testable import RoutingGraph
import Testing
import VenueModel
import NavFormat

/// Shortest paths inside spaces: around wall corners and columns, within the size bounds.
struct VisibilityTests {
    static let source = VenueModel.SourceLocation(file: "plan.geojson")

    /// One walkable space on one level, with doors at the given points (metres).
    static func venue(_ exterior: [(Double, Double)], holes: [[(Double, Double)]] = [], doors: [(Double, Double)],
                      kind: SpaceKind = .corridor) -> Venue {
        func ring(_ points: [(Double, Double)]) -> [Coordinate] {
            (points + [points[0]]).map { SmallVenue.at($0.0, $0.1) }
        }
        var venue = Venue(id: "plan", name: "Plan")
        venue.levels = [Level(id: "L0", buildingID: "B", ordinal: 0, name: "Ground", source: source)]
        venue.spaces = [Space(id: "space", kind: kind, buildingID: "B", levelIDs: ["L0"],
                              geometry: .polygon(Polygon(exterior: ring(exterior), holes: holes.map(ring))),
                              name: "Space", source: source)]
        venue.openings = doors.enumerated().map { index, door in
            Opening(id: "d\(index)", levelIDs: ["L0"], location: SmallVenue.at(door.0, door.1), isEntrance: false,
                    ref: "D\(index)", source: source)
        }
        return venue
    }

    static let lShape = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (8.0, 10.0), (8.0, 2.0), (0.0, 2.0)]

    func arcs(between a: Int, and b: Int, in graph: NavigationGraph) -> [GraphArc] {
        graph.arcs.filter { $0.tail == a && $0.head == b }
    }

    func planar(_ coordinate: Coordinate) -> PlanarPoint { SmallVenue.projection.project(coordinate) }

    /// The builder measures in a plane centred on the venue, the plan in one centred elsewhere:
    /// lengths agree to well under a millimetre.
    static let millimetre = 1e-3

    @Test func aPathAroundACornerBendsAtTheInsetCorner() throws {
        let (graph, issues) = GraphBuilder(venue: Self.venue(Self.lShape, doors: [(0, 1), (9, 10)]),
                                           parameters: GraphParameters()).build()
        #expect(issues.isEmpty)
        let arc = try #require(arcs(between: 0, and: 1, in: graph).first)
        #expect(arc.via.count == 1)
        let corner = planar(try #require(arc.via.first))
        // 0.3 m from the reflex corner (8, 2), on the walkable side.
        #expect(abs(corner.distance(to: PlanarPoint(x: 8, y: 2)) - 0.3) < Self.millimetre)
        #expect(corner.x > 8 && corner.y < 2)
        let legs = PlanarPoint(x: 0, y: 1).distance(to: corner) + corner.distance(to: PlanarPoint(x: 9, y: 10))
        #expect(abs(arc.length - legs) < Self.millimetre)
        #expect(arc.length > PlanarPoint(x: 0, y: 1).distance(to: PlanarPoint(x: 9, y: 10)))
        // The way back bends at the same corner.
        let back = try #require(arcs(between: 1, and: 0, in: graph).first)
        #expect(back.via == arc.via && back.length == arc.length)
    }

    @Test func doorsThatSeeEachOtherAreLinkedStraight() throws {
        let (graph, _) = GraphBuilder(venue: Self.venue(Self.lShape, doors: [(0, 1), (5, 0), (10, 5)]),
                                      parameters: GraphParameters()).build()
        let arc = try #require(arcs(between: 0, and: 1, in: graph).first)
        #expect(arc.via.isEmpty)
        #expect(abs(arc.length - PlanarPoint(x: 0, y: 1).distance(to: PlanarPoint(x: 5, y: 0))) < Self.millimetre)
    }

    @Test func aColumnIsWalkedAround() throws {
        let hall = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
        let column = [(4.0, 4.0), (6.0, 4.0), (6.0, 6.0), (4.0, 6.0)]
        let (graph, _) = GraphBuilder(venue: Self.venue(hall, holes: [column], doors: [(0, 5), (10, 5)], kind: .area),
                                      parameters: GraphParameters()).build()
        let arc = try #require(arcs(between: 0, and: 1, in: graph).first)
        #expect(arc.via.count == 2)
        for point in arc.via.map(planar) {
            let nearestCorner = column.map { PlanarPoint(x: $0.0, y: $0.1).distance(to: point) }.min() ?? 0
            #expect(abs(nearestCorner - 0.3) < Self.millimetre)
        }
        #expect(arc.length > 10 && arc.length < 10.5)
    }

    @Test func theClearanceIsAParameter() throws {
        var parameters = GraphParameters()
        parameters.clearance = 0.6
        let (graph, _) = GraphBuilder(venue: Self.venue(Self.lShape, doors: [(0, 1), (9, 10)]), parameters: parameters)
            .build()
        let corner = planar(try #require(arcs(between: 0, and: 1, in: graph).first?.via.first))
        #expect(abs(corner.distance(to: PlanarPoint(x: 8, y: 2)) - 0.6) < Self.millimetre)
    }

    @Test func manyDoorsShareTheVisibilityGraphInsteadOfAPathPerPair() throws {
        // Doors along both legs of the L: above the bound, corners become shared junctions.
        let doors = (0..<8).map { (Double($0), 0.0) } + (0..<8).map { (10.0, 2.0 + Double($0)) }
        var parameters = GraphParameters()
        parameters.maximumSpaceAnchors = 4
        let bounded = GraphBuilder(venue: Self.venue(Self.lShape, doors: doors), parameters: parameters).build().graph
        let exact = GraphBuilder(venue: Self.venue(Self.lShape, doors: doors), parameters: GraphParameters()).build().graph
        #expect(bounded.nodes.contains { $0.kind == .junction })
        #expect(bounded.arcs.count < exact.arcs.count)
        // Routes through the shared corners are as short, within twice the 0.5 % pruning allowance (replacements nest).
        let compiledBounded = try SmallVenue.bundle(CompiledGraph(graph: bounded, profiles: [.foot]))
        let compiledExact = try SmallVenue.bundle(CompiledGraph(graph: exact, profiles: [.foot]))
        for (from, to) in [(0, 15), (3, 12), (7, 8), (1, 6)] {
            let a = try #require(try compiledBounded.shortestPath(from: from, to: to, profile: 0))
            let b = try #require(try compiledExact.shortestPath(from: from, to: to, profile: 0))
            #expect(a.length >= b.length - 1e-6 && a.length <= b.length * 1.011, "doors \(from) → \(to): \(a.length) against \(b.length)")
        }
    }

    @Test func aSpaceBeyondTheWorkBoundIsReportedAndStillLinked() throws {
        var parameters = GraphParameters()
        parameters.maximumVisibilityWork = 10
        let (graph, issues) = GraphBuilder(venue: Self.venue(Self.lShape, doors: [(0, 1), (9, 10), (5, 0)]),
                                           parameters: parameters).build()
        #expect(issues.map(\.code) == [.spaceTooComplex])
        #expect(issues.first?.message.contains("corridor Space has 3 doors and points and 6 outline vertices") == true)
        #expect(graph.arcs.count == 4)
    }

    @Test func outlinesAreOrientedAndTestVisibility() throws {
        let polygon = Polygon(exterior: (Self.lShape.reversed() + [Self.lShape.last!]).map { SmallVenue.at($0.0, $0.1) })
        let outline = try #require(SpaceOutline(polygons: [polygon], projection: SmallVenue.projection))
        #expect(outline.contains(PlanarPoint(x: 9, y: 9)))
        #expect(!outline.contains(PlanarPoint(x: 5, y: 5)))
        #expect(outline.isVisible(PlanarPoint(x: 1, y: 1), PlanarPoint(x: 9.5, y: 1)))
        #expect(!outline.isVisible(PlanarPoint(x: 1, y: 1), PlanarPoint(x: 9, y: 9)))
        // Grazing the corner counts as blocked: the segment may leave the space there.
        #expect(!outline.isVisible(PlanarPoint(x: 6, y: 4), PlanarPoint(x: 10 - 1e-9, y: 0)))
        #expect(outline.insetReflexCorners(clearance: 0.3).count == 1)
        let door = try #require(outline.entryPoint(for: PlanarPoint(x: 0, y: 1), depth: 0.05))
        #expect(abs(door.x - 0.05) < 1e-9 && abs(door.y - 1) < 1e-9)
    }
}
