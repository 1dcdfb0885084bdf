/// A staging store that cannot be written or read.
public enum StagingError: Error, Sendable, CustomStringConvertible {
    case database(path: String, SQLiteError)
    case corrupt(String)
    case unsupportedSchema(path: String, found: String?, expected: Int)
    case fileSystem(path: String, reason: String)

    public var description: String {
        switch self {
        case .database(let path, let error):
            return "\(path): \(error)"
        case .corrupt(let detail):
            return "staging store is corrupt: \(detail)"
        case .unsupportedSchema(let path, let found, let expected):
            return "\(path): staging schema version \(found ?? "none") is not \(expected); rebuild with --force"
        case .fileSystem(let path, let reason):
            return "\(path): \(reason)"
        }
    }
}
