import Foundation
import Staging
import TemporaryFolders
import Testing

/// The staging module's one error type tells the caller's mistakes from damaged data by case.
@Suite struct StagingErrorTests {
    @Test func readingWhereNoStoreIsIsTheCallersMistake() throws {
        let directory = try TemporaryFolder("navforge-staging")
        let url = directory.appendingPathComponent("missing.sqlite")
        #expect(throws: StagingError.missingStore(path: url.path)) { try StagingStore.read(from: url) }
        #expect(StagingError.missingStore(path: "build/x/staging.sqlite").description
            == "build/x/staging.sqlite: no staging store here; run the import stage first")
    }

    @Test func statementsSQLiteRefusesAreTheCallersMistake() throws {
        let directory = try TemporaryFolder("navforge-staging")
        let database = try SQLiteDatabase(path: directory.appendingPathComponent("t.sqlite").path, mode: .create)
        let syntax = #expect(throws: StagingError.self) { try database.prepare("SELEC 1") }
        guard case .statement(let failure)? = syntax else {
            Issue.record("expected a statement error, got \(String(describing: syntax))")
            return
        }
        #expect(failure.code == 1 && failure.sql == "SELEC 1")
        try database.execute("CREATE TABLE t (a INTEGER)")
        let statement = try database.prepare("INSERT INTO t VALUES (?1)")
        let binding = #expect(throws: StagingError.self) { try statement.run([.integer(1), .integer(2)]) }
        guard case .statement(let bound)? = binding else {
            Issue.record("expected a statement error, got \(String(describing: binding))")
            return
        }
        #expect(bound.code == 25, "SQLITE_RANGE")
    }

    @Test func aRowThatDoesNotDecodeIsDamagedData() throws {
        let directory = try TemporaryFolder("navforge-staging")
        let url = directory.appendingPathComponent("staging.sqlite")
        try StagingStore.write(StagingStoreTests.sampleVenue(), to: url, generator: "navforge test")
        try SQLiteDatabase(path: url.path, mode: .readWrite).execute("UPDATE spaces SET kind = 'bogus' WHERE id = 's2'")
        #expect(throws: StagingError.corrupt("spaces.kind has unknown value 'bogus'")) { try StagingStore.read(from: url) }
    }

    @Test func aFileThatIsNotADatabaseIsDamagedData() throws {
        let directory = try TemporaryFolder("navforge-staging")
        let url = directory.appendingPathComponent("staging.sqlite")
        try Data(repeating: 0x5A, count: 4096).write(to: url)
        let error = #expect(throws: StagingError.self) { try StagingStore.read(from: url) }
        guard case .damagedDatabase(let path, let failure)? = error else {
            Issue.record("expected a damaged database, got \(String(describing: error))")
            return
        }
        #expect(path == url.path)
        #expect(failure.code == 26, "SQLITE_NOTADB")
        #expect(error?.description.hasPrefix("\(url.path): SQLite error 26: ") == true)
    }

    @Test func aDatabaseWithoutTheStoresTablesIsForeignData() throws {
        let directory = try TemporaryFolder("navforge-staging")
        let url = directory.appendingPathComponent("staging.sqlite")
        try SQLiteDatabase(path: url.path, mode: .create).execute("CREATE TABLE other (a INTEGER)")
        let error = #expect(throws: StagingError.self) { try StagingStore.read(from: url) }
        guard case .damagedDatabase(url.path, let failure)? = error else {
            Issue.record("expected a damaged database, got \(String(describing: error))")
            return
        }
        #expect(failure.message == "no such table: metadata")
    }
}
