import ArgumentParser
import Foundation
import Pipeline

/// Reads a pipeline file and runs it with progress on a terminal: what `build` and `validate` share.
struct PipelineInvocation {
    var pipeline: String
    var force: Bool
    var until: StageKind?
    var json: Bool
    var buildDirectory: String

    /// The build's summary and where its outputs are.
    ///
    /// A pipeline file that cannot be read is thrown; with `--json` its summary is printed first,
    /// so CI reads one shape of output whatever went wrong.
    func run() throws -> (summary: BuildSummary, layout: BuildLayout) {
        let definition: PipelineDefinition
        do {
            definition = try PipelineFileParser.parse(contentsOf: URL(fileURLWithPath: pipeline))
        } catch {
            if json {
                Console.out(String(decoding: BuildSummary.unreadablePipeline(pipeline, error: "\(error)").jsonData(), as: UTF8.self))
            }
            throw error
        }
        let progress = TerminalProgress()
        let showProgress = Console.stderrIsTerminal
        let runner = PipelineRunner(
            definition: definition,
            options: BuildOptions(buildRoot: URL(fileURLWithPath: buildDirectory), force: force, until: until),
            observer: { event in if showProgress { progress.handle(event) } })
        return (runner.run(), runner.layout)
    }

    /// One line per stage, as `build` prints them.
    static func printStages(_ summary: BuildSummary) {
        Console.out("\(summary.venue ?? "?") \(summary.version ?? "?") (\(summary.pipeline)), navforge \(summary.navforge)")
        for stage in summary.stages {
            let name = stage.stage.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)
            let status = stage.status.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            let time = Console.duration(stage.durationSeconds).padding(toLength: 8, withPad: " ", startingAt: 0)
            Console.out("  \(name) \(status) \(time) \(stage.message ?? "")")
        }
    }

    /// The build's errors on stderr, one line each, as `error: FILE:LINE:COLUMN: message`.
    ///
    /// These are the build's result, not the command's failure: one line per broken place, in the
    /// form editors and CI logs link from, followed by exit status 1.
    static func printErrors(_ summary: BuildSummary) {
        for error in summary.errors {
            for line in error.split(separator: "\n") { Console.error("error: \(line)") }
        }
    }
}
