import ArgumentParser
import Foundation
import Pipeline
import Publishing

/// `navforge publish SOURCE... --root ROOT`: copies built versions into a publication root.
struct PublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish built bundles into a publication root: immutable versions, latest.json, catalog.json, signatures.",
        discussion: """
            SOURCE is a pipeline file (its build folder is published), a build folder or a bundle. A version that is \
            already published with the same bytes is left as it is; with other bytes it is refused. Before publishing, \
            the bundle is compared with the published version it follows, and refused when it loses reachability, \
            places or graph beyond the pipeline's `publish: {gate: ...}` limits. With --merge, the SOURCEs are staging \
            roots (one per CI job) combined into ROOT with one catalog update. docs/publishing.md describes the layout. \
            Exit status: 0 when every source is published or already was, 1 otherwise.
            """)

    @Argument(help: ArgumentHelp("Pipeline files, build folders or bundles; with --merge, staging roots.", valueName: "source"))
    var sources: [String]

    @Option(help: ArgumentHelp("The publication root (created when missing).", valueName: "folder"))
    var root: String

    @Flag(help: "Combine the staging roots given as sources into --root.")
    var merge = false

    @Option(name: .customLong("sign-key"), help: ArgumentHelp("Sign each new version with this Ed25519 private key (PEM).", valueName: "file"))
    var signKey: String?

    @Option(help: ArgumentHelp("Keep at most this many versions per venue; the latest and pinned ones always stay.", valueName: "count"))
    var keep: Int?

    @Option(help: ArgumentHelp("Pin a published version so that --keep never removes it (repeatable).", valueName: "version"))
    var pin: [String] = []

    @Option(help: ArgumentHelp("Unpin a version (repeatable).", valueName: "version"))
    var unpin: [String] = []

    @Option(help: ArgumentHelp("Gate against this root's versions when --root has no earlier version of the venue "
                               + "(a CI job publishing into a staging root).", valueName: "root"))
    var against: String?

    @Flag(name: .customLong("allow-regression"), help: "Publish even when the regression gate refuses; the change summary records it.")
    var allowRegression = false

    @Option(name: .customLong("build-dir"), help: "Where pipeline files' build folders are.")
    var buildDirectory = "build"

    func validate() throws {
        if let keep, keep < 1 { throw ValidationError("--keep must be at least 1 (the latest version always stays)") }
        if merge, signKey != nil || !pin.isEmpty || !unpin.isEmpty || allowRegression || against != nil {
            throw ValidationError("--merge takes staging roots that are already signed and gated; it accepts only --root and --keep")
        }
    }

    func run() throws {
        let publisher = Publisher(root: PublicationRoot(url: URL(fileURLWithPath: root)), progress: { Console.error($0) })
        if merge {
            let outcome = try publisher.merge(sources.map { PublicationRoot(url: URL(fileURLWithPath: $0)) }, keep: keep)
            outcome.added.forEach { Console.out("merged \($0)") }
            outcome.alreadyPublished.forEach { Console.out("already published \($0)") }
            outcome.removed.forEach { Console.out("removed \($0) (--keep \(keep ?? 0))") }
            return
        }
        var options = PublishOptions()
        if let signKey { options.signingKey = try Ed25519Keys.readPrivateKey(at: URL(fileURLWithPath: signKey)) }
        options.keep = keep
        options.pin = pin
        options.unpin = unpin
        options.allowRegression = allowRegression
        options.against = against.map { PublicationRoot(url: URL(fileURLWithPath: $0)) }
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = Double(epoch) {
            options.now = Date(timeIntervalSince1970: seconds)
        }
        var failed = false
        for source in sources {
            do {
                var sourceOptions = options
                let resolved = try resolve(source, into: &sourceOptions)
                report(try publisher.publish(resolved, options: sourceOptions))
            } catch let PublishingError.regression(venue, against, reasons, diff) {
                Console.error("error: \(source): \(venue) regresses against the published \(against):")
                reasons.forEach { Console.error("  - \($0)") }
                Console.error("the diff:")
                DiffFormatter.lines(diff).forEach { Console.error("  \($0)") }
                Console.error("(publish with --allow-regression if this is intended)")
                failed = true
            } catch {
                Console.error("error: \(source): \(error)")
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }

    /// A source as files to publish, with a pipeline's publish settings applied to `options`.
    private func resolve(_ source: String, into options: inout PublishOptions) throws -> PublishSource {
        let url = URL(fileURLWithPath: source)
        if ["yml", "yaml"].contains(url.pathExtension) {
            let definition = try PipelineFileParser.parse(contentsOf: url)
            options.gate = definition.publish.gate
            options.keep = options.keep ?? definition.publish.keep
            let layout = BuildLayout(root: URL(fileURLWithPath: buildDirectory), pipelineName: definition.name)
            return try PublishSource(buildFolder: layout.directory)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CommandLineError.unreadable(path: source, reason: "no such file or folder")
        }
        if isDirectory.boolValue {
            let folder = try PublishSource(buildFolder: url)
            let manifest = try PublishingJSON.read(BuildManifest.self, from: url.appendingPathComponent("manifest.json"))
            options.keep = options.keep ?? manifest.publish?.keep
            return folder
        }
        return PublishSource(bundle: url)
    }

    private func report(_ outcome: PublishOutcome) {
        let signed = outcome.release.signature.map { ", signed by key \($0.keyID)" } ?? ", unsigned"
        switch outcome.status {
        case .published:
            Console.out("published \(outcome.venue) \(outcome.version) as \(outcome.release.bundle.path)\(signed)")
            if let changes = outcome.release.changes { Console.out("  changes against \(changes.against): \(changes.text)") }
            for reason in outcome.allowedRegressions { Console.out("  allowed regression: \(reason)") }
            if let reason = outcome.diff?.reachabilityNotCompared { Console.out("  reachability not compared: \(reason)") }
        case .alreadyPublished:
            Console.out("\(outcome.venue) \(outcome.version) is already published with these bytes\(signed); nothing to do")
        }
        for version in outcome.removed { Console.out("  removed \(outcome.venue) \(version) (retention)") }
        Console.out("  latest: \(outcome.latest)")
    }
}
