/// Why the staging store, its SQLite wrapper or a GeoPackage geometry failed: the one error type
/// the `Staging` module throws.
///
/// Whose fault it is decides the case:
///
/// - The caller's mistakes: ``missingStore(path:)``, a store read before the import stage wrote
///   one (or from the wrong path); ``statement(_:)``, SQL handed to the wrapper that SQLite will
///   not compile against the database, values bound to parameters the statement lacks, or the
///   wrapper used out of order.
/// - Damaged or foreign data: ``corrupt(_:)``, a store whose rows do not decode;
///   ``corruptGeometry(_:)``, a geometry blob that is not GeoPackage geometry;
///   ``unsupportedSchema(path:found:expected:)``, a store another version wrote;
///   ``damagedDatabase(path:_:)``, a file SQLite finds damaged or not a database at all, or a
///   store file without the store's tables.
/// - Neither: ``database(path:_:)``, SQLite failing otherwise (a full disk, a lock, a file it
///   cannot open); ``fileSystem(path:reason:)``, the store's folder or file.
///
/// SQLite cases carry the store's path when the store reports them, and none when the wrapper
/// does: a wrapper's statement has no store to name.
public enum StagingError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingStore(path: String)
    case statement(SQLiteFailure)
    case corrupt(String)
    case corruptGeometry(String)
    case unsupportedSchema(path: String, found: String?, expected: Int)
    case damagedDatabase(path: String?, SQLiteFailure)
    case database(path: String?, SQLiteFailure)
    case fileSystem(path: String, reason: String)

    public var description: String {
        switch self {
        case .missingStore(let path):
            return "\(path): no staging store here; run the import stage first"
        case .statement(let failure):
            return failure.description
        case .corrupt(let detail):
            return "staging store is corrupt: \(detail)"
        case .corruptGeometry(let detail):
            return detail
        case .unsupportedSchema(let path, let found, let expected):
            return "\(path): staging schema version \(found ?? "none") is not \(expected); rebuild with --force"
        case .damagedDatabase(let path, let failure), .database(let path, let failure):
            return path.map { "\($0): \(failure)" } ?? failure.description
        case .fileSystem(let path, let reason):
            return "\(path): \(reason)"
        }
    }

    /// The error as the store at `path` reports it, naming the store in SQLite's failures.
    ///
    /// The store's statements are its own, so SQLite refusing one is no mistake of the store's
    /// caller: when reading, the file lacks the store's tables (foreign data); when writing, it
    /// is SQLite failing like any other.
    func atStore(_ path: String, reading: Bool) -> StagingError {
        switch self {
        case .statement(let failure):
            return reading ? .damagedDatabase(path: path, failure) : .database(path: path, failure)
        case .damagedDatabase(nil, let failure):
            return .damagedDatabase(path: path, failure)
        case .database(nil, let failure):
            return .database(path: path, failure)
        default:
            return self
        }
    }
}
