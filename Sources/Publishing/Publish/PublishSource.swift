public import Foundation

/// What `publish` takes: a bundle, and from a build folder its manifest and validation report.
public struct PublishSource: Sendable {
    public var bundle: URL
    /// The build's `manifest.json`; without one, `publish` writes a manifest from the bundle's
    /// own metadata.
    public var manifest: URL?
    /// The build's `report.json`.
    public var report: URL?

    public init(bundle: URL, manifest: URL? = nil, report: URL? = nil) {
        self.bundle = bundle
        self.manifest = manifest
        self.report = report
    }

    /// The bundle a build folder's `manifest.json` names, with the manifest and the report
    /// beside it.
    public init(buildFolder: URL) throws(PublishingError) {
        let manifestURL = buildFolder.appendingPathComponent("manifest.json")
        guard FileManager.default.fileExists(atPath: manifestURL.path) else {
            throw .io(path: buildFolder.path, reason: "no manifest.json: not a build folder, or its bundle stage has not run")
        }
        let manifest = try PublishingJSON.read(BuildManifest.self, from: manifestURL)
        guard PublicationRoot.isSafeName(manifest.bundle.file) else {
            throw .malformed(path: manifestURL.path, reason: "bundle.file '\(manifest.bundle.file)' is not a file name")
        }
        let report = buildFolder.appendingPathComponent("report.json")
        self.init(bundle: buildFolder.appendingPathComponent(manifest.bundle.file), manifest: manifestURL,
                  report: FileManager.default.fileExists(atPath: report.path) ? report : nil)
    }
}
