import Foundation

extension Publisher {
    /// What `publish --merge` did.
    public struct MergeOutcome: Sendable {
        /// `VENUE VERSION` of each version copied in.
        public var added: [String] = []
        /// Versions the root already had with the same bytes.
        public var alreadyPublished: [String] = []
        /// Versions retention removed.
        public var removed: [String] = []
    }

    /// Combines the versions of staging roots (one per CI job) into this root, then rewrites
    /// `latest.json` of each venue touched and the catalog once.
    ///
    /// Everything is checked before anything is copied: each staging version's files against
    /// its record, and each against this root's and the other staging roots' copies of the same
    /// version, so a conflict refuses the whole merge and leaves the root as it was.
    public func merge(_ stagingRoots: [PublicationRoot], keep: Int?) throws(PublishingError) -> MergeOutcome {
        let lock = try RootLock(root: root) { progress("waiting for another publish into \(root.url.path)") }
        defer { withExtendedLifetime(lock) {} }
        try clearIncoming()

        var incoming: [VersionKey: (root: PublicationRoot, record: ReleaseRecord)] = [:]
        // Every venue staged, copied now or by an earlier run that died before its pointers were
        // written: all get their latest.json rewritten.
        var touched = Set<String>()
        var outcome = MergeOutcome()
        for staging in stagingRoots {
            let check = RootVerifier(root: staging).verify()
            guard check.isValid else { throw .invalidRoot(path: staging.url.path, problems: check.problems) }
            try refuseLinks(in: staging)
            for venue in try staging.venueIDs() {
                try PublicationRoot.checkNames(venue: venue, version: "1.0.0")
                for version in try staging.versions(of: venue).map(\.description) {
                    touched.insert(venue)
                    let key = VersionKey(venue: venue, version: version)
                    let record = try CatalogBuilder.release(in: staging, venue: venue, version: version)
                    try checkContents(of: staging.versionFolder(venue, version), record: record)
                    if let other = incoming[key], other.record.bundle.sha256 != record.bundle.sha256 {
                        throw .versionExists(venue: venue, version: version, publishedSHA256: other.record.bundle.sha256,
                                             newSHA256: record.bundle.sha256)
                    }
                    try RetiredVersions.check(root: root, venue: venue, version: version, sha256: record.bundle.sha256)
                    if FileManager.default.fileExists(atPath: root.versionFolder(venue, version).path) {
                        let existing = try CatalogBuilder.release(in: root, venue: venue, version: version)
                        guard existing.bundle.sha256 == record.bundle.sha256 else {
                            throw .versionExists(venue: venue, version: version, publishedSHA256: existing.bundle.sha256,
                                                 newSHA256: record.bundle.sha256)
                        }
                        outcome.alreadyPublished.append("\(venue) \(version)")
                        continue
                    }
                    incoming[key] = (staging, record)
                }
            }
        }
        try createIncoming()
        for key in incoming.keys.sorted(by: { ($0.venue, $0.version) < ($1.venue, $1.version) }) {
            let source = incoming[key]!.root.versionFolder(key.venue, key.version)
            let copy = root.incoming.appendingPathComponent("\(key.venue)-\(key.version)-\(UUID().uuidString)", isDirectory: true)
            do {
                try FileManager.default.copyItem(at: source, to: copy)
                try FileManager.default.createDirectory(at: root.venueFolder(key.venue), withIntermediateDirectories: true)
            } catch {
                throw .io(path: copy.path, reason: "cannot copy \(source.path): \(error.localizedDescription)")
            }
            for name in try root.entries(of: copy) { try DurableFiles.syncFile(copy.appendingPathComponent(name)) }
            try DurableFiles.syncFolder(copy)
            // What goes into place is the copy, so the copy is what is checked.
            try checkCopy(copy, record: incoming[key]!.record)
            try DurableFiles.moveIntoPlace(copy, root.versionFolder(key.venue, key.version))
            progress("merged \(key.venue) \(key.version)")
            outcome.added.append("\(key.venue) \(key.version)")
        }
        let venues = touched.sorted()
        var removing = Set<VersionKey>()
        if let keep {
            for venue in venues {
                let pins = try PinList.read(root: root, venue: venue)
                for (index, version) in try root.versions(of: venue).map(\.description).enumerated()
                where index >= max(keep, 1) && !pins.contains(version) {
                    removing.insert(VersionKey(venue: venue, version: version))
                }
            }
        }
        for venue in venues {
            try RetiredVersions.add(removing.filter { $0.venue == venue }.map(\.version).sorted(), root: root, venue: venue)
        }
        try CatalogBuilder.write(root: root, venues: venues, excluding: removing)
        for venue in venues {
            let versions = removing.filter { $0.venue == venue }.map(\.version).sorted()
            try remove(venue: venue, versions: versions)
            outcome.removed += versions.map { "\(venue) \($0)" }
        }
        return outcome
    }

    /// Refuses a staged version folder holding anything but the regular files its record lists
    /// and the record itself: a symbolic link or an extra file would be copied into the root
    /// and served without ever having been checked.
    private func checkContents(of folder: URL, record: ReleaseRecord) throws(PublishingError) {
        let listed = Set(record.files.map(\.path) + [ReleaseFile.name])
        for name in try root.entries(of: folder) {
            let url = folder.appendingPathComponent(name)
            let type = (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) ?? nil
            guard listed.contains(name), type == .typeRegular else {
                throw .malformed(path: url.path, reason: "a staged version may hold only the regular files its release.json lists")
            }
        }
    }

    /// Refuses a staging root whose venues or versions are links: they would be copied as links
    /// and serve files from outside the root.
    private func refuseLinks(in staging: PublicationRoot) throws(PublishingError) {
        func isLink(_ url: URL) -> Bool {
            ((try? FileManager.default.attributesOfItem(atPath: url.path)[.type]) as? FileAttributeType) == .typeSymbolicLink
        }
        for name in try staging.entries(of: staging.url) where !name.hasPrefix(".") {
            let venue = staging.url.appendingPathComponent(name)
            if isLink(venue) { throw .malformed(path: venue.path, reason: "a staged venue may not be a symbolic link") }
            guard staging.isFolder(venue) else { continue }
            for version in try staging.entries(of: venue) where isLink(venue.appendingPathComponent(version)) {
                throw .malformed(path: venue.appendingPathComponent(version).path, reason: "a staged version may not be a symbolic link")
            }
        }
    }

    /// Checks a copied version folder against its record: every file's size and SHA-256, and the
    /// bundle's own checksums.
    private func checkCopy(_ folder: URL, record: ReleaseRecord) throws(PublishingError) {
        for file in record.files {
            let digest = try FileDigest(of: folder.appendingPathComponent(file.path))
            guard digest.size == file.size, digest.sha256 == file.sha256 else {
                throw .hashMismatch(path: folder.appendingPathComponent(file.path).path, expected: "sha-256 \(file.sha256)",
                                    actual: "sha-256 \(digest.sha256)")
            }
        }
        _ = try BundleFiles.open(folder.appendingPathComponent(record.bundle.path), verify: true)
    }
}
