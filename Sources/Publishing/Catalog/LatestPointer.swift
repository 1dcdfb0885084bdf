/// `VENUE/latest.json`: the venue's newest version, for clients that follow one venue.
public struct LatestPointer: Codable, Hashable, Sendable {
    public static let fileName = "latest.json"
    public static let formatName = "navforge-latest/1"

    /// `navforge-latest/1`.
    public var format: String
    public var venue: String
    public var version: String
    /// The version's record, paths relative to the venue's folder.
    public var release: ReleaseRecord
}
