import Foundation
import NavBundle

/// File digests for cache keys, manifests and bundle metadata.
enum NavBundleHashing {
    static func hexDigest(of url: URL) throws -> String {
        try SHA256.hash(fileAt: url).hex
    }
}
