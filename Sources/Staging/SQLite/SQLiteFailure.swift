/// A failure reported by SQLite, with the statement it concerned.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// SQLite's primary result code (`SQLITE_CONSTRAINT` is 19, ...).
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
}
