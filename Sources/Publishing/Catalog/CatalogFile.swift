/// `catalog.json` at a publication root: every venue with every version, newest first.
///
/// The catalog is derived: `publish` rebuilds it from the version folders' `release.json` files
/// and the venues' `pins.json` each time, so it never disagrees with the folders it describes
/// and a run that died before writing it is completed by the next one.
public struct CatalogFile: Codable, Hashable, Sendable {
    public static let name = "catalog.json"
    public static let formatName = "navforge-catalog/1"

    public struct Version: Codable, Hashable, Sendable {
        /// Never removed by retention (`publish --pin`).
        public var pinned: Bool
        /// The version's record, paths relative to the root.
        public var release: ReleaseRecord
    }

    public struct Venue: Codable, Hashable, Sendable {
        public var id: String
        public var name: String
        /// The highest version (SemVer precedence), the one `latest.json` names.
        public var latest: String
        /// Newest first.
        public var versions: [Version]
    }

    /// `navforge-catalog/1`.
    public var format: String
    /// The navforge that wrote the catalog.
    public var generator: String
    /// The newest `created` among the versions listed: the catalog itself has no clock, so the
    /// same folders always give the same catalog.
    public var updated: String?
    /// Sorted by id.
    public var venues: [Venue]

    public func venue(_ id: String) -> Venue? {
        venues.first { $0.id == id }
    }
}
