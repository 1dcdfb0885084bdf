import Foundation
@testable import Pipeline
import TemporaryFolders

/// A private copy of the demo campus and its pipeline in a temporary folder, so tests can edit
/// inputs and build without touching the repository.
///
/// The folder is removed with the last copy of the workspace.
struct DemoWorkspace {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private let folder: TemporaryFolder
    var root: URL { folder.url }

    init() throws {
        folder = try TemporaryFolder("navforge-demo")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("input"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("pipelines"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("input/demo-campus"),
                                         to: root.appendingPathComponent("input/demo-campus"))
        for name in ["demo-campus.yml", "meeting-rooms.yml"] {
            try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("pipelines/\(name)"),
                                             to: root.appendingPathComponent("pipelines/\(name)"))
        }
    }

    var pipeline: URL { root.appendingPathComponent("pipelines/demo-campus.yml") }
    var buildRoot: URL { root.appendingPathComponent("build") }
    var layout: BuildLayout { BuildLayout(root: buildRoot, pipelineName: "demo-campus") }
    var bundle: URL { layout.bundle(venueID: "demo-campus", version: "1.0.0") }

    func input(_ name: String) -> URL {
        root.appendingPathComponent("input/demo-campus/\(name)")
    }

    /// Replaces text in a file of the workspace.
    func edit(_ url: URL, replacing old: String, with new: String) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        precondition(text.contains(old), "\(url.lastPathComponent) does not contain \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    /// A build's context for the demo pipeline after its import stage has run, as the runner
    /// leaves it for the next stage (the import's key set, the staged venue handed forward).
    func contextAfterImport() throws -> StageContext {
        let definition = try PipelineFileParser.parse(contentsOf: pipeline)
        let context = StageContext(definition: definition, layout: layout, report: { _ in })
        let stage = ImportStage()
        context.keys[.import] = try stage.cacheKey(context)
        _ = try stage.run(context)
        return context
    }

    func build(_ pipeline: URL? = nil, force: Bool = false, until: StageKind? = nil,
               observer: @escaping (BuildEvent) -> Void = { _ in }) throws -> BuildSummary {
        let definition = try PipelineFileParser.parse(contentsOf: pipeline ?? self.pipeline)
        return PipelineRunner(definition: definition,
                              options: BuildOptions(buildRoot: buildRoot, force: force, until: until), observer: observer).run()
    }
}

extension BuildSummary {
    /// Stage name → status, to compare in one expectation.
    var statuses: [String: StageResult.Status] {
        Dictionary(uniqueKeysWithValues: stages.map { ($0.stage.rawValue, $0.status) })
    }
}
