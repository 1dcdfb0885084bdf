import Foundation
import NavFormat

/// Derives `catalog.json` and each venue's `latest.json` from the version folders on disk.
enum CatalogBuilder {
    /// The catalog of `root`, leaving out the versions in `excluding` (those about to be removed).
    static func catalog(of root: PublicationRoot, excluding: Set<VersionKey> = []) throws(PublishingError) -> CatalogFile {
        var venues: [CatalogFile.Venue] = []
        for venue in try root.venueIDs() {
            let pins = try PinList.read(root: root, venue: venue)
            var versions: [CatalogFile.Version] = []
            for version in try root.versions(of: venue) where !excluding.contains(VersionKey(venue: venue, version: version.description)) {
                let record = try release(in: root, venue: venue, version: version.description)
                versions.append(.init(pinned: pins.contains(version.description), release: record.relocated(under: "\(venue)/\(version)/")))
            }
            guard let newest = versions.first else { continue }
            venues.append(.init(id: venue, name: newest.release.name, latest: newest.release.version, versions: versions))
        }
        let updated = venues.flatMap { $0.versions.map(\.release.created) }.max()
        return CatalogFile(format: CatalogFile.formatName, generator: NavforgeRelease.generator, updated: updated, venues: venues)
    }

    /// The `latest.json` of `venue`: its highest version not in `excluding`; `nil` when it has none.
    static func latest(of root: PublicationRoot, venue: String, excluding: Set<VersionKey> = []) throws(PublishingError) -> LatestPointer? {
        guard let version = try root.versions(of: venue).first(where: { !excluding.contains(VersionKey(venue: venue, version: $0.description)) })
        else { return nil }
        let record = try release(in: root, venue: venue, version: version.description)
        return LatestPointer(format: LatestPointer.formatName, venue: venue, version: version.description,
                             release: record.relocated(under: "\(version)/"))
    }

    /// The `release.json` of a version folder, checked to describe that venue and version.
    static func release(in root: PublicationRoot, venue: String, version: String) throws(PublishingError) -> ReleaseRecord {
        guard PublicationRoot.isSafeName(venue), PublicationRoot.isSafeName(version) else {
            throw .invalidName("\(venue)/\(version)", reason: "not a venue and version of the root")
        }
        let url = root.versionFolder(venue, version).appendingPathComponent(ReleaseFile.name)
        let record = try PublishingJSON.read(ReleaseRecord.self, from: url)
        guard record.venue == venue, record.version == version else {
            throw .malformed(path: url.path, reason: "describes \(record.venue) \(record.version), not \(venue) \(version)")
        }
        for path in record.files.map(\.path) where !PublicationRoot.isSafeName(path) {
            throw .malformed(path: url.path, reason: "names '\(path)', which is not a file of the version's folder")
        }
        return record
    }

    /// Writes the venue's `latest.json` (or removes it when the venue has no version left) and
    /// then the catalog, each atomically.
    static func write(root: PublicationRoot, venues: [String], excluding: Set<VersionKey> = []) throws(PublishingError) {
        for venue in venues {
            if let latest = try latest(of: root, venue: venue, excluding: excluding) {
                try DurableFiles.write(PublishingJSON.encode(latest), to: root.latest(venue))
            }
        }
        try DurableFiles.write(PublishingJSON.encode(try catalog(of: root, excluding: excluding)), to: root.catalog)
    }
}

/// A venue's version, as a set member.
struct VersionKey: Hashable {
    var venue: String
    var version: String
}

/// The name of the record file in a version folder.
enum ReleaseFile {
    static let name = "release.json"
}
