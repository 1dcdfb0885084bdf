import ArgumentParser
import Foundation
import Pipeline
import Publishing

/// `navforge plan PIPELINE... --against ROOT`: the venues a CI run has to rebuild.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "List, for a CI job matrix, the venues whose inputs, pipeline or navforge changed since their latest published version.",
        discussion: """
            --format github prints one line of JSON, {"include": [{"venue", "pipeline", "version", "name"}, ...]}, for \
            `strategy.matrix: ${{ fromJSON(...) }}`; --format gitlab prints a child pipeline whose job extends \
            --gitlab-job with `parallel: matrix:` (VENUE, PIPELINE, VERSION, NAME); a matrix holds at most 256 jobs on \
            GitHub and 200 on GitLab, and plan refuses more; --format json prints every venue with its reasons; --format list prints the pipeline files to build, one per line \
            (for xargs). Why each venue \
            is or is not in the matrix goes to stderr. docs/ci.md has complete pipelines for both.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case github, gitlab, json, list
    }

    @Argument(help: ArgumentHelp("Pipeline files, one per venue.", valueName: "pipeline"))
    var pipelines: [String]

    @Option(help: ArgumentHelp("The publication root, or a copy of its catalog.json, to compare with; "
                               + "without it every venue is listed.", valueName: "root"))
    var against: String?

    @Option(help: "github, gitlab, json or list.")
    var format = Format.github

    @Option(name: .customLong("gitlab-job"), help: ArgumentHelp("The hidden job the gitlab matrix job extends.", valueName: "name"))
    var gitlabJob = ".navforge-venue"

    @Option(name: .customLong("gitlab-include"), help: ArgumentHelp("A file the child pipeline includes (where --gitlab-job is defined).", valueName: "path"))
    var gitlabInclude: String?

    func run() throws {
        let plan = try PublicationPlan.make(pipelines: pipelines, against: try against.map(PublicationBaseline.init(path:)))
        for entry in plan.entries {
            let verdict = entry.changed ? "build" : "skip "
            Console.error("\(verdict) \(entry.venue) \(entry.version) (\(entry.pipeline)): \(entry.reasons.joined(separator: "; "))")
            if entry.versionNotRaised {
                Console.error("warning: \(entry.pipeline) still says version \(entry.version), which is published: "
                              + "publishing the rebuild will be refused until the version is raised")
            }
        }
        let limit = format == .github ? 256 : 200
        if format == .github || format == .gitlab, plan.changed.count > limit {
            throw CommandLineError.output(path: "-", reason: "\(plan.changed.count) venues to build, more than one \(format.rawValue) matrix "
                                          + "holds (\(limit)); plan the pipelines in groups, one matrix job per group (docs/ci.md)")
        }
        switch format {
        case .github: Console.out(githubMatrix(plan))
        case .gitlab: Console.out(gitlabPipeline(plan))
        case .json: try Console.json(plan.entries)
        case .list: plan.changed.forEach { Console.out($0.pipeline) }
        }
    }

    private func githubMatrix(_ plan: PublicationPlan) -> String {
        struct Item: Encodable {
            var venue: String
            var pipeline: String
            var version: String
            /// The build folder's name, `build/NAME/`: the pipeline file's name.
            var name: String
        }
        struct Matrix: Encodable {
            var include: [Item]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let matrix = Matrix(include: plan.changed.map {
            Item(venue: $0.venue, pipeline: $0.pipeline, version: $0.version, name: Self.buildName($0.pipeline))
        })
        return String(decoding: try! encoder.encode(matrix), as: UTF8.self)
    }

    /// A child pipeline: GitLab cannot take a matrix from a job's output, but a job can write the
    /// pipeline that runs next.
    private func gitlabPipeline(_ plan: PublicationPlan) -> String {
        var lines = ["# Written by `navforge plan --format gitlab`: one job per venue to rebuild."]
        if plan.changed.isEmpty {
            // A child pipeline needs at least one job; the included file is left out, since its
            // jobs (a merge) need the matrix job.
            lines += ["nothing-to-build:", "  script:", "    - echo \"every venue is up to date\""]
            return lines.joined(separator: "\n")
        }
        if let gitlabInclude { lines += ["include:", "  - local: \(quoted(gitlabInclude))"] }
        lines += ["build-venue:", "  extends: \(quoted(gitlabJob))", "  parallel:", "    matrix:"]
        for entry in plan.changed {
            lines += ["      - VENUE: \(quoted(entry.venue))", "        PIPELINE: \(quoted(entry.pipeline))",
                      "        VERSION: \(quoted(entry.version))", "        NAME: \(quoted(Self.buildName(entry.pipeline)))"]
        }
        return lines.joined(separator: "\n")
    }

    /// The name of a pipeline's build folder: its file name without extension.
    static func buildName(_ pipeline: String) -> String {
        URL(fileURLWithPath: pipeline).deletingPathExtension().lastPathComponent
    }

    /// A YAML double-quoted scalar.
    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
