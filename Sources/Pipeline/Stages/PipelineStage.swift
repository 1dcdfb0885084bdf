import Foundation
import NavBundle
import VenueModel

/// One stage of a build: how to name its result (cache key), where it writes, how to run it.
protocol PipelineStage {
    var kind: StageKind { get }
    func cacheKey(_ context: StageContext) throws -> String
    func outputs(_ context: StageContext) -> [URL]
    func run(_ context: StageContext) throws -> StageOutcome
}

/// What a stage that ran reports back.
struct StageOutcome {
    var issues: IssueCounts
    var message: String
    /// Set when the stage wrote its outputs but its findings fail the build (validation errors):
    /// one line per finding, each naming its place.
    var failure: [String]?
}

/// A stage that could not produce its outputs; every message names its place.
struct StageFailure: Error, CustomStringConvertible {
    var messages: [String]

    init(_ messages: [String]) {
        self.messages = messages
    }

    var description: String { messages.joined(separator: "\n") }
}

/// What stages share during one build.
final class StageContext {
    let definition: PipelineDefinition
    let layout: BuildLayout
    let report: (BuildEvent) -> Void
    /// Keys of the stages computed so far in this build, for downstream keys.
    var keys: [StageKind: String] = [:]
    private var digests: [String: String] = [:]

    init(definition: PipelineDefinition, layout: BuildLayout, report: @escaping (BuildEvent) -> Void) {
        self.definition = definition
        self.layout = layout
        self.report = report
    }

    /// SHA-256 of an input file's content, computed once per build.
    func digest(of input: InputDefinition) throws -> String {
        if let known = digests[input.id] { return known }
        let digest: String
        do {
            digest = try Self.contentDigest(of: input.url)
        } catch {
            throw StageFailure(["\(input.path): cannot read input: \(error.localizedDescription)"])
        }
        digests[input.id] = digest
        return digest
    }

    /// A file's SHA-256, or for a folder (an IMDF delivery) the SHA-256 over its files' names and
    /// digests in name order.
    static func contentDigest(of url: URL) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return try SHA256.hash(fileAt: url).hex
        }
        var hasher = SHA256()
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() {
            hasher.update("\(name)\n\(try contentDigest(of: url.appendingPathComponent(name)))\n")
        }
        return hasher.finalize().hex
    }

    func progress(_ stage: StageKind, _ message: String) {
        report(.stageProgress(stage, message: message))
    }

    /// A path relative to the working folder when it is inside it, for readable messages.
    func display(_ url: URL) -> String {
        let current = FileManager.default.currentDirectoryPath
        let path = url.standardizedFileURL.path
        if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) }
        return path
    }
}
