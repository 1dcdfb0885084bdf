import Testing
@testable import Contraction

@Suite struct HierarchyEncodingTests {
    let hierarchy = ContractionBuilder().build(TestGraphs.campus(buildings: 3, floors: 3, rooms: 6, seed: 1))

    @Test func roundTripsByteForByte() throws {
        let bytes = hierarchy.encoded()
        let decoded = try ContractionHierarchy(encoded: bytes)
        #expect(decoded == hierarchy)
        #expect(decoded.encoded() == bytes)
    }

    @Test func refusesInputArcsBeyondTheGraphAndShortcutsThatDoNotAddUp() throws {
        let bytes = hierarchy.encoded()
        let inputArcs = TestGraphs.campus(buildings: 3, floors: 3, rooms: 6, seed: 1).arcCount
        #expect(throws: Never.self) { try ContractionHierarchy(encoded: bytes, inputArcCount: inputArcs) }
        #expect(throws: ContractionDecodingError.self) { try ContractionHierarchy(encoded: bytes, inputArcCount: inputArcs / 2) }
        // Raising one shortcut's weight breaks the sum of its halves.
        var wrongSum = hierarchy
        let shortcut = try #require(wrongSum.upVia.firstIndex { $0 & ContractionHierarchy.originalArc == 0 })
        var weights = wrongSum.upWeight
        weights[shortcut] += 1
        wrongSum = ContractionHierarchy(rank: wrongSum.rank, nodeAtRank: wrongSum.nodeAtRank, upFirst: wrongSum.upFirst,
                                        upHead: wrongSum.upHead, upWeight: weights, upVia: wrongSum.upVia,
                                        downFirst: wrongSum.downFirst, downTail: wrongSum.downTail,
                                        downWeight: wrongSum.downWeight, downVia: wrongSum.downVia)
        #expect(throws: ContractionDecodingError.self) { try ContractionHierarchy(encoded: wrongSum.encoded()) }
    }

    @Test func refusesTruncatedOrDamagedBytes() {
        let bytes = hierarchy.encoded()
        #expect(throws: ContractionDecodingError.self) { try ContractionHierarchy(encoded: Array(bytes.dropLast(4))) }
        #expect(throws: ContractionDecodingError.self) { try ContractionHierarchy(encoded: Array(bytes.prefix(10))) }
        var wrongMagic = bytes
        wrongMagic[0] ^= 0xFF
        #expect(throws: ContractionDecodingError.self) { try ContractionHierarchy(encoded: wrongMagic) }
        // Every single-word change to a rank, an offset or an arc end is either caught or leaves
        // a hierarchy that still only climbs: never a crash.
        var random = SplitMix(seed: 8)
        for _ in 0..<300 {
            var damaged = bytes
            let word = 4 + random.below(damaged.count / 4 - 4)
            damaged[word * 4 + random.below(4)] ^= UInt8(1 << random.below(8))
            if let decoded = try? ContractionHierarchy(encoded: damaged) {
                #expect((try? decoded.validate()) != nil)
            }
        }
    }
}
