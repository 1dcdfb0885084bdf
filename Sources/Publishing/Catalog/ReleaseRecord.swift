/// One published version of a venue: what `release.json` holds in the version's folder, and what
/// the catalog and `latest.json` list for it (docs/publishing.md documents every field).
///
/// File paths are relative to the JSON file that holds the record, so the same record reads
/// correctly in `release.json`, `latest.json` and `catalog.json`; see ``relocated(under:)``.
public struct ReleaseRecord: Codable, Hashable, Sendable {
    /// A file of the version: where it is, its size in bytes and its SHA-256 (lowercase hex,
    /// what `sha256sum` prints).
    public struct FileEntry: Codable, Hashable, Sendable {
        public var path: String
        public var size: Int
        public var sha256: String

        public init(path: String, size: Int, sha256: String) {
            self.path = path
            self.size = size
            self.sha256 = sha256
        }
    }

    /// An input the bundle was built from, as the build's manifest lists it.
    public struct Source: Codable, Hashable, Sendable {
        public var path: String
        public var format: String?
        public var size: Int64?
        public var sha256: String

        public init(path: String, format: String?, size: Int64?, sha256: String) {
            self.path = path
            self.format = format
            self.size = size
            self.sha256 = sha256
        }
    }

    /// The version's Ed25519 signature over its statement.
    public struct Signature: Codable, Hashable, Sendable {
        /// `ed25519`.
        public var algorithm: String
        /// The first 16 hex digits of the SHA-256 of the raw 32-byte public key.
        public var keyID: String
        /// The 64-byte signature, base64.
        public var value: String
        /// The signature as a file of its 64 raw bytes, for `openssl pkeyutl -sigfile`.
        public var file: FileEntry

        public init(algorithm: String = "ed25519", keyID: String, value: String, file: FileEntry) {
            self.algorithm = algorithm
            self.keyID = keyID
            self.value = value
            self.file = file
        }
    }

    public var venue: String
    public var name: String
    public var version: String
    public var bundle: FileEntry
    /// The build's `manifest.json`.
    public var manifest: FileEntry
    /// The build's validation report, when the pipeline validated.
    public var report: FileEntry?
    /// What the signature binds (``SignedStatement``), base64 of its exact bytes, and its file.
    public var statement: FileEntry
    public var statementBase64: String
    public var signature: Signature?
    /// The bundle's format version (`2.0`).
    public var format: String
    /// The lowest format version a reader must implement to open the bundle (`MAJOR.0`).
    public var minimumReaderFormat: String
    /// The navforge that built the bundle (`navforge 0.1.0`).
    public var generator: String
    /// The inputs the bundle was built from.
    public var sources: [Source]
    /// SHA-256 of the pipeline file, when the build recorded it; `navforge plan` compares it.
    public var pipelineSHA256: String?
    /// When this version was published, UTC, ISO 8601 to the second.
    public var created: String
    /// What changed against the version that was latest when this one was published.
    public var changes: ChangeSummary?

    /// Every file of the version the record lists: bundle, manifest, statement, and the report
    /// and signature when there are ones.
    public var files: [FileEntry] {
        [bundle, manifest, statement] + [report, signature?.file].compactMap { $0 }
    }

    /// The record with every file path prefixed by `folder` (`VERSION/`, `VENUE/VERSION/`).
    public func relocated(under folder: String) -> ReleaseRecord {
        var record = self
        record.bundle.path = folder + bundle.path
        record.manifest.path = folder + manifest.path
        record.report?.path = folder + (report?.path ?? "")
        record.statement.path = folder + statement.path
        record.signature?.file.path = folder + (signature?.file.path ?? "")
        return record
    }
}
