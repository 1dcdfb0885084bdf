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
        let definition: PipelineDefinition
        do {
            definition = try PipelineFileParser.parse(contentsOf: URL(fileURLWithPath: pipeline))
        } catch {
            if json {
                Console.out(String(decoding: try BuildSummary.unreadablePipeline(pipeline, error: "\(error)").jsonData(),
                                   as: UTF8.self))
            }
            Console.error("error: \(error)")
            throw ExitCode.failure
        }
        let progress = TerminalProgress()
        let showProgress = Console.stderrIsTerminal
        let runner = PipelineRunner(
            definition: definition,
            options: BuildOptions(buildRoot: URL(fileURLWithPath: buildDirectory), force: force,
                                  until: until.flatMap(StageKind.init(rawValue:))),
            observer: { event in if showProgress { progress.handle(event) } })
        let summary = runner.run()
        if json {
            Console.out(String(decoding: try summary.jsonData(), as: UTF8.self))
        } else {
            printSummary(summary, directory: runner.layout.directory)
        }
        for error in summary.errors {
            for line in error.split(separator: "\n") { Console.error("error: \(line)") }
        }
        if summary.status == .failed { throw ExitCode.failure }
    }

    private func printSummary(_ summary: BuildSummary, directory: URL) {
        Console.out("\(summary.venue ?? "?") \(summary.version ?? "?") (\(summary.pipeline)), navforge \(summary.navforge)")
        for stage in summary.stages {
            let name = stage.stage.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)
            let status = stage.status.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            let time = Console.duration(stage.durationSeconds).padding(toLength: 8, withPad: " ", startingAt: 0)
            Console.out("  \(name) \(status) \(time) \(stage.message ?? "")")
        }
        let outcome = summary.status == .succeeded ? "succeeded" : "FAILED"
        let issues = "\(summary.issues.errors) errors, \(summary.issues.warnings) warnings"
        Console.out("Build \(outcome) in \(Console.duration(summary.durationSeconds)) (\(issues)); outputs in \(directory.relativePath)/")
    }
}
