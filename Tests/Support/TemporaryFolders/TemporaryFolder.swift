public import Foundation

/// A fresh folder in the temporary directory, removed with all it holds once nothing refers to it.
///
/// A test keeps the folder for as long as it uses what is inside: keeping only a URL taken from it
/// lets the folder go. Tests build unoptimised, where a value lives to the end of its scope, so a
/// local `let` is enough.
public final class TemporaryFolder: Sendable {
    /// Where the folder is.
    public let url: URL

    /// Creates `NAME-UUID` in the temporary directory; the name tells which test a leftover came from.
    public init(_ name: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    public func appendingPathComponent(_ path: String) -> URL {
        url.appendingPathComponent(path)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
