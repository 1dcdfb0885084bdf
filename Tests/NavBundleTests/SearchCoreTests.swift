import NavFormat
import Testing

/// The shared search core's contract: what callers of `DijkstraSearch` rely on.
@Suite struct SearchCoreTests {
    /// 0 → 1 → 3 and 0 → 2 → 3 cost the same; 3 → 4 is closed.
    static let diamond = AdjacencyArray(nodeCount: 5, tails: [0, 0, 1, 2, 3], heads: [2, 1, 3, 3, 4],
                                        weights: [5, 5, 5, 5, AdjacencyArray.impassable])

    @Test func nothingIsReachedBeforeTheFirstRun() throws {
        let search = DijkstraSearch(graph: Self.diamond)
        // Required, not expected: were node 0 taken as reached, following its parents would not end.
        try #require((0..<5).allSatisfy { search.distance($0) == .max })
        #expect(search.pathSlots(to: 0) == nil)
    }

    @Test func equalCostsGoThroughTheLowerNumberedNodeWhateverTheArcOrder() throws {
        let search = DijkstraSearch(graph: Self.diamond)
        search.run(from: [0])
        let slots = try #require(search.pathSlots(to: 3))
        // Arcs 1 (0 → 1) and 2 (1 → 3): node 1 is settled before node 2 at the same distance.
        #expect(slots.map { Self.diamond.arc[$0] } == [1, 2])
        #expect(search.distance(3) == 10 && search.distance(4) == .max)
    }

    @Test func theLowestSourceWinsATieAndSourcesOutsideAreIgnored() {
        let search = DijkstraSearch(graph: Self.diamond)
        search.run(from: [2, 1, 99, -1])
        #expect(search.origin(3) == 1)
        #expect(search.origin(0) == nil)
    }

    @Test func totalsAtTheLimitAreNotReached() {
        let search = DijkstraSearch(graph: Self.diamond, limit: 10)
        search.run(from: [0])
        #expect(search.distance(1) == 5 && search.distance(3) == .max)
    }
}
