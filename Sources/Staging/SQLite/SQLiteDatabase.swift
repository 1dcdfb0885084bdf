import CSQLite
import Foundation

/// A connection to one SQLite database file.
///
/// A deliberately small wrapper over the system library: navforge needs prepared statements,
/// transactions and typed errors, not an ORM. Not thread-safe; use one connection per task.
///
/// Failures are ``StagingError``s, sorted by SQLite's result code into statements the caller
/// got wrong (``StagingError/statement(_:)``), damaged files (``StagingError/damagedDatabase(path:_:)``)
/// and the rest (``StagingError/database(path:_:)``).
public final class SQLiteDatabase {
    public enum Mode: Sendable {
        case readOnly
        case readWrite
        /// Opens or creates the file.
        case create
    }

    let handle: OpaquePointer
    public let path: String

    public init(path: String, mode: Mode) throws(StagingError) {
        var flags: Int32 = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var connection: OpaquePointer?
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open database"
            sqlite3_close_v2(connection)
            throw SQLiteFailure(code: status, message: "\(message): \(path)").error
        }
        handle = connection
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no parameters and return no rows.
    public func execute(_ sql: String) throws(StagingError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if status != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(errorMessage)
            throw SQLiteFailure(code: status, message: message, sql: sql).error
        }
    }

    public func prepare(_ sql: String) throws(StagingError) -> SQLiteStatement {
        try SQLiteStatement(database: self, sql: sql)
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(_ body: () throws(StagingError) -> T) throws(StagingError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The single value of a query such as `SELECT count(*) FROM spaces`.
    public func scalarInt(_ sql: String) throws(StagingError) -> Int64? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.int64(at: 0)
    }

    var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }
}
