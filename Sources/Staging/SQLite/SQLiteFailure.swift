import CSQLite

/// What SQLite reported when it refused something: its result code, its message and the
/// statement concerned.
///
/// A value carried by ``StagingError``'s SQLite cases, not an error of its own, so the staging
/// module throws one error type.
public struct SQLiteFailure: Hashable, Sendable, CustomStringConvertible {
    /// SQLite's result code, extended where SQLite gives one (`SQLITE_CONSTRAINT` is 19, ...).
    public var code: Int32
    public var message: String
    public var sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql.prefix(120)))" }
        return text
    }

    /// The failure as the staging module throws it, sorted by whose fault SQLite's primary result
    /// code says it is.
    var error: StagingError {
        switch code & 0xFF {
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return .damagedDatabase(path: nil, self)
        case SQLITE_ERROR, SQLITE_RANGE, SQLITE_MISUSE:
            return .statement(self)
        default:
            return .database(path: nil, self)
        }
    }
}
