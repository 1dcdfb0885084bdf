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
