import Foundation

/// The public datasets in `../shared/data` beside the repository. Tests that use them are
/// skipped, with this message, when the folder is absent.
enum SharedData {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data")

    static func file(_ path: String) -> URL {
        folder.appendingPathComponent(path)
    }

    static func has(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: file(path).path)
    }

    static let missingMessage = "../shared/data is absent: the real-data tests are skipped"
}
