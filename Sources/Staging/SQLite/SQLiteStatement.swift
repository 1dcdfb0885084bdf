import CSQLite
public import Foundation

/// A prepared statement: bind parameters by position (1-based), step, read columns (0-based).
public final class SQLiteStatement {
    private let database: SQLiteDatabase
    private let statement: OpaquePointer
    private let sql: String

    init(database: SQLiteDatabase, sql: String) throws(StagingError) {
        var prepared: OpaquePointer?
        let status = sqlite3_prepare_v2(database.handle, sql, -1, &prepared, nil)
        guard status == SQLITE_OK, let prepared else {
            throw SQLiteFailure(code: status, message: database.lastErrorMessage, sql: sql).error
        }
        self.database = database
        self.statement = prepared
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(statement)
    }

    /// Binds values to `?1`, `?2`, ... in order; `nil` binds NULL.
    public func bind(_ values: [SQLiteValue?]) throws(StagingError) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case nil:
                status = sqlite3_bind_null(statement, index)
            case .integer(let number)?:
                status = sqlite3_bind_int64(statement, index, number)
            case .real(let number)?:
                status = sqlite3_bind_double(statement, index, number)
            case .text(let text)?:
                status = sqlite3_bind_text(statement, index, text, -1, navforge_sqlite_transient())
            case .blob(let data)?:
                status = data.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(statement, index, buffer.baseAddress, Int32(buffer.count),
                                      navforge_sqlite_transient())
                }
            }
            guard status == SQLITE_OK else {
                throw SQLiteFailure(code: status, message: database.lastErrorMessage, sql: sql).error
            }
        }
    }

    /// Binds and runs a statement that returns no rows.
    public func run(_ values: [SQLiteValue?] = []) throws(StagingError) {
        try bind(values)
        _ = try step()
    }

    /// Advances to the next row; `false` when done.
    public func step() throws(StagingError) -> Bool {
        let status = sqlite3_step(statement)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteFailure(code: status, message: database.lastErrorMessage, sql: sql).error
        }
    }

    public func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(statement, column) == SQLITE_NULL
    }

    public func int64(at column: Int32) -> Int64? {
        isNull(at: column) ? nil : sqlite3_column_int64(statement, column)
    }

    public func int(at column: Int32) -> Int? {
        int64(at: column).map { Int($0) }
    }

    public func double(at column: Int32) -> Double? {
        isNull(at: column) ? nil : sqlite3_column_double(statement, column)
    }

    public func text(at column: Int32) -> String? {
        guard !isNull(at: column), let pointer = sqlite3_column_text(statement, column) else { return nil }
        return String(cString: pointer)
    }

    public func blob(at column: Int32) -> Data? {
        guard !isNull(at: column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let pointer = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: pointer, count: count)
    }
}

/// A value SQLite can store.
public enum SQLiteValue: Hashable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

extension SQLiteValue {
    public static func from(_ value: String?) -> SQLiteValue? { value.map(SQLiteValue.text) }
    public static func from(_ value: Int?) -> SQLiteValue? { value.map { .integer(Int64($0)) } }
    public static func from(_ value: Int64?) -> SQLiteValue? { value.map(SQLiteValue.integer) }
    public static func from(_ value: Double?) -> SQLiteValue? { value.map(SQLiteValue.real) }
    public static func from(_ value: Bool?) -> SQLiteValue? { value.map { .integer($0 ? 1 : 0) } }
}
