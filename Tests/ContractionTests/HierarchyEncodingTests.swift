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
        expectDamage { try ContractionHierarchy(encoded: bytes, inputArcCount: inputArcs / 2) }
        // Raising one shortcut's weight breaks the sum of its halves.
        let shortcut = try #require(hierarchy.upVia.firstIndex { $0 & ContractionHierarchy.originalArc == 0 })
        var weights = hierarchy.upWeight
        weights[shortcut] += 1
        expectDamage {
            try ContractionHierarchy(encoded: Self.replacing(hierarchy, upWeight: weights).encoded())
        }
    }

    @Test func refusesHalvesThatDoNotJoinTheShortcutsEnds() throws {
        let shortcut = try #require(hierarchy.upVia.firstIndex { $0 & ContractionHierarchy.originalArc == 0 })
        let owner = try #require((0..<hierarchy.nodeCount).first { Int(hierarchy.upFirst[$0 + 1]) > shortcut })
        let middle = Int(hierarchy.upVia[shortcut])
        let at = hierarchy.slot(up: shortcut, at: owner)
        // Another arc out of the same middle node: a valid slot, but to the wrong head.
        let second = Int(hierarchy.halves[2 * at + 1])
        let other = try #require((Int(hierarchy.upFirst[middle])..<Int(hierarchy.upFirst[middle + 1]))
            .map { hierarchy.slot(up: $0, at: middle) }.first { $0 != second })
        var halves = hierarchy.halves
        halves[2 * at + 1] = UInt32(other)
        expectDamage { try Self.replacing(hierarchy, halves: halves).validate() }
        // The first half pointing at the second's slot: in the middle node's block, wrong graph.
        halves = hierarchy.halves
        halves[2 * at] = halves[2 * at + 1]
        expectDamage { try Self.replacing(hierarchy, halves: halves).validate() }
        // An input arc that claims halves.
        let input = try #require(hierarchy.upVia.firstIndex { $0 & ContractionHierarchy.originalArc != 0 })
        let inputOwner = try #require((0..<hierarchy.nodeCount).first { Int(hierarchy.upFirst[$0 + 1]) > input })
        halves = hierarchy.halves
        halves[2 * hierarchy.slot(up: input, at: inputOwner)] = 0
        expectDamage { try Self.replacing(hierarchy, halves: halves).validate() }
        #expect(throws: Never.self) { try hierarchy.validate() }
    }

    static func replacing(_ h: ContractionHierarchy, upWeight: [UInt32]? = nil,
                          halves: [UInt32]? = nil) -> ContractionHierarchy {
        ContractionHierarchy(rank: h.rank, nodeAtRank: h.nodeAtRank, upFirst: h.upFirst, upHead: h.upHead,
                             upWeight: upWeight ?? h.upWeight, upVia: h.upVia, downFirst: h.downFirst,
                             downTail: h.downTail, downWeight: h.downWeight, downVia: h.downVia,
                             halves: halves ?? h.halves)
    }

    @Test func refusesTruncatedOrDamagedBytes() {
        let bytes = hierarchy.encoded()
        expectDamage { try ContractionHierarchy(encoded: Array(bytes.dropLast(4))) }
        expectDamage { try ContractionHierarchy(encoded: Array(bytes.prefix(10))) }
        var wrongMagic = bytes
        wrongMagic[0] ^= 0xFF
        expectDamage { try ContractionHierarchy(encoded: wrongMagic) }
        // Every single-word change to a rank, an offset or an arc end is either caught or leaves
        // a hierarchy that still only climbs: never a crash.
        var random = SplitMix(seed: 8)
        for _ in 0..<300 {
            var damaged = bytes
            let word = 4 + random.below(damaged.count / 4 - 4)
            damaged[word * 4 + random.below(4)] ^= UInt8(1 << random.below(8))
            if let decoded = try? ContractionHierarchy(encoded: damaged) {
                #expect((try? decoded.validate()) != nil)
                // What passes validation must also be safe to query and unpack.
                let query = ContractionQuery(hierarchy: decoded)
                for _ in 0..<5 {
                    _ = query.path(from: random.below(decoded.nodeCount), to: random.below(decoded.nodeCount))
                }
            }
        }
    }
}

/// Expects `body` to fail with ``ContractionError/damagedHierarchy(_:)``, the case every check
/// of the decoder reports.
func expectDamage<R>(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R) {
    let error = #expect(throws: ContractionError.self, sourceLocation: sourceLocation) { try body() }
    guard let error else { return }
    if case .damagedHierarchy = error { return }
    Issue.record("expected damage in the hierarchy, got \(error)", sourceLocation: sourceLocation)
}
