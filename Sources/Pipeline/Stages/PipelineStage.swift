import Foundation
import VenueModel
import NavFormat

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
    /// The graph the validate stage derived, handed forward to the graph stage of the same build,
    /// which would derive the same one; the runner drops it after the graph stage's turn.
    var derivedGraph: DerivedGraph?
    /// The venue the import stage staged, handed forward to the validate stage of the same build,
    /// which would read the same one back from the staging store; the runner drops it after the
    /// next stage's turn.
    var importedVenue: ImportedVenue?
    /// The graph the graph stage wrote, handed forward to the contract stage of the same build,
    /// which would read the same one back; the runner drops it after the next stage's turn.
    var writtenGraph: WrittenGraph?
    private var contents: [String: InputContent] = [:]

    init(definition: PipelineDefinition, layout: BuildLayout, report: @escaping (BuildEvent) -> Void) {
        self.definition = definition
        self.layout = layout
        self.report = report
    }

    /// What an input holds: its SHA-256 and size in bytes (a folder's over all its files).
    struct InputContent {
        var sha256: String
        var size: Int64
    }

    /// An input's content digest and size, read once per build.
    func content(of input: InputDefinition) throws -> InputContent {
        if let known = contents[input.id] { return known }
        let content: InputContent
        do {
            content = try Self.content(of: input.url)
        } catch FormatError.cannotOpen(_, let reason) {
            throw StageFailure(["\(input.path): cannot read input: \(reason)"])
        } catch {
            throw StageFailure(["\(input.path): cannot read input: \(error.localizedDescription)"])
        }
        contents[input.id] = content
        return content
    }

    /// A file's SHA-256 and size, or for a folder (an IMDF delivery) the SHA-256 over its files'
    /// names and digests in name order and the sum of their sizes.
    static func content(of url: URL) throws -> InputContent {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
            return InputContent(sha256: try SHA256.hash(fileAt: url).hex, size: size)
        }
        var hasher = SHA256()
        var size: Int64 = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() {
            let member = try content(of: url.appendingPathComponent(name))
            hasher.update("\(name)\n\(member.sha256)\n")
            size += member.size
        }
        return InputContent(sha256: hasher.finalize().hex, size: size)
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
