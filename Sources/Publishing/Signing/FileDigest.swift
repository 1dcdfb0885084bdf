public import Foundation
import NavFormat

/// A file's size and SHA-256 (lowercase hex, as `sha256sum` prints it).
public struct FileDigest: Hashable, Sendable {
    public var size: Int
    public var sha256: String

    public init(of url: URL) throws(PublishingError) {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw .io(path: url.path, reason: "cannot read: \(error.localizedDescription)")
        }
        do {
            sha256 = try SHA256.hash(fileAt: url).hex
        } catch {
            throw .io(path: url.path, reason: "\(error)")
        }
    }

    public init(of data: Data) {
        size = data.count
        sha256 = SHA256.hash(data).hex
    }
}
