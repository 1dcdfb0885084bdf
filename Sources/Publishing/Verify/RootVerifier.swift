public import Crypto
import Foundation

/// Checks a publication root the way a client would trust it: every file the catalog and the
/// `latest.json` files name exists, has the listed size and SHA-256, and every bundle opens with
/// its checksums; with public keys, every version's signature verifies with one of them.
///
/// States a killed `publish` can leave are accepted and noted: a complete version folder the
/// catalog does not list yet, `latest.json` and the catalog a version apart, leftovers in
/// `.incoming/`.
public struct RootVerifier: Sendable {
    public let root: PublicationRoot
    /// With keys, every version must be signed by one of them: several while keys rotate.
    public var publicKeys: [Curve25519.Signing.PublicKey]

    public init(root: PublicationRoot, publicKeys: [Curve25519.Signing.PublicKey] = []) {
        self.root = root
        self.publicKeys = publicKeys
    }

    public func verify() -> RootVerification {
        var result = RootVerification()
        guard FileManager.default.fileExists(atPath: root.url.path) else {
            result.problems.append("\(root.url.path) does not exist")
            return result
        }
        let catalog = readCatalog(&result)
        let venues: [String]
        do {
            venues = try root.venueIDs()
        } catch {
            result.problems.append("\(error)")
            return result
        }
        var checked = Set<VersionKey>()
        for venue in catalog?.venues ?? [] {
            for version in venue.versions {
                let key = VersionKey(venue: venue.id, version: version.release.version)
                guard venue.id == version.release.venue else {
                    result.problems.append("catalog.json: venue \(venue.id) lists a version of \(version.release.venue)")
                    continue
                }
                if checked.insert(key).inserted { checkVersion(venue: venue.id, version: version.release.version, &result) }
                checkListed(version.release, under: "\(venue.id)/\(version.release.version)/", by: "catalog.json", &result)
            }
            if venue.latest != venue.versions.first?.release.version {
                result.problems.append("catalog.json: \(venue.id)'s latest is \(venue.latest), its newest listed version "
                                       + "\(venue.versions.first?.release.version ?? "none")")
            }
        }
        for venue in venues {
            let versions = (try? root.versions(of: venue).map(\.description)) ?? []
            for version in versions where !checked.contains(VersionKey(venue: venue, version: version)) {
                checkVersion(venue: venue, version: version, &result)
                checked.insert(VersionKey(venue: venue, version: version))
                result.notes.append("\(venue)/\(version)/ is complete but not in the catalog yet (an interrupted publish; the next one lists it)")
            }
            checkLatest(venue: venue, versions: versions, catalog: catalog, &result)
        }
        if let leftovers = try? root.entries(of: root.incoming), !leftovers.isEmpty {
            result.notes.append(".incoming/ holds \(leftovers.count) unfinished item(s) from an interrupted publish; the next publish removes them")
        }
        return result
    }

    private func readCatalog(_ result: inout RootVerification) -> CatalogFile? {
        guard FileManager.default.fileExists(atPath: root.catalog.path) else {
            let hasVersions = ((try? root.venueIDs()) ?? []).contains { !((try? root.versions(of: $0)) ?? []).isEmpty }
            if hasVersions {
                result.notes.append("catalog.json is not written yet (an interrupted first publish; the next one writes it)")
            } else {
                result.notes.append("the root is empty")
            }
            return nil
        }
        do {
            let catalog = try PublishingJSON.read(CatalogFile.self, from: root.catalog)
            guard catalog.format == CatalogFile.formatName else {
                result.problems.append("catalog.json: format '\(catalog.format)' is not \(CatalogFile.formatName)")
                return nil
            }
            return catalog
        } catch {
            result.problems.append("\(error)")
            return nil
        }
    }

    private func checkLatest(venue: String, versions: [String], catalog: CatalogFile?, _ result: inout RootVerification) {
        let url = root.latest(venue)
        guard FileManager.default.fileExists(atPath: url.path) else {
            if !versions.isEmpty { result.notes.append("\(venue)/latest.json is not written yet (an interrupted first publish)") }
            return
        }
        do {
            let latest = try PublishingJSON.read(LatestPointer.self, from: url)
            guard latest.format == LatestPointer.formatName, latest.venue == venue, latest.release.venue == venue,
                  latest.release.version == latest.version else {
                result.problems.append("\(venue)/latest.json does not describe \(venue) in format \(LatestPointer.formatName)")
                return
            }
            guard versions.contains(latest.version) else {
                result.problems.append("\(venue)/latest.json names \(latest.version), which has no folder")
                return
            }
            checkListed(latest.release, under: "\(latest.version)/", by: "\(venue)/latest.json", &result)
            if let newest = versions.first, newest != latest.version {
                result.notes.append("\(venue)/latest.json names \(latest.version) while \(newest) is complete (an interrupted publish)")
            }
            if let listed = catalog?.venue(venue)?.latest, listed != latest.version {
                result.notes.append("catalog.json's latest for \(venue) is \(listed), latest.json's \(latest.version) (an interrupted publish)")
            }
        } catch {
            result.problems.append("\(error)")
        }
    }

    /// Checks that a record listed by the catalog or `latest.json` is the folder's own.
    private func checkListed(_ listed: ReleaseRecord, under prefix: String, by file: String, _ result: inout RootVerification) {
        guard let own = try? CatalogBuilder.release(in: root, venue: listed.venue, version: listed.version) else {
            result.problems.append("\(file) lists \(listed.venue) \(listed.version), which has no complete folder")
            return
        }
        if own.relocated(under: prefix) != listed {
            result.problems.append("\(file): the entry for \(listed.venue) \(listed.version) differs from its release.json")
        }
    }
}
