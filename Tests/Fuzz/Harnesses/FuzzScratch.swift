import Foundation

/// A per-process folder for the targets whose entry point reads a path (OSM streams its file,
/// IMDF reads a folder or an archive): each input is written there under a fixed name.
enum FuzzScratch {
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navforge-fuzz-\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Writes `data` to `name` in the scratch folder and returns its URL.
    static func file(_ name: String, _ data: Data) -> URL {
        let url = folder.appendingPathComponent(name)
        try? data.write(to: url)
        return url
    }

    /// An empty subfolder `name`, for inputs that are folders.
    static func emptyFolder(_ name: String) -> URL {
        let url = folder.appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
