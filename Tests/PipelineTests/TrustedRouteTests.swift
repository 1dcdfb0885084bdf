import Foundation
import NavFormat
import Testing
@testable import RoutingGraph
import VenueModel

/// One fixture per rule that makes a route trustworthy on data nobody curated
/// (`Fixtures/trusted-routes`, `docs/profiles.md`): surfaces, barriers, car parks, steps without a
/// count, entrances that lead nowhere, doorless shops and halls, and buildings drawn over one
/// another. Each expectation names the rule it fails without.
@Suite struct TrustedRouteTests {
    static let folder = WalkwayFixture.fixtures.appendingPathComponent("trusted-routes")

    static func fixture(_ name: String) throws -> WalkwayFixture {
        try WalkwayFixture(name, folder: folder)
    }

    /// Seconds agree to the millisecond the costs are stored in.
    static func close(_ a: Double?, _ b: Double) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= 0.001
    }

    // MARK: - Islands

    @Test func anEntranceThatLeadsNowhereIsAnIslandNotAMainPiece() throws {
        let fixture = try Self.fixture("entrance-island.osm")
        let island = fixture.issues.filter { $0.code == .entranceIsland }
        #expect(island.map(\.message) == [
            "entrance node/40 and room 'Kiosk' (way/5) form an island of 2 nodes joined to nothing else: no route from the rest of the venue reaches it, and positions near it snap to the rest; map the walkway from the entrance to the street, hall or platform it opens onto",
        ])
        let kiosk = try fixture.space("Kiosk"), bakery = try fixture.space("Bakery"), office = try fixture.space("Office")
        for profile in fixture.compiled.profiles {
            let pieces = GraphPieces(graph: fixture.graph, costs: profile.costs)
            #expect(!pieces.isMain(kiosk), "\(profile.name): an entrance and one shop are no main piece")
            #expect(pieces.isMain(bakery) && pieces.isMain(office), "\(profile.name)")
        }
        let figures = try #require(Reachability(venue: fixture.venue, compiled: fixture.compiled).figures.first)
        #expect(figures.reachableRooms == 2 && figures.roomsOnlyOnIslands == 1)
        #expect(figures.roomPhrase == "2/3 rooms (66.7 %; 1 only on an island)")
    }
}
