import Foundation

/// `VENUE/retired.json`: the versions retention removed, with their bundles' SHA-256.
///
/// A removed version's number stays taken: publishing it again is allowed only with the same
/// bytes, so that no two bundles are ever signed and served as one version.
struct RetiredVersions: Codable {
    /// Version → the SHA-256 of the bundle it was published with.
    var retired: [String: String]

    static func read(root: PublicationRoot, venue: String) throws(PublishingError) -> [String: String] {
        let url = root.retired(venue)
        guard FileManager.default.fileExists(atPath: url.path) else { return [:] }
        return try PublishingJSON.read(RetiredVersions.self, from: url).retired
    }

    /// Records `versions` of `venue` as retired, durably, before their folders go.
    static func add(_ versions: [String], root: PublicationRoot, venue: String) throws(PublishingError) {
        guard !versions.isEmpty else { return }
        var retired = try read(root: root, venue: venue)
        for version in versions {
            retired[version] = try CatalogBuilder.release(in: root, venue: venue, version: version).bundle.sha256
        }
        try DurableFiles.write(PublishingJSON.encode(RetiredVersions(retired: retired)), to: root.retired(venue))
    }

    /// Refuses `version` when it was retired with other bytes than `sha256`.
    static func check(root: PublicationRoot, venue: String, version: String, sha256: String) throws(PublishingError) {
        if let retired = try read(root: root, venue: venue)[version], retired != sha256 {
            throw .versionExists(venue: venue, version: version, publishedSHA256: retired, newSHA256: sha256)
        }
    }
}
