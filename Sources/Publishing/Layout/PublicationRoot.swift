public import Foundation
public import NavFormat

/// A publication root: the folder `navforge publish` writes and a static host serves.
///
/// ```
/// ROOT/catalog.json                     every venue and version (docs/publishing.md)
/// ROOT/VENUE/latest.json                the venue's newest version
/// ROOT/VENUE/pins.json                  versions retention never removes
/// ROOT/VENUE/retired.json               versions retention removed, and their bundles' hashes
/// ROOT/VENUE/VERSION/VENUE-VERSION.navbundle
/// ROOT/VENUE/VERSION/manifest.json      the build's manifest
/// ROOT/VENUE/VERSION/report.json        the build's validation report, when it had one
/// ROOT/VENUE/VERSION/statement.json     what the signature binds: venue, version, file hash
/// ROOT/VENUE/VERSION/statement.sig      its Ed25519 signature, when signed
/// ROOT/VENUE/VERSION/release.json       the version's catalog entry
/// ```
///
/// A version folder is assembled under `.incoming/` and renamed into place whole, so a folder
/// named like a version is always complete.
public struct PublicationRoot: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url.standardizedFileURL
    }

    public var catalog: URL { url.appendingPathComponent(CatalogFile.name) }
    /// Where version folders are assembled before they are renamed into place.
    public var incoming: URL { url.appendingPathComponent(".incoming", isDirectory: true) }
    /// Held while a `publish` changes the root, so two runs take turns.
    public var lockFile: URL { url.appendingPathComponent(".navforge-publish.lock") }

    public func venueFolder(_ venue: String) -> URL { url.appendingPathComponent(venue, isDirectory: true) }
    public func latest(_ venue: String) -> URL { venueFolder(venue).appendingPathComponent(LatestPointer.fileName) }
    public func pins(_ venue: String) -> URL { venueFolder(venue).appendingPathComponent("pins.json") }
    /// The versions retention removed, whose numbers stay taken.
    public func retired(_ venue: String) -> URL { venueFolder(venue).appendingPathComponent("retired.json") }
    public func versionFolder(_ venue: String, _ version: String) -> URL {
        venueFolder(venue).appendingPathComponent(version, isDirectory: true)
    }

    /// The venues with a folder in the root, sorted.
    public func venueIDs() throws(PublishingError) -> [String] {
        try entries(of: url).filter { Self.isSafeName($0) && !$0.lowercased().hasSuffix(".json") && isFolder(venueFolder($0)) }
    }

    /// The versions with a complete folder for `venue`, newest first.
    public func versions(of venue: String) throws(PublishingError) -> [SemanticVersion] {
        let folder = venueFolder(venue)
        guard isFolder(folder) else { return [] }
        return try entries(of: folder).compactMap { name in
            guard isFolder(folder.appendingPathComponent(name)), let version = SemanticVersion(name), version.build == nil
            else { return nil }
            return version
        }.sorted(by: >)
    }

    /// Whether `name` can name a file or folder here: letters, digits, `.`, `_`, `-`, `+`, not
    /// starting with a dot, so that no venue, version or listed file reaches outside its folder or
    /// hides as a dot file.
    public static func isSafeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != ".", name.utf8.count <= 128 else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-+".unicodeScalars.contains(scalar))
        }
    }

    /// Refuses a venue id or version that cannot name a folder.
    ///
    /// Venue ids ending in `.json` are refused because they would take the names of the root's
    /// own files (`catalog.json`). Versions with build metadata (`1.0.0+b`) are refused because
    /// SemVer ignores it in precedence: `1.0.0+a` and `1.0.0+b` would be two different bundles
    /// of one version.
    public static func checkNames(venue: String, version: String) throws(PublishingError) {
        guard isSafeName(venue), !venue.lowercased().hasSuffix(".json") else {
            throw .invalidName(venue, reason: "a venue id must be letters, digits, '.', '_', '-', not start with '.' "
                               + "and not end in '.json'")
        }
        guard isSafeName(version), let parsed = SemanticVersion(version) else {
            throw .invalidName(version, reason: "a published version must be a semantic version (MAJOR.MINOR.PATCH)")
        }
        guard parsed.build == nil else {
            throw .invalidName(version, reason: "a published version may not carry build metadata ('+...'): SemVer orders "
                               + "1.0.0+a and 1.0.0+b alike, so they could not be told apart as versions")
        }
    }

    func entries(of folder: URL) throws(PublishingError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw .io(path: folder.path, reason: "cannot list: \(error.localizedDescription)")
        }
    }

    /// Whether `url` is a folder itself, not a link to one: a linked venue or version would put
    /// files from outside the root into the catalog.
    func isFolder(_ url: URL) -> Bool {
        let type = (try? FileManager.default.attributesOfItem(atPath: url.path)[.type]) as? FileAttributeType
        return type == .typeDirectory
    }
}

extension PublicationRoot {
    /// The record of a published version.
    public func release(venue: String, version: String) throws(PublishingError) -> ReleaseRecord {
        try CatalogBuilder.release(in: self, venue: venue, version: version)
    }

    /// The record of the venue's highest complete version, `nil` when it has none; read from the
    /// folders, so it is right even when an interrupted publish left `latest.json` behind.
    public func latestRelease(venue: String) throws(PublishingError) -> ReleaseRecord? {
        guard PublicationRoot.isSafeName(venue), let version = try versions(of: venue).first else { return nil }
        return try release(venue: venue, version: version.description)
    }
}
