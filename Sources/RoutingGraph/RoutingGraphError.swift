public import NavFormat

/// Why a routing graph could not be configured, exported, written or read: the one error type
/// the `RoutingGraph` module throws.
///
/// Whose fault it is decides the case:
///
/// - The caller's mistakes: ``unknownProfile(_:known:)``, a profile name the graph does not
///   have; ``invalidSetting(_:reason:)``, a profile setting given a value it cannot take;
///   ``cannotOpenArtifact(path:_:)``, a path that names no file the process can open.
/// - Damaged data: ``damagedArtifact(path:_:)``, a graph artifact whose container, checksums or
///   sections do not hold a graph; ``notGeoJSON(level:reason:)``, a graph with numbers GeoJSON
///   cannot hold (not finite).
/// - Neither: ``cannotWriteArtifact(path:reason:)``, the file system refusing the artifact.
public enum RoutingGraphError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownProfile(String, known: [String])
    /// The message is the reason alone, for callers that name the setting their own way (a
    /// pipeline file names its key and profile).
    case invalidSetting(RoutingProfile.Setting, reason: String)
    case cannotOpenArtifact(path: String, FormatError)
    case damagedArtifact(path: String, FormatError)
    case notGeoJSON(level: String, reason: String)
    case cannotWriteArtifact(path: String, reason: String)

    public var description: String {
        switch self {
        case .unknownProfile(let name, let known):
            return "the graph has no profile '\(name)'; it has \(known.joined(separator: ", "))"
        case .invalidSetting(_, let reason):
            return reason
        case .cannotOpenArtifact(_, let error), .damagedArtifact(_, let error):
            return error.description
        case .notGeoJSON(_, let reason), .cannotWriteArtifact(_, let reason):
            return reason
        }
    }
}
