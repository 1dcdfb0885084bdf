import Foundation
import NavBundle
import NavFormat

/// The report `navforge inspect` prints, as lines or JSON.
struct BundleInspection: Encodable {
    struct Section: Encodable {
        var tag: String
        var version: UInt16
        var offset: Int
        var length: Int
        var checksum: String
    }

    var file: String
    var size: Int
    var format: String
    /// The SHA-256 of the file as it lies on disk: what `sha256sum` prints and `manifest.json` lists.
    var fileSHA256: String
    /// The header's own hash: the SHA-256 of the file with the hash's 32 bytes zeroed, which a
    /// reader checks; `nil` in a development-format bundle.
    var contentSHA256: String?
    var verified: Bool
    var verificationError: String?
    var counts: [String: Int]
    var profiles: [String]
    var sections: [Section]
    var metadata: BundleMetadata

    init(_ venue: VenueBundle, path: String) {
        let container = venue.file
        file = path
        size = container.bytes.count
        format = "\(container.major).\(container.minor)"
        var hasher = SHA256()
        hasher.update(container.bytes.buffer)
        fileSHA256 = hasher.finalize().hex
        contentSHA256 = container.recordedFileChecksum.map { $0.map { String(format: "%02x", $0) }.joined() }
        do {
            try container.verifyChecksums()
            verificationError = nil
        } catch {
            verificationError = error.description
        }
        verified = verificationError == nil
        counts = ["levels": venue.levelCount, "nodes": venue.nodeCount, "arcs": venue.arcCount,
                  "places": venue.placeCount, "events": venue.eventCount]
        profiles = venue.profileNames
        sections = container.sections.map { entry in
            Section(tag: entry.tag.description, version: entry.version, offset: entry.offset, length: entry.length,
                    checksum: String(format: "%016llx", entry.checksum))
        }
        metadata = venue.metadata
    }

    func lines() -> [String] {
        var result = [
            "file      \(file) (\(size) bytes)",
            "format    \(format), \(sections.count) sections",
            "sha-256   \(fileSHA256)  the file's, as sha256sum prints it and manifest.json lists it",
            "content   \(contentSHA256 ?? "none (a development-format bundle)")"
                + (contentSHA256 == nil ? "" : "  embedded in the header: the file's SHA-256 with these 32 bytes zeroed"),
            "verified  \(verificationError.map { "NO: \($0)" } ?? "yes, the whole file and every section")",
            "venue     \(metadata.venueID) (\(metadata.venueName)), version \(metadata.bundleVersion), \(metadata.generator)",
            "contents  " + ["levels", "nodes", "arcs", "places", "events"].map { "\(counts[$0] ?? 0) \($0)" }.joined(separator: ", "),
            "profiles  \(profiles.joined(separator: ", "))",
            "",
            "section  version      offset      length  checksum",
        ]
        for section in sections {
            result.append(section.tag.padding(toLength: 9, withPad: " ", startingAt: 0)
                + String(format: "%7d %11d %11d  %@", Int(section.version), section.offset, section.length, section.checksum))
        }
        result.append("")
        result.append("metadata")
        for source in metadata.sources {
            var line = "  source  \(source.path)  sha256 \(source.sha256.prefix(16))…"
            if let license = source.license { line += "  licence \(license)" }
            if let attribution = source.attribution { line += "  \(attribution)" }
            result.append(line)
        }
        if let levels = metadata.levels {
            for level in levels {
                result.append("  level   \(level.id): \(level.name)\(level.building.map { ", \($0)" } ?? "") (ordinal \(level.ordinal))")
            }
        }
        if let box = metadata.boundingBox {
            result.append("  extent  \(box.south), \(box.west) to \(box.north), \(box.east)")
        }
        if let date = metadata.buildDate { result.append("  built   \(date)") }
        return result
    }
}
