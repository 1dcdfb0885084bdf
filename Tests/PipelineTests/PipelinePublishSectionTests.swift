import Foundation
import Publishing
import Testing
@testable import Pipeline

/// The pipeline's `publish:` section: the gate's limits and retention, checked like every key.
@Suite struct PipelinePublishSectionTests {
    let base = """
        venue: {id: v}
        version: 1.0.0
        inputs:
          - path: b.csv
            options: {table: buildings}
        stages: {import: , bundle: }
        """

    func parse(_ publish: String) throws(PipelineFileError) -> PipelineDefinition {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try? Data("ref,levels\n".utf8).write(to: folder.appendingPathComponent("b.csv"))
        return try PipelineFileParser.definition(base + "\n" + publish, url: folder.appendingPathComponent("p.yml"))
    }

    @Test func defaultsRefuseAnyLostWayOutOrRemovedPlace() throws {
        let settings = try parse("").publish
        #expect(settings.gate == RegressionGate(reachabilityLoss: .count(0), placesRemoved: .count(0), graphShrink: .percent(5)))
        #expect(settings.keep == nil)
    }

    @Test func readsCountsAndPercentages() throws {
        let settings = try parse("publish:\n  keep: 5\n  gate:\n    reachability-loss: 2%\n    places-removed: 3\n    graph-shrink: 0.5%\n").publish
        #expect(settings.keep == 5)
        #expect(settings.gate == RegressionGate(reachabilityLoss: .percent(2), placesRemoved: .count(3), graphShrink: .percent(0.5)))
    }

    @Test func badValuesNameTheirKeyAndLine() {
        func failure(_ text: String) -> PipelineFileError? {
            do {
                _ = try parse(text)
                return nil
            } catch {
                return error
            }
        }
        let unknown = failure("publish:\n  gate:\n    reachability: 1\n")
        #expect(unknown?.key == "publish.gate.reachability")
        #expect(unknown?.line == 9)
        let badLimit = failure("publish:\n  gate:\n    places-removed: some\n")
        #expect(badLimit?.key == "publish.gate.places-removed")
        #expect(badLimit?.message == "expected a count (3) or a percentage (2.5%), found 'some'")
        for bad in ["-1", "101%", "1.5", "%"] {
            #expect(failure("publish:\n  gate:\n    graph-shrink: \"\(bad)\"\n")?.key == "publish.gate.graph-shrink", "\(bad)")
        }
        #expect(failure("publish:\n  keep: 0\n")?.message == "must be at least 1 (the latest version always stays)")
    }
}
