import Foundation
import NavBundle
import NavFormat

/// `radiomap.navwifi`, which the fingerprints stage writes and the bundle stage reads: the
/// encoded radio map in one `WIFI` section, as the bundle stores it.
///
/// The file's layout lives here rather than in either stage, so that neither stage reaches into
/// the other: the data flows forward through the file.
enum RadioMapArtifact {
    static let kind = ContainerKind(magic: "NAVFWIFI", major: 1, minor: 1)
    /// Since 1.1: where the access points stand (``AccessPointPlacement``).
    static let placements: SectionTag = "APOS"

    /// The encoded radio map a fingerprints stage wrote, checked by opening a locator on it, and
    /// its access points' placements (none in a file before 1.1).
    static func read(from url: URL) throws -> (radioMap: [UInt8], placements: [AccessPointPlacement]) {
        let file = try ContainerFile(path: url.path, kind: kind, kindName: "navforge radio map")
        try file.verifyChecksums()
        guard let section = file.section(BundleFormat.Tag.wifi, version: RadioMapLayout.sectionVersion) else {
            throw FormatError.missingSection("\(BundleFormat.Tag.wifi) version \(RadioMapLayout.sectionVersion)")
        }
        let bytes = [UInt8](try section.bytes(offset: 0, count: section.count))
        _ = try RadioMapLocator(encoded: bytes)
        let placements = try file.section(placements).map { section throws in try AccessPointPlacement.decode(section) } ?? []
        return (bytes, placements)
    }
}
