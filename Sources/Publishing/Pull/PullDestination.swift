public import Foundation

/// Where `pull` keeps one venue's copy:
///
/// ```
/// DEST/VENUE/current.json                          the installed version (PulledCopy)
/// DEST/VENUE/VERSION/VENUE-VERSION.navbundle       the bundle
/// DEST/VENUE/VERSION/statement.json                the signed statement, as published
/// DEST/VENUE/VERSION/statement.sig                 its Ed25519 signature (64 bytes), when signed
/// DEST/VENUE/.VENUE-VERSION.navbundle.partial      a download in progress or interrupted
/// DEST/VENUE/.pull.lock                            held while a pull changes the folder
/// ```
///
/// A version folder is assembled as `.incoming-*` and renamed into place whole; one being
/// removed is renamed to `.old-*` first. Either kind of leftover is deleted by the next pull.
public struct PullDestination: Sendable {
    /// `DEST`.
    public let url: URL
    public let venue: String

    public init(url: URL, venue: String) {
        self.url = url.standardizedFileURL
        self.venue = venue
    }

    public var venueFolder: URL { url.appendingPathComponent(venue, isDirectory: true) }
    public var current: URL { venueFolder.appendingPathComponent(PulledCopy.fileName) }
    var lockFile: URL { venueFolder.appendingPathComponent(".pull.lock") }

    public func versionFolder(_ version: String) -> URL { venueFolder.appendingPathComponent(version, isDirectory: true) }
    /// The local name of a version's bundle, as `publish` names it.
    public func bundleName(_ version: String) -> String { "\(venue)-\(version).navbundle" }
    public func partial(_ version: String) -> URL { venueFolder.appendingPathComponent(".\(bundleName(version)).partial") }

    /// A fresh name for a folder being assembled (`incoming`) or removed (`old`).
    func scratch(_ kind: String, _ version: String) -> URL {
        venueFolder.appendingPathComponent(".\(kind)-\(version)-\(UUID().uuidString)", isDirectory: true)
    }

    /// Whether `name` is a leftover of an interrupted pull: a folder being assembled or removed.
    static func isScratch(_ name: String) -> Bool {
        name.hasPrefix(".incoming-") || name.hasPrefix(".old-")
    }

    static func isPartial(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".navbundle.partial")
    }

    /// The installed copy, `nil` when there is none.
    public func readCurrent() throws(PublishingError) -> PulledCopy? {
        guard FileManager.default.fileExists(atPath: current.path) else { return nil }
        let copy = try PublishingJSON.read(PulledCopy.self, from: current)
        guard copy.format == PulledCopy.formatName else {
            throw .malformed(path: current.path, reason: "format '\(copy.format)' is not \(PulledCopy.formatName)")
        }
        guard copy.venue == venue else {
            throw .malformed(path: current.path, reason: "describes venue '\(copy.venue)', not '\(venue)'")
        }
        guard Self.isRelativeInside(copy.bundle.path) else {
            throw .malformed(path: current.path, reason: "names '\(copy.bundle.path)', which is not a file of \(venueFolder.path)")
        }
        return copy
    }

    /// Whether `path` is `NAME/NAME/...` with every name safe: no `..`, no absolute path, no
    /// scheme, no hidden file.
    static func isRelativeInside(_ path: String) -> Bool {
        let names = path.split(separator: "/", omittingEmptySubsequences: false)
        return !names.isEmpty && names.allSatisfy { PublicationRoot.isSafeName(String($0)) }
    }
}
