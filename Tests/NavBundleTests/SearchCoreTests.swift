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

    @Test func oneSourceAfterSeveralCountsFromItself() {
        let search = DijkstraSearch(graph: Self.diamond)
        search.run(from: [2, 1])
        #expect(search.origin(3) == 1 && search.origin(2) == 2)
        search.run(from: [0])
        #expect(search.origin(3) == 0 && search.origin(2) == 0)
        search.run(from: [2, 1])
        #expect(search.origin(3) == 1 && search.origin(2) == 2 && search.origin(0) == nil)
    }

    /// A compact search stores 32-bit distances and leaves ties unordered; its distances must
    /// still be the exact ones, and its paths real paths of that length.
    @Test func aCompactSearchFindsTheExactDistances() throws {
        var seed: UInt64 = 0x5EED
        func next() -> UInt64 {
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let nodes = 300
        var tails: [Int] = [], heads: [Int] = [], weights: [UInt32] = []
        for _ in 0..<1_200 {
            tails.append(Int(next() % UInt64(nodes)))
            heads.append(Int(next() % UInt64(nodes)))
            // Small weights, so that many paths tie.
            weights.append(UInt32(next() % 4))
        }
        let graph = AdjacencyArray(nodeCount: nodes, tails: tails, heads: heads, weights: weights)
        let exact = DijkstraSearch(graph: graph)
        let compact = DijkstraSearch(graph: graph, limit: UInt64(UInt32.max), convention: .compact)
        for source in [0, 7, 150] {
            exact.run(from: [source])
            compact.run(from: [source])
            for node in 0..<nodes {
                try #require(exact.distance(node) == compact.distance(node), "node \(node) from \(source)")
                guard let slots = compact.pathSlots(to: node) else { continue }
                #expect(slots.reduce(UInt64(0)) { $0 + UInt64(graph.weights[$1]) } == compact.distance(node))
                #expect(slots.first.map { tails[Int(graph.arc[$0])] } ?? node == source)
            }
        }
    }

    /// Each order's step down must pick the child its own comparison puts first, the earliest
    /// such child on a tie of the whole comparison.
    @Test func eachOrderStepsDownToTheChildItComparesFirst() {
        var entries: [HeapEntry] = []
        for key in [UInt64(3), 1, 1, 2, 1, 0, 0, 5] {
            for node in [UInt32(9), 4, 6] { entries.append(HeapEntry(key: key, node: node)) }
        }
        func scan<Order: HeapOrder>(_: Order.Type, _ children: Range<Int>) -> Int {
            var earliest = children.lowerBound
            for child in children where Order.precedes(entries[child], entries[earliest]) { earliest = child }
            return earliest
        }
        entries.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            for start in 0..<(entries.count - 1) {
                for end in (start + 1)...min(start + 4, entries.count) {
                    #expect(KeyOrder.earliest(in: base, start..<end) == scan(KeyOrder.self, start..<end))
                    #expect(KeyThenNodeOrder.earliest(in: base, start..<end) == scan(KeyThenNodeOrder.self, start..<end))
                }
            }
        }
    }

    @Test func theHeapGivesUpEntriesInItsOrder() {
        let byNode = IndexedHeap<KeyThenNodeOrder>(capacity: 64)
        let byKey = IndexedHeap<KeyOrder>(capacity: 64)
        var expected: [(UInt64, UInt32)] = []
        for node in UInt32(0)..<64 {
            // Keys repeat, and some nodes are lowered after they went in.
            let key = UInt64((node * 37) % 11), lowered = node % 5 == 0 ? key / 2 : key
            byNode.update(node, key: key)
            byNode.update(node, key: lowered)
            byKey.update(node, key: key)
            byKey.update(node, key: lowered)
            expected.append((lowered, node))
        }
        expected.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        var popped: [(UInt64, UInt32)] = []
        while let entry = byNode.pop() { popped.append((entry.key, entry.node)) }
        #expect(popped.map(\.0) == expected.map(\.0) && popped.map(\.1) == expected.map(\.1))
        var keys: [UInt64] = []
        while let entry = byKey.pop() { keys.append(entry.key) }
        #expect(keys == expected.map(\.0))
    }
}
