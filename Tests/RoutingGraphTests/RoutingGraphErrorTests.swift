import Foundation
import Testing
@testable import RoutingGraph

/// The routing graph module's one error type tells the caller's mistakes from damaged data by case.
@Suite struct RoutingGraphErrorTests {
    let compiled = CompiledGraph(graph: GraphBuilder(venue: SmallVenue.venue(), parameters: GraphParameters()).build().graph,
                                 profiles: [.foot, .wheelchair])

    func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID().uuidString).navgraph")
    }

    @Test func aProfileTheGraphLacksIsTheCallersMistake() {
        #expect(throws: RoutingGraphError.unknownProfile("bicycle", known: ["foot", "wheelchair"])) {
            try EdgeList(compiled).text(profile: "bicycle")
        }
        #expect(RoutingGraphError.unknownProfile("bicycle", known: ["foot", "wheelchair"]).description
            == "the graph has no profile 'bicycle'; it has foot, wheelchair")
    }

    @Test func aSettingValueOutOfBoundsIsTheCallersMistake() {
        var profile = RoutingProfile.foot
        #expect(throws: RoutingGraphError.invalidSetting(.liftWait, reason: "must be between 0 and 3600 seconds")) {
            try profile.set(.liftWait, to: 4000)
        }
        #expect(RoutingGraphError.invalidSetting(.liftWait, reason: "must be between 0 and 3600 seconds").description
            == "must be between 0 and 3600 seconds")
    }

    @Test func anArtifactThatIsNotThereIsTheCallersMistake() {
        let url = temporaryFile()
        let error = #expect(throws: RoutingGraphError.self) { try CompiledGraph.read(from: url) }
        guard case .cannotOpenArtifact(url.path, .cannotOpen(url.path, _))? = error else {
            Issue.record("expected an artifact that cannot be opened, got \(String(describing: error))")
            return
        }
    }

    @Test func aFileThatIsNoArtifactIsDamagedData() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: 0x20, count: 256).write(to: url)
        #expect(throws: RoutingGraphError.damagedArtifact(path: url.path, .notAContainer(expected: GraphArtifactLayout.kindName))) {
            try CompiledGraph.read(from: url)
        }
    }

    @Test func aDamagedSectionIsDamagedData() throws {
        let url = temporaryFile()
        defer { try? FileManager.default.removeItem(at: url) }
        try compiled.write(to: url)
        var bytes = try Data(contentsOf: url)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: url)
        let error = #expect(throws: RoutingGraphError.self) { try CompiledGraph.read(from: url) }
        guard case .damagedArtifact(url.path, _)? = error else {
            Issue.record("expected a damaged artifact, got \(String(describing: error))")
            return
        }
    }
}
