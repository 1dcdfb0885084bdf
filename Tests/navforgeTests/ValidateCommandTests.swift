import Foundation
import Testing

/// `navforge validate`: import and validation alone, findings per code, exit status by `fail-on`.
@Suite struct ValidateCommandTests {
    @Test func validatesWithoutCompilingAndSummarisesTheFindings() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        let result = try cli.run(["validate", "pipelines/demo-campus.yml"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("  import "), "\(result.output)")
        #expect(result.output.contains("  validate "))
        #expect(!result.output.contains("  graph "), "no later stage runs")
        #expect(result.output.contains("warning  survey-point-outside-space  8"))
        #expect(result.output.contains("Report: build/demo-campus/report.json, build/demo-campus/report.html"))
        #expect(result.output.hasSuffix("Validation passed.\n"))
        #expect(FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("build/demo-campus/report.html").path))
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("build/demo-campus/graph.navgraph").path))
    }

    @Test func findingsAtTheFailOnSeverityExitWithStatusOne() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        try cli.edit("pipelines/demo-campus.yml", replacing: "fail-on: error", with: "fail-on: warning")
        let result = try cli.run(["validate", "pipelines/demo-campus.yml"])
        #expect(result.status == 1)
        #expect(result.output.hasSuffix("Validation FAILED.\n"))
        #expect(result.errorOutput.contains("error: ../input/demo-campus/wifi-survey.csv:"))
        #expect(result.errorOutput.contains("[survey-point-outside-space]"))
        #expect(result.errorOutput.contains("validation found 8 errors and warnings; all are in"))

        // Told never to fail, the same findings pass.
        try cli.edit("pipelines/demo-campus.yml", replacing: "fail-on: warning", with: "fail-on: never")
        #expect(try cli.run(["validate", "pipelines/demo-campus.yml"]).status == 0)
    }

    /// An executable copied without the resource folder the build puts beside it names the file
    /// the report needs, and fails like any other stage rather than crashing.
    @Test func anExecutableCopiedAloneNamesTheMissingReportFile() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        let alone = cli.directory.appendingPathComponent("bin/navforge")
        try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CommandLineRunner.executable, to: alone)
        let result = try cli.run(alone, ["validate", "pipelines/demo-campus.yml"])
        #expect(result.status == 1, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("bin/navforge_Validation.resources/report.css is missing"), "\(result.errorOutput)")
        #expect(result.output.hasSuffix("Validation FAILED.\n"), "\(result.output)")
    }
}
