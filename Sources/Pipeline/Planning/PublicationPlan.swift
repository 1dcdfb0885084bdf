import Foundation
import NavFormat
public import Publishing

/// Which venues to rebuild: those whose inputs, pipeline file or navforge changed since their
/// latest published version (`navforge plan`).
public struct PublicationPlan: Sendable {
    /// One pipeline's verdict.
    public struct Entry: Codable, Hashable, Sendable {
        public var venue: String
        /// The pipeline file, as given.
        public var pipeline: String
        /// The version the pipeline states.
        public var version: String
        /// The latest published version, when there is one.
        public var published: String?
        /// Why it needs a build, or why not; one line each.
        public var reasons: [String]
        /// Whether the venue needs a build and a publish.
        public var changed: Bool
        /// The pipeline states the version already published although its inputs changed:
        /// publishing would be refused until the version is raised.
        public var versionNotRaised: Bool
    }

    public var entries: [Entry]

    /// The venues to build.
    public var changed: [Entry] { entries.filter(\.changed) }

    /// Compares each pipeline with the latest version of its venue in `against` (a publication
    /// root or its `catalog.json`); without one, every venue is to be built.
    public static func make(pipelines: [String], against: PublicationBaseline?) throws -> PublicationPlan {
        var entries: [Entry] = []
        var seen: [String: String] = [:]
        for path in pipelines {
            let definition = try PipelineFileParser.parse(contentsOf: URL(fileURLWithPath: path))
            if let other = seen[definition.venueID] {
                throw PipelineError.pipelineFile(file: path, line: nil, column: nil, key: "venue.id",
                                                 message: "\(other) builds venue \(definition.venueID) too; plan each venue once")
            }
            seen[definition.venueID] = path
            entries.append(try entry(for: definition, path: path, against: against))
        }
        return PublicationPlan(entries: entries)
    }

    private static func entry(for definition: PipelineDefinition, path: String, against: PublicationBaseline?) throws -> Entry {
        let version = definition.version.description
        var entry = Entry(venue: definition.venueID, pipeline: path, version: version, published: nil, reasons: [],
                          changed: true, versionNotRaised: false)
        guard let published = try against?.latestRelease(venue: definition.venueID) else {
            entry.reasons = [against == nil ? "no published root to compare with" : "never published"]
            return entry
        }
        entry.published = published.version
        var reasons: [String] = []
        if published.generator != NavforgeVersion.generator {
            reasons.append("navforge changed: \(published.generator) → \(NavforgeVersion.generator)")
        }
        let pipelineSHA = try SHA256.hash(fileAt: definition.file).hex
        if published.pipelineSHA256 != pipelineSHA {
            reasons.append(published.pipelineSHA256 == nil ? "the published version does not record its pipeline file"
                                                            : "the pipeline file changed")
        }
        let publishedSources = Dictionary(published.sources.map { ($0.path, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        for input in definition.inputs {
            let content = try StageContext.content(of: input.url)
            switch publishedSources[input.path] {
            case nil: reasons.append("input added: \(input.path)")
            case let sha? where sha != content.sha256: reasons.append("input changed: \(input.path)")
            default: break
            }
        }
        let current = Set(definition.inputs.map(\.path))
        for source in published.sources where !current.contains(source.path) {
            reasons.append("input removed: \(source.path)")
        }
        if reasons.isEmpty, published.version != version {
            reasons.append("version raised: \(published.version) → \(version)")
        }
        entry.changed = !reasons.isEmpty
        entry.reasons = reasons.isEmpty ? ["unchanged since \(published.version)"] : reasons
        entry.versionNotRaised = entry.changed && published.version == version
        return entry
    }
}

/// What `plan` compares against: a publication root, or a copy of its `catalog.json`.
public enum PublicationBaseline: Sendable {
    case root(PublicationRoot)
    case catalog(CatalogFile)

    /// A folder is read as a root, a file as a catalog.
    public init(path: String) throws(PublishingError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .io(path: path, reason: "no such file or folder")
        }
        if isDirectory.boolValue {
            self = .root(PublicationRoot(url: URL(fileURLWithPath: path)))
        } else {
            self = .catalog(try PublishingJSON.read(CatalogFile.self, from: URL(fileURLWithPath: path)))
        }
    }

    func latestRelease(venue: String) throws(PublishingError) -> ReleaseRecord? {
        switch self {
        case .root(let root): return try root.latestRelease(venue: venue)
        case .catalog(let catalog): return catalog.venue(venue)?.versions.first?.release
        }
    }
}
