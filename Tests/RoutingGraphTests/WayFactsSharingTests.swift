import Testing
@testable import RoutingGraph
import VenueModel

/// The arcs of one way hold its facts once (``SharedWayFacts``), in the builder and when the
/// artifact is read back, and still behave as values.
@Suite struct WayFactsSharingTests {
    /// A footway of four segments with a surface, and a gate at its third vertex.
    static func venue() -> Venue {
        let source = VenueModel.SourceLocation(file: "lane.geojson")
        var venue = Venue(id: "lane", name: "Lane")
        venue.levels = [.outdoor()]
        var path = Path(id: "lane", kind: .footway, levelID: Level.outdoorID,
                        coordinates: (0...4).map { SmallVenue.at(Double(20 * $0), 0) }, name: "Lane", source: source)
        path.accessibility.surface = "gravel"
        path.accessibility.smoothness = "bad"
        path.barriers = [2: Barrier(kind: "gate")]
        venue.paths = [path]
        return venue
    }

    let graph = GraphBuilder(venue: Self.venue(), parameters: GraphParameters()).build().graph

    /// The arcs that meet no gate, and those that do.
    var plainAndGated: ([GraphArc], [GraphArc]) {
        (graph.arcs.filter { $0.attributes.barriers.isEmpty }, graph.arcs.filter { !$0.attributes.barriers.isEmpty })
    }

    @Test func theArcsOfOneWayShareItsFacts() throws {
        let (plain, gated) = plainAndGated
        #expect(plain.count == 4 && gated.count == 4)
        let first = try #require(plain.first)
        #expect(first.attributes.surface == "gravel" && first.attributes.ground.surface == .loose)
        #expect(first.attributes.ground.smoothness == .bad)
        #expect(plain.allSatisfy { $0.attributes.way === first.attributes.way })
        // A gate is the arc's own: those arcs hold their facts apart, the way's strings included.
        #expect(gated.allSatisfy { $0.attributes.way !== first.attributes.way })
        #expect(gated.allSatisfy { $0.attributes.surface == "gravel" && $0.attributes.barriers.map(\.kind) == ["gate"] })
    }

    @Test func changingOneArcLeavesTheOthersAlone() throws {
        var arcs = plainAndGated.0
        let shared = arcs[1].attributes.way
        arcs[0].attributes.surface = "asphalt"
        #expect(arcs[0].attributes.ground.surface == .smooth)
        #expect(arcs[1].attributes.surface == "gravel" && arcs[1].attributes.ground.surface == .loose)
        #expect(arcs[1].attributes.way === shared)
        // Setting a fact to what it is keeps the facts shared.
        arcs[2].attributes.carPark = nil
        #expect(arcs[2].attributes.way === shared)
    }

    @Test func arcsCompareByTheirFactsHoweverTheyAreHeld() throws {
        let arc = try #require(plainAndGated.0.first)
        var copy = arc
        copy.attributes.surface = "asphalt"
        copy.attributes.surface = "gravel"
        #expect(copy.attributes.way !== arc.attributes.way)
        #expect(copy == arc && copy.hashValue == arc.hashValue)
    }

    @Test func theArtifactReadBackSharesEachWaysFacts() throws {
        let compiled = CompiledGraph(graph: graph, profiles: [.foot, .wheelchair])
        let read = try compiled.readBackFromArtifact()
        #expect(read == compiled)
        let plain = read.graph.arcs.filter { $0.attributes.barriers.isEmpty }
        let first = try #require(plain.first)
        #expect(plain.count == 4 && plain.allSatisfy { $0.attributes.way === first.attributes.way })
    }
}
