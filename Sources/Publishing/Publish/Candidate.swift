import FileReading
import Foundation
import NavBundle
import NavFormat

/// A bundle about to be published, opened and checked, with its manifest.
struct Candidate {
    let url: URL
    let bundle: VenueBundle
    let digest: FileDigest
    let manifest: BuildManifest
    /// The manifest's bytes as the build wrote them, or as made from the bundle's metadata.
    let manifestBytes: Data
    let report: URL?

    var metadata: BundleMetadata { bundle.metadata }

    init(source: PublishSource) throws(PublishingError) {
        // A link would be copied as a link, pointing out of the root.
        url = source.bundle.resolvingSymlinksInPath()
        bundle = try BundleFiles.open(url, verify: true)
        digest = try FileDigest(of: url)
        report = source.report
        let metadata = bundle.metadata
        let format = "\(bundle.file.major).\(bundle.file.minor)"
        if let manifestURL = source.manifest {
            do {
                manifestBytes = try FileContents.read(manifestURL)
            } catch {
                throw .io(path: manifestURL.path, reason: "cannot read: \(error.localizedDescription)")
            }
            manifest = try PublishingJSON.decode(BuildManifest.self, from: manifestBytes, path: manifestURL.path)
            guard manifest.bundle.sha256 == digest.sha256, manifest.bundle.size == digest.size else {
                throw .hashMismatch(path: source.bundle.path, expected: "the manifest's sha-256 \(manifest.bundle.sha256)",
                                    actual: "sha-256 \(digest.sha256) (the bundle was rebuilt or changed after the manifest)")
            }
            guard manifest.venue == metadata.venueID, manifest.bundleVersion == metadata.bundleVersion else {
                throw .malformed(path: manifestURL.path, reason: "describes \(manifest.venue) \(manifest.bundleVersion), "
                                 + "the bundle is \(metadata.venueID) \(metadata.bundleVersion)")
            }
        } else {
            manifest = BuildManifest(
                venue: metadata.venueID, name: metadata.venueName, bundleVersion: metadata.bundleVersion, format: format,
                generator: metadata.generator, bundle: .init(file: source.bundle.lastPathComponent, size: digest.size, sha256: digest.sha256),
                sources: metadata.sources.map { .init(path: $0.path, format: $0.format, size: $0.size, sha256: $0.sha256) },
                pipeline: nil, publish: nil)
            manifestBytes = PublishingJSON.encode(manifest)
        }
    }

    /// The file name the bundle is published under: the build's `VENUE-VERSION.navbundle`.
    var publishedName: String {
        "\(metadata.venueID)-\(metadata.bundleVersion).navbundle"
    }
}

/// Opening bundles with publishing's errors.
enum BundleFiles {
    static func open(_ url: URL, verify: Bool) throws(PublishingError) -> VenueBundle {
        do {
            return try VenueBundle(path: url.path, verifyChecksums: verify)
        } catch {
            throw .malformed(path: url.path, reason: "not a bundle navforge can open: \(error)")
        }
    }
}
