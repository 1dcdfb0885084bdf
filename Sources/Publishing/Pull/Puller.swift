public import Foundation
import NavFormat

/// Keeps a local copy of one venue current from a publication root's catalog: what
/// `navforge pull` runs on servers and kiosks.
///
/// A pull fetches the catalog, takes the venue's latest version, and checks its signed
/// statement against the catalog and the given key before requesting the bundle. The bundle is
/// downloaded into a partial file (resumed with a range request when an earlier run was cut
/// off), checked for the statement's size and SHA-256 and opened with its own checksums, and
/// only then moved into place; `current.json` switches to it atomically and the previous
/// version is removed last. A local copy that already is the latest is left alone.
/// docs/publishing.md, "Pulling", describes the layout and every check.
public struct Puller: Sendable {
    public let destination: URL
    /// Called with one line for each step: fetching, resuming, restarting, installing.
    public var progress: @Sendable (String) -> Void

    public init(into destination: URL, progress: @escaping @Sendable (String) -> Void = { _ in }) {
        self.destination = destination
        self.progress = progress
    }

    /// Brings the local copy of `venue` up to the latest version the catalog at `catalog` lists.
    public func pull(catalog: URL, venue: String, options: PullOptions) throws(PullError) -> PullOutcome {
        guard PublicationRoot.isSafeName(venue) else {
            throw .local(.invalidName(venue, reason: "a venue id is letters, digits, '.', '_', '-', '+' and does not start with '.'"))
        }
        let transport = try PullTransports.transport(for: catalog, stallTimeout: options.stallTimeout)
        let local = PullDestination(url: destination, venue: venue)
        let lock = try PullError.local { () throws(PublishingError) in
            try RootLock(file: local.lockFile) { progress("waiting for another pull into \(local.venueFolder.path)") }
        }
        defer { withExtendedLifetime(lock) {} }
        try PullError.local { () throws(PublishingError) in try removeLeftovers(local, partials: false) }

        progress("fetching \(catalog.printable)")
        let sink = MemorySink(url: catalog.printable, limit: options.maximumCatalogBytes)
        try transport.get(catalog, from: 0, sink: sink)
        let target = try PullTarget(catalog: sink.data, url: catalog, venue: venue, options: options)
        let current = try PullError.local { () throws(PublishingError) in try local.readCurrent() }

        if let current, try isCurrent(current, target, local) {
            return PullOutcome(status: .current, venue: venue, version: current.version, previous: nil,
                               bundle: local.venueFolder.appendingPathComponent(current.bundle.path),
                               size: current.bundle.size, sha256: current.bundle.sha256, keyID: target.verifiedKeyID)
        }
        if let current, !options.allowDowngrade, let installed = SemanticVersion(current.version),
           let offered = SemanticVersion(target.version), offered < installed {
            throw .downgrade(venue: venue, local: current.version, offered: target.version, url: catalog.printable)
        }

        let partial = local.partial(target.version)
        let download = BundleDownload(url: target.bundleURL, partial: partial, size: target.record.bundle.size,
                                      sha256: target.record.bundle.sha256,
                                      transport: try PullTransports.transport(for: target.bundleURL, stallTimeout: options.stallTimeout),
                                      progress: progress)
        let report = try download.run()
        try checkBundle(partial, target)
        let installed = try install(partial, target, catalog: catalog, previous: current, local: local, options: options)
        var outcome = PullOutcome(status: .updated, venue: venue, version: target.version, previous: current?.version,
                                  bundle: installed, size: target.record.bundle.size, sha256: target.record.bundle.sha256,
                                  keyID: target.verifiedKeyID)
        outcome.bytesReceived = report.received
        outcome.resumedAt = report.resumedAt
        outcome.restarts = report.restarts
        return outcome
    }

    /// Whether the local copy is the target already: the same statement and signature, and a
    /// bundle that still has the statement's size and SHA-256. A damaged copy is fetched again.
    private func isCurrent(_ current: PulledCopy, _ target: PullTarget, _ local: PullDestination) throws(PullError) -> Bool {
        guard current.version == target.version, current.statementBase64 == target.record.statementBase64,
              current.signature?.value == target.record.signature?.value,
              current.bundle.sha256 == target.record.bundle.sha256 else { return false }
        let bundle = local.venueFolder.appendingPathComponent(current.bundle.path)
        guard let digest = try? FileDigest(of: bundle), digest.size == current.bundle.size, digest.sha256 == current.bundle.sha256 else {
            progress("the local copy \(bundle.path) is missing or damaged; downloading it again")
            return false
        }
        return true
    }

    /// Opens the downloaded bundle with its section checksums and checks it is the venue and
    /// version the statement names; a bundle that fails is removed.
    private func checkBundle(_ partial: URL, _ target: PullTarget) throws(PullError) {
        do {
            let bundle = try BundleFiles.open(partial, verify: true)
            guard bundle.metadata.venueID == target.venue, bundle.metadata.bundleVersion == target.version else {
                try? FileManager.default.removeItem(at: partial)
                throw PullError.download(url: target.bundleURL.printable,
                                         reason: "the bundle is \(bundle.metadata.venueID) \(bundle.metadata.bundleVersion), "
                                         + "the statement names \(target.venue) \(target.version)")
            }
        } catch let error as PullError {
            throw error
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw .download(url: target.bundleURL.printable, reason: "\(error)")
        }
    }
}
