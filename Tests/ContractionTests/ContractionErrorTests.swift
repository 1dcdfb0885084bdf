import Foundation
import Testing
import Contraction

/// The contraction module's one error type tells the caller's mistakes from damaged data by case.
@Suite struct ContractionErrorTests {
    let hierarchy = ContractionBuilder().build(WeightedGraph(nodeCount: 3, tails: [0, 1, 1, 2], heads: [1, 0, 2, 1],
                                                             weights: [10, 10, 5, 7]))

    @Test func aNegativeInputGraphSizeIsTheCallersMistake() {
        #expect(throws: ContractionError.negativeInputArcCount(-1)) {
            try ContractionHierarchy(encoded: hierarchy.encoded(), inputArcCount: -1)
        }
        #expect(throws: ContractionError.negativeInputArcCount(-4)) { try hierarchy.validate(inputArcCount: -4) }
        // Told before the bytes are read: damaged bytes with a bad size still name the size.
        #expect(throws: ContractionError.negativeInputArcCount(-1)) {
            try ContractionHierarchy(encoded: [1, 2, 3], inputArcCount: -1)
        }
    }

    @Test func anEdgeListThatIsNotThereIsTheCallersMistake() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navforge-missing-\(UUID().uuidString).txt")
        let error = #expect(throws: ContractionError.self) { try EdgeListReader.read(contentsOf: url) }
        guard case .unreadableEdgeList(let file, _)? = error else {
            Issue.record("expected an unreadable edge list, got \(String(describing: error))")
            return
        }
        #expect(file == url.path)
        #expect(error?.description.hasPrefix("\(url.path): cannot read: ") == true)
    }

    @Test func damagedBytesAreTheDatas() {
        #expect(throws: ContractionError.damagedHierarchy("length 10 is not a hierarchy")) {
            try ContractionHierarchy(encoded: Array(hierarchy.encoded().prefix(10)))
        }
        #expect(ContractionError.damagedHierarchy("length 10 is not a hierarchy").description
            == "contraction hierarchy: length 10 is not a hierarchy")
    }

    @Test func aMalformedEdgeListIsTheDatas() {
        #expect(throws: ContractionError.malformedEdgeList(file: "g.txt", line: 2, message: "arc 0 -> 5 names a node outside 0..<2")) {
            try EdgeListReader.parse(Data("2 1 0\n0 5 1\n".utf8), file: "g.txt")
        }
    }
}
