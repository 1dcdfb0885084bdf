import ArgumentParser
import Foundation
import Pipeline

/// `navforge build PIPELINE`: runs a pipeline file's stages.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Run a pipeline: import, validate, compile the graph, write the bundle.",
        discussion: "Unchanged stages are skipped. Outputs go to BUILD-DIR/NAME/, NAME being the pipeline file's name.")

    @Argument(help: "The pipeline file (YAML), e.g. pipelines/demo-campus.yml.")
    var pipeline: String

    @Flag(help: "Run every stage, even those whose inputs are unchanged.")
    var force = false

    @Option(help: ArgumentHelp("Stop after this stage: import, validate, graph or bundle.", valueName: "stage"))
    var until: String?

    @Flag(help: "Print one JSON summary on stdout (stages, status, durations, outputs, issue counts).")
    var json = false

    @Option(name: .customLong("build-dir"), help: "Where output folders go.")
    var buildDirectory = "build"

    func validate() throws {
        if let until, StageKind(rawValue: until) == nil {
            throw ValidationError("unknown stage '\(until)'; expected one of: \(StageKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() throws {
        let invocation = PipelineInvocation(pipeline: pipeline, force: force, until: until.flatMap(StageKind.init(rawValue:)),
                                            json: json, buildDirectory: buildDirectory)
        let (summary, layout) = try invocation.run()
        if json {
            Console.out(String(decoding: summary.jsonData(), as: UTF8.self))
        } else {
            PipelineInvocation.printStages(summary)
            let outcome = summary.status == .succeeded ? "succeeded" : "FAILED"
            let issues = "\(summary.issues.errors) errors, \(summary.issues.warnings) warnings"
            Console.out("Build \(outcome) in \(Console.duration(summary.durationSeconds)) (\(issues)); outputs in \(layout.directory.relativePath)/")
        }
        PipelineInvocation.printErrors(summary)
        if summary.status == .failed { throw ExitCode.failure }
    }
}
