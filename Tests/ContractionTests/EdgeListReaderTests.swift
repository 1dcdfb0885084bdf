import Foundation
import Testing
@testable import Contraction

@Suite struct EdgeListReaderTests {
    @Test func readsArcsAndSkipsCoordinates() throws {
        let text = "3 4 1\n0 1 10\n1 0 10\n1 2 5\n2 1 7\n51.0 13.7\n51.1 13.8\n-1e-3 +2.5\n"
        let graph = try EdgeListReader.parse(Data(text.utf8))
        #expect(graph.nodeCount == 3 && graph.arcCount == 4)
        #expect(graph.tails == [0, 1, 1, 2] && graph.heads == [1, 0, 2, 1] && graph.weights == [10, 10, 5, 7])
    }

    @Test(arguments: [
        ("x 1 0\n", 1, "first line"),
        ("2 1 0\n0 5 1\n", 2, "outside 0..<2"),
        ("2 2 0\n0 1 1\n", 3, "expected 2 arcs"),
        ("2 1 0\n0 1\n", 2, "whole numbers"),
        ("2 1 0\n0 1 1 9\n", 2, "whole numbers"),
        ("2 1 0\n0 1 99999999999\n", 2, "32 bits"),
        ("2 1 1\n0 1 1\n51 13\n", 4, "coordinate lines"),
        ("2 1 0\n0 1 1\n0 1 1\n", 3, "after the last line"),
    ])
    func malformedListsNameTheirLine(_ text: String, _ line: Int, _ words: String) {
        #expect {
            _ = try EdgeListReader.parse(Data(text.utf8), file: "g.txt")
        } throws: { error in
            guard let error = error as? ContractionError,
                  case .malformedEdgeList(let file, let errorLine, let message) = error else { return false }
            return file == "g.txt" && errorLine == line && error.description.hasPrefix("g.txt:\(line): ") && message.contains(words)
        }
    }
}
