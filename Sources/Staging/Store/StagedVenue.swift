public import VenueModel

/// What the import stage leaves in the staging store: the venue model, the inputs it came from,
/// and what the importers found wrong with them.
public struct StagedVenue: Sendable {
    public var venue: Venue
    public var sources: [SourceFile]
    public var issues: [Issue]

    public init(venue: Venue, sources: [SourceFile], issues: [Issue]) {
        self.venue = venue
        self.sources = sources
        self.issues = issues
    }
}

/// One input file of a build, identified by its content.
public struct SourceFile: Hashable, Sendable, Codable {
    /// The path as the pipeline names it.
    public var path: String
    public var format: String
    public var size: Int64
    /// Lowercase hex SHA-256 of the file's bytes.
    public var sha256: String

    public init(path: String, format: String, size: Int64, sha256: String) {
        self.path = path
        self.format = format
        self.size = size
        self.sha256 = sha256
    }
}
