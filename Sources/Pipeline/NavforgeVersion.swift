import Foundation
import NavFormat

/// The version of navforge itself: part of every cache key and of every bundle's metadata.
public enum NavforgeVersion {
    public static let current = NavforgeRelease.version
    public static var generator: String { "navforge \(current)" }

    /// The version plus the size and modification time of the running executable, so that a
    /// rebuilt or upgraded navforge never reuses results an older build cached.
    static let cacheIdentity: String = {
        guard let executable = Bundle.main.executableURL,
              let attributes = try? FileManager.default.attributesOfItem(atPath: executable.path),
              let size = attributes[.size] as? NSNumber, let modified = attributes[.modificationDate] as? Date else {
            return current
        }
        return "\(current)+\(size.int64Value).\(Int64(modified.timeIntervalSince1970 * 1000))"
    }()
}
