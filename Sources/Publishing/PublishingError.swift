public import BundleTools

/// Why publishing, verifying or signing failed, with the file or version it is about.
public enum PublishingError: Error, Equatable, CustomStringConvertible {
    /// A file or folder that cannot be read or written, and why.
    case io(path: String, reason: String)
    /// A file whose content is not what its kind requires (JSON, PEM, a bundle, a statement).
    case malformed(path: String, reason: String)
    /// A venue id or version that cannot name a folder of the publication root.
    case invalidName(String, reason: String)
    /// The version is already published with other bytes: versions are immutable.
    case versionExists(venue: String, version: String, publishedSHA256: String, newSHA256: String)
    /// A signature that does not verify, or a statement that does not match its file.
    case signature(path: String, reason: String)
    /// A file whose size or SHA-256 differs from what the catalog or statement says.
    case hashMismatch(path: String, expected: String, actual: String)
    /// The rebuilt bundle regresses beyond the gate's limits; each reason is one line, and the
    /// diff is there for printing in full.
    case regression(venue: String, against: String, reasons: [String], diff: BundleDiff)
    /// A publication root that does not hold together; each problem is one line.
    case invalidRoot(path: String, problems: [String])

    public var description: String {
        switch self {
        case .io(let path, let reason):
            return "\(path): \(reason)"
        case .malformed(let path, let reason):
            return "\(path): \(reason)"
        case .invalidName(let name, let reason):
            return "'\(name)': \(reason)"
        case .versionExists(let venue, let version, let published, let new):
            return "\(venue) \(version) is already published with other bytes (published sha-256 \(published), "
                + "this one \(new)); published versions never change: give the rebuild a new version in its pipeline"
        case .signature(let path, let reason):
            return "\(path): signature check failed: \(reason)"
        case .hashMismatch(let path, let expected, let actual):
            return "\(path): expected \(expected), found \(actual)"
        case .regression(let venue, let against, let reasons, _):
            return "\(venue): refusing to publish, it regresses against the published \(against):\n"
                + reasons.map { "  - \($0)" }.joined(separator: "\n")
                + "\n(publish with --allow-regression if this is intended)"
        case .invalidRoot(let path, let problems):
            return "\(path) is not a valid publication root:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
        }
    }
}
