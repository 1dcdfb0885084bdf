import Foundation
import FuzzHarnesses
import Pipeline
import TemporaryFolders
import Testing

/// Every input in `Tests/Fuzz/regressions/TARGET/` once crashed, hung or blew up the target it is
/// filed under; replaying it through the same harness keeps the fix. docs/fuzzing.md says how an
/// input gets there.
@Suite struct FuzzRegressionTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let regressions = repository.appendingPathComponent("Tests/Fuzz/regressions")
    /// The readers' targets in other languages, replayed by their own test programs (`make test`).
    static let otherLanguages: Set<String> = ["c-reader", "python-reader", "js-reader"]

    /// The target folders, without the README and the other languages' folders.
    static func folders() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: regressions.path).sorted().filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".") && FileManager.default.fileExists(atPath: regressions.appendingPathComponent(name).path,
                                                                         isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    static func inputs() throws -> [(target: String, file: URL)] {
        try folders().filter { !otherLanguages.contains($0) }.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: regressions.appendingPathComponent(folder).path).sorted()
                .filter { !$0.hasPrefix(".") }
                .map { (folder, regressions.appendingPathComponent(folder).appendingPathComponent($0)) }
        }
    }

    @Test func everyFolderNamesATarget() throws {
        for folder in try Self.folders() where !Self.otherLanguages.contains(folder) {
            #expect(FuzzTarget(rawValue: folder) != nil, "Tests/Fuzz/regressions/\(folder) is not a fuzzing target")
        }
    }

    @Test func replaysEveryRegression() throws {
        let inputs = try Self.inputs()
        if inputs.contains(where: { $0.target == FuzzTarget.conditions.rawValue }) {
            // Conditions are resolved against a bundle: the demo's, built here.
            let folder = try TemporaryFolder("fuzz-regressions")
            let definition = try PipelineFileParser.parse(contentsOf: Self.repository.appendingPathComponent("pipelines/demo-campus.yml"))
            let runner = PipelineRunner(definition: definition, options: BuildOptions(buildRoot: folder.url), observer: { _ in })
            #expect(runner.run().status == .succeeded)
            FuzzTarget.useConditionsBundle(at: runner.layout.bundle(venueID: definition.venueID, version: definition.version.description))
        }
        for (target, file) in inputs {
            FuzzTarget(rawValue: target)?.run(try Data(contentsOf: file))
        }
    }
}
