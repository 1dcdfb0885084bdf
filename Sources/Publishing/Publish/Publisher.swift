import Foundation
import BundleTools
import NavFormat

/// Publishes versions of venues into a ``PublicationRoot``: immutable, atomic, gated, signed.
///
/// Every change happens under the root's lock, in an order that keeps the root valid if the
/// process dies at any instruction: a version folder is assembled under `.incoming/`, checked,
/// and renamed into place whole; `latest.json` and `catalog.json` are then rewritten atomically
/// from the folders on disk; versions that retention drops leave the catalog before their
/// folders are deleted. docs/publishing.md explains the layout and every field.
public struct Publisher: Sendable {
    public let root: PublicationRoot
    /// Called with one line when the step is long or the root is busy.
    public var progress: @Sendable (String) -> Void

    public init(root: PublicationRoot, progress: @escaping @Sendable (String) -> Void = { _ in }) {
        self.root = root
        self.progress = progress
    }

    /// Publishes one version; publishing the same bytes again changes nothing but pins and
    /// retention.
    public func publish(_ source: PublishSource, options: PublishOptions) throws(PublishingError) -> PublishOutcome {
        let candidate = try Candidate(source: source)
        let venue = candidate.metadata.venueID, version = candidate.metadata.bundleVersion
        try PublicationRoot.checkNames(venue: venue, version: version)

        let lock = try RootLock(root: root) { progress("waiting for another publish into \(root.url.path)") }
        defer { withExtendedLifetime(lock) {} }
        try clearIncoming()
        try checkPins(venue: venue, version: version, options: options)
        try RetiredVersions.check(root: root, venue: venue, version: version, sha256: candidate.digest.sha256)
        if let against = options.against {
            // A CI job publishing into its own staging root: the real root decides whether the
            // version is taken, so that a conflict fails this venue's job, not the merge of all.
            try checkAgainst(against, venue: venue, version: version, sha256: candidate.digest.sha256)
        }

        var outcome: PublishOutcome
        let folder = root.versionFolder(venue, version)
        if FileManager.default.fileExists(atPath: folder.path) {
            let existing = try CatalogBuilder.release(in: root, venue: venue, version: version)
            guard existing.bundle.sha256 == candidate.digest.sha256 else {
                throw .versionExists(venue: venue, version: version, publishedSHA256: existing.bundle.sha256,
                                     newSHA256: candidate.digest.sha256)
            }
            outcome = PublishOutcome(venue: venue, version: version, status: .alreadyPublished,
                                     release: existing.relocated(under: "\(venue)/\(version)/"), latest: version)
        } else {
            let comparison = try compare(candidate, options: options)
            let record = try stage(candidate, changes: comparison.diff.map(ChangeSummary.init), options: options)
            outcome = PublishOutcome(venue: venue, version: version, status: .published,
                                     release: record.relocated(under: "\(venue)/\(version)/"), diff: comparison.diff,
                                     allowedRegressions: comparison.violations, latest: version)
        }
        try updatePins(venue: venue, options: options)
        let removing = try retention(venue: venue, keep: options.keep)
        try RetiredVersions.add(removing, root: root, venue: venue)
        try CatalogBuilder.write(root: root, venues: [venue], excluding: Set(removing.map { VersionKey(venue: venue, version: $0) }))
        try remove(venue: venue, versions: removing)
        outcome.removed = removing
        outcome.latest = try CatalogBuilder.latest(of: root, venue: venue)?.version ?? version
        return outcome
    }

    /// The diff against the version this one follows and the gate's verdict on it.
    private func compare(_ candidate: Candidate, options: PublishOptions) throws(PublishingError)
        -> (diff: BundleDiff?, violations: [String]) {
        let venue = candidate.metadata.venueID
        guard let version = SemanticVersion(candidate.metadata.bundleVersion),
              let (baselineRoot, baseline) = try baseline(venue: venue, below: version, against: options.against) else {
            return (nil, [])
        }
        let record = try CatalogBuilder.release(in: baselineRoot, venue: venue, version: baseline.description)
        let baselineURL = baselineRoot.versionFolder(venue, baseline.description).appendingPathComponent(record.bundle.path)
        progress("comparing with the published \(baseline)")
        let old = try BundleFiles.open(baselineURL, verify: false)
        let diff: BundleDiff
        do {
            diff = try BundleDiff(old: old, new: candidate.bundle)
        } catch {
            throw .malformed(path: candidate.url.path, reason: "cannot compare with \(baselineURL.path): \(error)")
        }
        let gate = options.gate ?? candidate.manifest.publish?.gate ?? RegressionGate()
        let violations = gate.violations(diff)
        if !violations.isEmpty, !options.allowRegression {
            throw .regression(venue: venue, against: baseline.description, reasons: violations, diff: diff)
        }
        return (diff, violations)
    }

    /// The highest published version of `venue` below `version`: in this root, or else in `against`.
    private func baseline(venue: String, below version: SemanticVersion,
                          against: PublicationRoot?) throws(PublishingError) -> (PublicationRoot, SemanticVersion)? {
        for candidateRoot in [root] + (against.map { [$0] } ?? []) {
            if let found = try candidateRoot.versions(of: venue).first(where: { $0 < version }) {
                return (candidateRoot, found)
            }
        }
        return nil
    }

    /// Refuses pins of versions that are neither published nor being published, before anything
    /// is written.
    private func checkPins(venue: String, version: String, options: PublishOptions) throws(PublishingError) {
        let published = Set(try root.versions(of: venue).map(\.description)).union([version])
        for pin in options.pin where !published.contains(pin) {
            throw .invalidName(pin, reason: "cannot pin: \(venue) has no published version \(pin)")
        }
    }

    /// Refuses a version that `against` has with other bytes, published or retired.
    private func checkAgainst(_ against: PublicationRoot, venue: String, version: String, sha256: String) throws(PublishingError) {
        try RetiredVersions.check(root: against, venue: venue, version: version, sha256: sha256)
        guard against.isFolder(against.versionFolder(venue, version)) else { return }
        let existing = try CatalogBuilder.release(in: against, venue: venue, version: version)
        if existing.bundle.sha256 != sha256 {
            throw .versionExists(venue: venue, version: version, publishedSHA256: existing.bundle.sha256, newSHA256: sha256)
        }
    }

    private func updatePins(venue: String, options: PublishOptions) throws(PublishingError) {
        guard !options.pin.isEmpty || !options.unpin.isEmpty else { return }
        var pins = try PinList.read(root: root, venue: venue)
        pins.formUnion(options.pin)
        pins.subtract(options.unpin)
        try PinList.write(pins, root: root, venue: venue)
    }

    /// The versions `keep` drops: all but the newest `keep`, never the latest or a pinned one.
    private func retention(venue: String, keep: Int?) throws(PublishingError) -> [String] {
        guard let keep else { return [] }
        let versions = try root.versions(of: venue).map(\.description)
        let pins = try PinList.read(root: root, venue: venue)
        return versions.enumerated().filter { index, version in
            index >= max(keep, 1) && !pins.contains(version)
        }.map(\.element)
    }

    /// Deletes version folders that the catalog and `latest.json` no longer name: renamed out of
    /// sight first, so a half-deleted folder never looks like a version.
    func remove(venue: String, versions: [String]) throws(PublishingError) {
        for version in versions {
            let trash = root.incoming.appendingPathComponent("removed-\(venue)-\(version)-\(UUID().uuidString)")
            try createIncoming()
            guard rename(root.versionFolder(venue, version).path, trash.path) == 0 else {
                throw .io(path: root.versionFolder(venue, version).path, reason: DurableFiles.errnoText())
            }
            progress("removed \(venue) \(version)")
            try? FileManager.default.removeItem(at: trash)
        }
        if !versions.isEmpty { try DurableFiles.syncFolder(root.venueFolder(venue)) }
    }

    /// Removes what a killed run left in `.incoming/` and its temporary files; only called
    /// under the lock, when no other run can be using them.
    func clearIncoming() throws(PublishingError) {
        if FileManager.default.fileExists(atPath: root.incoming.path) {
            for name in try root.entries(of: root.incoming) {
                try? FileManager.default.removeItem(at: root.incoming.appendingPathComponent(name))
            }
        }
        var folders = [root.url]
        folders += try root.venueIDs().map(root.venueFolder)
        for folder in folders {
            for name in try root.entries(of: folder) where name.hasPrefix(".") && name.hasSuffix(".tmp") {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }

    func createIncoming() throws(PublishingError) {
        do {
            try FileManager.default.createDirectory(at: root.incoming, withIntermediateDirectories: true)
        } catch {
            throw .io(path: root.incoming.path, reason: "cannot create: \(error.localizedDescription)")
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
