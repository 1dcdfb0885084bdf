import Foundation
import NavFormat
import Testing
@testable import NavBundle

/// A caller's bad node id is its own mistake, reported as such, never as damage in the file.
@Suite struct CallerMistakeTests {
    @Test(arguments: [-1, 6, 1_000])
    func routesFromNodesOutsideTheGraphAreTheCallersMistake(node: Int) throws {
        let bundle = try VenueBundle(path: try BundleFixture.write())
        #expect(bundle.nodeCount == 6)
        let expected = BundleError.nodeOutOfRange(node, nodeCount: 6)
        #expect(throws: expected) { try bundle.shortestPath(from: node, to: 0, profile: 0) }
        #expect(throws: expected) { try bundle.shortestPath(from: 0, to: node, profile: 0) }
        #expect(throws: expected) { try bundle.shortestPathByDijkstra(from: node, to: 0, profile: 0) }
        #expect(throws: expected) { try bundle.wayOut(from: node, profile: 0) }
    }

    @Test func theMessageNamesTheNodeAndTheRange() {
        #expect(BundleError.nodeOutOfRange(9, nodeCount: 6).description == "node 9 is not in this bundle's graph (its nodes are 0 to 5)")
    }
}
