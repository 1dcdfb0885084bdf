import Foundation
import NavBundle
import Testing
import Validation
import VenueModel
@testable import Pipeline

@Suite struct PipelineRunnerTests {
    @Test func buildsTheDemoAndCachesEveryStage() throws {
        let workspace = try DemoWorkspace()
        let first = try workspace.build()
        #expect(first.status == .succeeded, "\(first.errors)")
        #expect(first.statuses == ["import": .ran, "validate": .ran, "graph": .ran, "contract": .ran, "fingerprints": .ran, "bundle": .ran])
        for output in first.outputs { #expect(FileManager.default.fileExists(atPath: output), "\(output)") }
        #expect(FileManager.default.fileExists(atPath: workspace.layout.manifest.path))

        let second = try workspace.build()
        #expect(second.status == .succeeded)
        #expect(second.statuses == ["import": .cached, "validate": .cached, "graph": .cached, "contract": .cached, "fingerprints": .cached, "bundle": .cached])
        #expect(second.stages.map(\.cacheKey) == first.stages.map(\.cacheKey))
        #expect(second.stages.map(\.message) == first.stages.map(\.message))
    }

    /// Validation derives the graph for its reach rules and hands it forward: the graph stage of
    /// the same build writes it without deriving it again, and the bytes are those the graph
    /// stage writes when it derives the graph itself.
    @Test func theGraphStageWritesTheGraphValidationDerived() throws {
        final class Progress: @unchecked Sendable {
            var messages: [String] = []
        }
        func graphProgress(_ progress: Progress) -> (BuildEvent) -> Void {
            { event in
                if case .stageProgress(.graph, let message) = event { progress.messages.append(message) }
            }
        }
        let workspace = try DemoWorkspace()
        let handed = Progress()
        #expect(try workspace.build(until: .graph, observer: graphProgress(handed)).status == .succeeded)
        #expect(handed.messages == ["writing the graph validation derived"])
        let written = try Data(contentsOf: workspace.layout.graph)

        // The same build without its validate stage: the graph stage derives the graph itself.
        try workspace.edit(workspace.pipeline, replacing: "  validate:\n    fail-on: error\n", with: "")
        let derived = Progress()
        let alone = try workspace.build(force: true, until: .graph, observer: graphProgress(derived))
        #expect(alone.statuses == ["import": .ran, "graph": .ran])
        #expect(derived.messages.first == "deriving the graph")
        #expect(try Data(contentsOf: workspace.layout.graph) == written)
    }

    @Test func aChangedInputRerunsEverythingDownstreamOfImport() throws {
        let workspace = try DemoWorkspace()
        _ = try workspace.build()
        try workspace.edit(workspace.input("events.csv"), replacing: "Welcome Lecture", with: "Welcome Address")
        let rebuilt = try workspace.build()
        #expect(rebuilt.statuses == ["import": .ran, "validate": .ran, "graph": .ran, "contract": .ran, "fingerprints": .ran, "bundle": .ran])
    }

    @Test func changedParametersRerunOnlyTheirStageAndWhatFollows() throws {
        let workspace = try DemoWorkspace()
        _ = try workspace.build()
        try workspace.edit(workspace.pipeline, replacing: "profiles: [foot, wheelchair, step-free, night]", with: "profiles: [foot]")
        // Validation derives the graph with the graph stage's parameters, so it checks again.
        #expect(try workspace.build().statuses == ["import": .cached, "validate": .ran, "graph": .ran, "contract": .ran, "fingerprints": .cached, "bundle": .ran])
        try workspace.edit(workspace.pipeline, replacing: "version: 1.0.0", with: "version: 1.0.1")
        #expect(try workspace.build().statuses == ["import": .cached, "validate": .cached, "graph": .cached, "contract": .cached, "fingerprints": .cached, "bundle": .ran])
        let bundles = try FileManager.default.contentsOfDirectory(atPath: workspace.layout.directory.path)
            .filter { $0.hasSuffix(".navbundle") }
        #expect(bundles == ["demo-campus-1.0.1.navbundle"], "the superseded version is removed")
    }

    @Test func anEditedSurveyRerunsOnlyValidationFingerprintsAndBundle() throws {
        let workspace = try DemoWorkspace()
        _ = try workspace.build()
        let before = try Data(contentsOf: workspace.bundle)
        try workspace.edit(workspace.input("wifi-survey.csv"), replacing: "s0001,1795000005,00:0b:86:01:07:01,-62,",
                           with: "s0001,1795000005,00:0b:86:01:07:01,-60,")
        // Validation checks the survey's points against the plan; the graph does not read surveys.
        #expect(try workspace.build().statuses == ["import": .cached, "validate": .ran, "graph": .cached, "contract": .cached,
                                                   "fingerprints": .ran, "bundle": .ran])
        #expect(try Data(contentsOf: workspace.bundle) != before)
        let bundle = try VenueBundle(path: workspace.bundle.path)
        #expect(bundle.metadata.sources.contains { $0.path.hasSuffix("wifi-survey.csv") && $0.format == "survey" })

        // A broken survey fails the first stage that reads it with the line, and the bundle before it stays.
        try workspace.edit(workspace.input("wifi-survey.csv"), replacing: "s0001,1795000005,00:0b:86:01:07:01,-60,",
                           with: "s0001,1795000005,00:0b:86:01:07:01,+30,")
        let failed = try workspace.build()
        #expect(failed.status == .failed)
        #expect(failed.statuses["validate"] == .failed && failed.statuses["bundle"] == .skipped)
        #expect(failed.errors.contains { $0.contains("wifi-survey.csv:2:") && $0.contains("RSSI +30 dBm") }, "\(failed.errors)")
        #expect(FileManager.default.fileExists(atPath: workspace.bundle.path))
    }

    @Test func aDeletedOutputRerunsItsStage() throws {
        let workspace = try DemoWorkspace()
        _ = try workspace.build()
        try FileManager.default.removeItem(at: workspace.layout.report)
        #expect(try workspace.build().statuses == ["import": .cached, "validate": .ran, "graph": .cached, "contract": .cached, "fingerprints": .cached, "bundle": .cached])
    }

    @Test func forceRunsEverything() throws {
        let workspace = try DemoWorkspace()
        _ = try workspace.build()
        #expect(try workspace.build(force: true).statuses.values.allSatisfy { $0 == .ran })
    }

    @Test func untilStopsAfterTheStage() throws {
        let workspace = try DemoWorkspace()
        let summary = try workspace.build(until: .validate)
        #expect(summary.stages.map(\.stage) == [.import, .validate])
        #expect(!FileManager.default.fileExists(atPath: workspace.bundle.path))
    }

    @Test func aBrokenInputFailsWithItsPositionAndLeavesThePreviousStore() throws {
        let workspace = try DemoWorkspace()
        _ = try workspace.build()
        let before = try Data(contentsOf: workspace.layout.staging)
        try workspace.edit(workspace.input("library-rooms.csv"), replacing: "group_study,6,", with: "group_study,six,")
        let failed = try workspace.build()
        #expect(failed.status == .failed)
        #expect(failed.statuses == ["import": .failed, "validate": .skipped, "graph": .skipped, "contract": .skipped, "fingerprints": .skipped, "bundle": .skipped])
        #expect(failed.issues.errors == 2, "each error of a failed stage is counted")
        #expect(failed.errors == ["../input/demo-campus/library-rooms.csv:3:43: capacity: 'six' is not a whole number",
                                  "../input/demo-campus/library-rooms.csv:4:43: capacity: 'six' is not a whole number"])
        #expect(try Data(contentsOf: workspace.layout.staging) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: workspace.layout.directory.path)
            .filter { $0.hasSuffix(".tmp") || $0.contains(".tmp.") }
        #expect(leftovers.isEmpty)
        // Fixed again, the import runs and the rest of the stages match their caches again.
        try workspace.edit(workspace.input("library-rooms.csv"), replacing: "group_study,six,", with: "group_study,6,")
        #expect(try workspace.build().statuses == ["import": .ran, "validate": .cached, "graph": .cached, "contract": .cached, "fingerprints": .cached, "bundle": .cached])
    }

    @Test func unknownLevelsFailValidationWithTheirPlace() throws {
        let workspace = try DemoWorkspace()
        try workspace.edit(workspace.input("library-rooms.csv"), replacing: "B,1,B.1.", with: "B,7,B.1.")
        let failed = try workspace.build()
        #expect(failed.statuses["import"] == .ran && failed.statuses["validate"] == .failed)
        #expect(failed.errors.first?.contains("library-rooms.csv:") == true)
        #expect(failed.errors.first?.contains("unknown level '7' in building 'B' (declared: 0, 1); the feature is left out [unknown-level]") == true)
        // Both reports are written, so the engineer sees the finding beside all others.
        let report = try JSONDecoder().decode(ValidationReport.self, from: Data(contentsOf: workspace.layout.report))
        #expect(report.issues.contains { issue in
            issue.code == .unknownLevel && issue.severity == .error && issue.location?.file.hasSuffix("library-rooms.csv") == true
        })
        #expect(FileManager.default.fileExists(atPath: workspace.layout.reportPage.path))
    }

    @Test func validationErrorsFailTheBuildUnlessToldNot() throws {
        let workspace = try DemoWorkspace()
        try workspace.edit(workspace.input("events.csv"), replacing: "EV-002,C.0.H2", with: "EV-002,C.0.H9")
        let failed = try workspace.build()
        #expect(failed.statuses == ["import": .ran, "validate": .failed, "graph": .skipped, "contract": .skipped, "fingerprints": .skipped, "bundle": .skipped])
        // Each failing finding is listed with its place, then where the full report is.
        #expect(failed.errors.count == 2)
        #expect(failed.errors.first?.hasPrefix("../input/demo-campus/events.csv:3") == true)
        #expect(failed.errors.first?.hasSuffix("[event-unknown-place]") == true)
        #expect(failed.errors.last?.hasPrefix("validation found 1 error; all are in ") == true)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: workspace.layout.report)) as? [String: Any]
        let summary = report?["summary"] as? [String: Any]
        #expect(summary?["errors"] as? Int == 1)

        try workspace.edit(workspace.pipeline, replacing: "fail-on: error", with: "fail-on: never")
        let passed = try workspace.build()
        #expect(passed.status == .succeeded)
        #expect(passed.stages.first { $0.stage == .bundle }?.message?.contains("1 events at unknown places left out") == true)
    }

    @Test func eachFindingIsCountedOnce() throws {
        let workspace = try DemoWorkspace()
        // An import note (a column the table does not read) and a validation error.
        try workspace.edit(workspace.input("library-rooms.csv"), replacing: "building,level,ref", with: "colour,building,level,ref")
        try workspace.edit(workspace.input("library-rooms.csv"), replacing: "\nB,", with: "\n,B,")
        try workspace.edit(workspace.input("events.csv"), replacing: "EV-002,C.0.H2", with: "EV-002,C.0.H9")
        let summary = try workspace.build(until: .validate)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: workspace.layout.report)) as? [String: Any]
        let counts = report?["summary"] as? [String: Any]
        // The demo's synthetic survey grid has 8 points in lecture centre C's gallery void.
        #expect(summary.stages.map(\.issues) == [IssueCounts(infos: 1), IssueCounts(errors: 1, warnings: 8)])
        #expect(counts?["errors"] as? Int == summary.issues.errors && counts?["infos"] as? Int == summary.issues.infos)
        #expect(counts?["warnings"] as? Int == summary.issues.warnings)
        #expect(summary.stages.first?.message?.hasSuffix("; 0 errors, 0 warnings, 1 note") == true)
    }

    @Test func rebuildsAreByteIdentical() throws {
        let workspace = try DemoWorkspace()
        _ = try workspace.build()
        let first = try Data(contentsOf: workspace.bundle)
        _ = try workspace.build(force: true)
        #expect(try Data(contentsOf: workspace.bundle) == first)
    }

    @Test func csvAloneMakesASearchableVenue() throws {
        let workspace = try DemoWorkspace()
        let summary = try workspace.build(workspace.root.appendingPathComponent("pipelines/meeting-rooms.yml"))
        #expect(summary.status == .succeeded, "\(summary.errors)")
        let url = BuildLayout(root: workspace.buildRoot, pipelineName: "meeting-rooms")
            .bundle(venueID: "meeting-rooms", version: "1.0.0")
        let bundle = try VenueBundle(path: url.path)
        let rooms = try bundle.search("group study", minimumCapacity: 8)
        #expect(!rooms.isEmpty)
        #expect(rooms.allSatisfy { ($0.capacity ?? 0) >= 8 && $0.name?.contains("Group Study") == true })
        #expect(bundle.nodeCount == 0)
    }
}
