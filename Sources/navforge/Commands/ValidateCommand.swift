import ArgumentParser
import FileReading
import Foundation
import Validation

/// `navforge validate PIPELINE`: runs a pipeline up to its validation and summarises the findings.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Import and validate a pipeline's inputs; write report.json and report.html.",
        discussion: """
            Runs the pipeline's import and validate stages only. Exits non-zero when a finding is as \
            severe as the pipeline's `fail-on` (default: error). The findings are in BUILD-DIR/NAME/report.json \
            (schema in docs/report.schema.json) and, with floor plans, in BUILD-DIR/NAME/report.html.
            """)

    @Argument(help: "The pipeline file (YAML), e.g. pipelines/demo-campus.yml.")
    var pipeline: String

    @Flag(help: "Validate again, even when the inputs are unchanged.")
    var force = false

    @Flag(help: "Print the build summary as JSON on stdout instead (the findings are in report.json).")
    var json = false

    @Option(name: .customLong("build-dir"), help: "Where output folders go.")
    var buildDirectory = "build"

    func run() throws {
        let invocation = PipelineInvocation(pipeline: pipeline, force: force, until: .validate, json: json,
                                            buildDirectory: buildDirectory)
        let (summary, layout) = try invocation.run()
        if json {
            Console.out(String(decoding: summary.jsonData(), as: UTF8.self))
        } else {
            PipelineInvocation.printStages(summary)
            // A validate stage that wrote its report lists it, also when its findings fail the build.
            let validated = summary.stages.contains { $0.stage == .validate && !$0.outputs.isEmpty }
            if validated, let data = try? FileContents.read(layout.report),
               let report = try? JSONDecoder().decode(ValidationReport.self, from: data) {
                printCounts(report)
                Console.out("Report: \(layout.report.relativePath), \(layout.reportPage.relativePath)")
            }
            Console.out(summary.status == .succeeded ? "Validation passed." : "Validation FAILED.")
        }
        PipelineInvocation.printErrors(summary)
        if summary.status == .failed { throw ExitCode.failure }
    }

    /// Findings per code, most severe first.
    private func printCounts(_ report: ValidationReport) {
        let severity = Dictionary(report.issues.map { ($0.code.rawValue, $0.severity) }, uniquingKeysWith: min)
        let codes = report.summary.byCode.keys.sorted { a, b in
            let sa = severity[a] ?? .info, sb = severity[b] ?? .info
            return sa != sb ? sa < sb : a < b
        }
        guard !codes.isEmpty else {
            Console.out("No findings.")
            return
        }
        Console.out("Findings by code (\(report.summary.errors) errors, \(report.summary.warnings) warnings, \(report.summary.infos) notes):")
        let width = codes.map(\.count).max() ?? 0
        for code in codes {
            let label = (severity[code]?.rawValue ?? "").padding(toLength: 8, withPad: " ", startingAt: 0)
            Console.out("  \(label) \(code.padding(toLength: width, withPad: " ", startingAt: 0))  \(report.summary.byCode[code] ?? 0)")
        }
    }
}
