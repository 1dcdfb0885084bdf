/// The state of an import that reads one CSV table and collects every bad row's error, so one
/// run reports them all.
protocol CSVTableImport {
    var table: CSVTable { get }
    var errors: [ImportError] { get set }
}

extension CSVTableImport {
    /// Checks required columns; reports and returns `false` when any is missing.
    mutating func require(_ columns: [String]) -> Bool {
        do {
            try table.requireColumns(columns)
            return true
        } catch {
            errors.append(error)
            return false
        }
    }

    /// Runs `body` for one row, turning its thrown error into a collected one.
    mutating func row(_ body: (inout Self) throws(ImportError) -> Void) {
        do {
            try body(&self)
        } catch {
            errors.append(error)
        }
    }
}
