/// The parts of a build's `manifest.json` that publishing reads (the bundle stage writes it;
/// docs/publishing.md lists its fields).
public struct BuildManifest: Codable, Hashable, Sendable {
    public struct File: Codable, Hashable, Sendable {
        public var file: String
        public var size: Int
        public var sha256: String

        public init(file: String, size: Int, sha256: String) {
            self.file = file
            self.size = size
            self.sha256 = sha256
        }
    }

    /// An input the bundle was built from: the same fields a published version lists.
    public typealias Source = ReleaseRecord.Source

    /// The pipeline file the build ran.
    public struct Pipeline: Codable, Hashable, Sendable {
        public var path: String
        public var sha256: String

        public init(path: String, sha256: String) {
            self.path = path
            self.sha256 = sha256
        }
    }

    /// The pipeline's `publish` settings, so that a build folder carries its own gate.
    public struct Settings: Codable, Hashable, Sendable {
        public var gate: RegressionGate
        public var keep: Int?

        public init(gate: RegressionGate, keep: Int?) {
            self.gate = gate
            self.keep = keep
        }
    }

    public var venue: String
    public var name: String
    public var bundleVersion: String
    public var format: String
    public var generator: String
    public var bundle: File
    public var sources: [Source]
    public var pipeline: Pipeline?
    public var publish: Settings?

    public init(venue: String, name: String, bundleVersion: String, format: String, generator: String, bundle: File,
                sources: [Source], pipeline: Pipeline?, publish: Settings?) {
        self.venue = venue
        self.name = name
        self.bundleVersion = bundleVersion
        self.format = format
        self.generator = generator
        self.bundle = bundle
        self.sources = sources
        self.pipeline = pipeline
        self.publish = publish
    }
}
