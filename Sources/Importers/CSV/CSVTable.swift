public import Foundation
public import VenueModel

/// CSV records read through their header row: fields by column name instead of by position.
///
/// The first record is the header. Column names match case-insensitively after trimming
/// whitespace, and `renamed` maps the names the importer asks for to the names an export
/// actually uses, so one importer reads every vendor's spelling.
public struct CSVTable: Sendable {
    /// The file name that locations carry.
    public let file: String
    /// The header's non-empty column names, trimmed, in file order.
    public let columnNames: [String]
    /// The data rows, in file order; rows whose fields are all empty are left out.
    public let rows: [CSVRow]
    /// 1-based line of the header row.
    public let headerLine: Int
    private let header: CSVHeader

    /// Builds the table from `records`, the first of which is the header.
    ///
    /// - Parameters:
    ///   - records: The records of one file, as ``CSVReader`` returns them.
    ///   - file: The file name that locations carry.
    ///   - renamed: Maps a field name the caller asks for to the file's column name for it,
    ///     e.g. `["level": "Etage"]`; both sides match case-insensitively.
    /// - Throws: ``ImportError`` for an empty file, a duplicate column name (at the second
    ///   occurrence) or a row whose field count differs from the header's (at the row's line).
    public init(records: [CSVRecord], file: String, renamed: [String: String] = [:]) throws(ImportError) {
        guard let headerRecord = records.first else {
            throw .invalidInput("the file is empty; expected a header row with the column names",
                                at: SourceLocation(file: file, line: 1))
        }
        let header = try CSVHeader(record: headerRecord, file: file, renamed: renamed)
        var rows: [CSVRow] = []
        rows.reserveCapacity(records.count - 1)
        for record in records.dropFirst() {
            // Spreadsheets pad the end of a sheet with `,,,` rows; they carry no data.
            if record.fields.allSatisfy({ CSVText.trimmed($0.value).text.isEmpty }) { continue }
            guard record.fields.count == header.count else {
                // Point at the first extra field, or at the end of a short row's last one.
                var place = SourceLocation(file: file, line: record.line)
                if record.fields.count > header.count {
                    let extra = record.fields[header.count]
                    place = SourceLocation(file: file, line: extra.line, column: extra.column)
                    let value = CSVText.visible(extra.value)
                    throw .invalidInput("row has \(record.fields.count) fields, the header has \(header.count); the first extra one is '\(value)' (a value with the delimiter in it needs quotes)",
                                        at: place)
                }
                if let last = record.fields.last {
                    place = SourceLocation(file: file, line: last.line, column: last.column)
                }
                throw .invalidInput("row has \(record.fields.count) fields, the header has \(header.count)", at: place)
            }
            rows.append(CSVRow(record: record, header: header, file: file))
        }
        self.file = file
        self.header = header
        self.headerLine = headerRecord.line
        self.columnNames = header.names.filter { !$0.isEmpty }
        self.rows = rows
    }

    /// Reads and checks a whole CSV file, its first record the header.
    public init(_ data: Data, file: String, delimiter: CSVDelimiter,
                renamed: [String: String] = [:]) throws(ImportError) {
        let records = try CSVReader(delimiter: delimiter).records(in: data, file: file)
        try self.init(records: records, file: file, renamed: renamed)
    }

    /// Every header field in file order, empty names included, for reading columns by position.
    var headerNames: [String] { header.names }

    /// Whether the file has a column for `name` (after renaming).
    public func hasColumn(_ name: String) -> Bool {
        header.index(of: name) != nil
    }

    /// Checks that the file has a column for each of `names` (after renaming).
    ///
    /// - Throws: ``ImportError`` at the header line naming every missing column and listing the
    ///   columns the file has, so one run fixes the whole header.
    public func requireColumns(_ names: [String]) throws(ImportError) {
        let missing = names.filter { !hasColumn($0) }.map(header.describeMissing)
        guard !missing.isEmpty else { return }
        let existing = columnNames.isEmpty ? "none" : columnNames.map { "'\($0)'" }.joined(separator: ", ")
        let noun = missing.count == 1 ? "missing column" : "missing columns"
        throw .invalidInput("\(noun) \(missing.joined(separator: ", ")); the file has columns \(existing)",
                            at: SourceLocation(file: file, line: headerLine))
    }

    /// The file's column names that none of `fieldNames` (after renaming) refers to.
    ///
    /// For a warning about columns an importer ignores, which often means a misspelt header.
    public func unusedColumns(_ fieldNames: [String]) -> [String] {
        let used = Set(fieldNames.compactMap(header.index(of:)))
        return header.names.indices.filter { !used.contains($0) && !header.names[$0].isEmpty }.map { header.names[$0] }
    }
}

/// One data row of a ``CSVTable``, read by field name.
///
/// Accessors trim whitespace and treat an empty cell as absent; the typed ones throw an
/// ``ImportError`` at the cell quoting the offending text.
public struct CSVRow: Sendable {
    /// 1-based line where the row starts.
    public let line: Int
    /// The file name that locations carry.
    public let file: String
    private let fields: [CSVField]
    private let header: CSVHeader

    init(record: CSVRecord, header: CSVHeader, file: String) {
        self.line = record.line
        self.fields = record.fields
        self.header = header
        self.file = file
    }

    /// The row's start: file and line, without a column.
    public var location: SourceLocation {
        SourceLocation(file: file, line: line)
    }

    /// The trimmed text of field `name`, or `nil` if the cell is empty or the file lacks the column.
    public func string(_ name: String) -> String? {
        guard let field = field(name) else { return nil }
        let text = CSVText.trimmed(field.value).text
        return text.isEmpty ? nil : text
    }

    /// Where the cell of field `name` starts (its opening quote if quoted); the row's start if
    /// the file lacks the column.
    public func location(_ name: String) -> SourceLocation {
        guard let field = field(name) else { return location }
        return SourceLocation(file: file, line: field.line, column: field.column)
    }

    /// Where the character at `valueOffset` (in Unicode scalars) of ``string(_:)`` lies in the file.
    ///
    /// Use it to point inside a cell, e.g. at a WKT syntax error: the cell column plus the offset
    /// would be off by the opening quote, the trimmed spaces and any line breaks in the cell.
    public func location(_ name: String, valueOffset: Int) -> SourceLocation {
        guard let field = field(name) else { return location }
        let (line, column) = field.position(ofValueOffset: CSVText.trimmed(field.value).leading + valueOffset)
        return SourceLocation(file: file, line: line, column: column)
    }

    /// The trimmed text of field `name`.
    ///
    /// - Throws: ``ImportError`` "missing value for column 'x'" at the cell if it is empty, or at
    ///   the row if the file has no such column.
    public func required(_ name: String) throws(ImportError) -> String {
        if let text = string(name) { return text }
        let column = columnName(name)
        if field(name) == nil {
            throw .invalidInput("missing value for column '\(column)': the file has no such column", at: location)
        }
        throw .invalidInput("missing value for column '\(column)'", at: location(name))
    }

    /// Field `name` as a whole number, or `nil` if the cell is empty.
    ///
    /// - Throws: ``ImportError`` at the cell if the text is not a whole number.
    public func int(_ name: String) throws(ImportError) -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text) else {
            throw invalid(name, text, expected: "a whole number")
        }
        return value
    }

    /// Field `name` as a finite decimal number (`12.5`, `-3`, `1e-3`), or `nil` if the cell is empty.
    ///
    /// - Throws: ``ImportError`` at the cell for anything else, including `nan`, `inf` and a
    ///   decimal comma (whose meaning depends on the exporting locale, so it is not guessed).
    public func double(_ name: String) throws(ImportError) -> Double? {
        guard let text = string(name) else { return nil }
        guard let value = DecimalText.parse(text) else {
            let hint = text.contains(",") ? " (write the decimal separator as '.')" : ""
            throw invalid(name, text, expected: "a number", hint: hint)
        }
        return value
    }

    /// Field `name` as a Boolean: `yes`/`no`, `true`/`false` or `1`/`0` in any case; `nil` if empty.
    ///
    /// - Throws: ``ImportError`` at the cell for any other text.
    public func bool(_ name: String) throws(ImportError) -> Bool? {
        guard let text = string(name) else { return nil }
        switch text.lowercased() {
        case "yes", "true", "1": return true
        case "no", "false", "0": return false
        default: throw invalid(name, text, expected: "yes/no, true/false or 1/0")
        }
    }

    /// The file's spelling of the column for field `name`, for messages.
    func columnName(_ name: String) -> String {
        header.columnName(for: name)
    }

    /// The trimmed text of the field in column `index` (0-based), `nil` when empty; for tables
    /// read by position, such as a survey with one column per access point.
    func string(atColumn index: Int) -> String? {
        guard fields.indices.contains(index) else { return nil }
        let text = CSVText.trimmed(fields[index].value).text
        return text.isEmpty ? nil : text
    }

    /// Where the field in column `index` starts.
    func location(atColumn index: Int) -> SourceLocation {
        guard fields.indices.contains(index) else { return location }
        return SourceLocation(file: file, line: fields[index].line, column: fields[index].column)
    }

    private func field(_ name: String) -> CSVField? {
        guard let index = header.index(of: name), fields.indices.contains(index) else { return nil }
        return fields[index]
    }

    private func invalid(_ name: String, _ text: String, expected: String, hint: String = "") -> ImportError {
        .invalidInput("expected \(expected) in column '\(columnName(name))', found '\(CSVText.visible(text))'\(hint)",
                      at: location(name))
    }
}

/// The header row resolved for lookups: normalised names, positions and renames.
struct CSVHeader: Sendable {
    /// Column names as written, trimmed; empty for unnamed columns.
    let names: [String]
    private let positions: [String: Int]
    /// Normalised caller name → file column name as configured.
    private let renamed: [String: String]

    var count: Int { names.count }

    init(record: CSVRecord, file: String, renamed: [String: String]) throws(ImportError) {
        var names: [String] = []
        var positions: [String: Int] = [:]
        for (index, field) in record.fields.enumerated() {
            let name = CSVText.trimmed(field.value).text
            names.append(name)
            // Unnamed columns (a trailing delimiter in the header) cannot be asked for, so
            // several of them are no conflict.
            guard !name.isEmpty else { continue }
            let key = Self.key(name)
            if let first = positions[key] {
                throw .invalidInput("duplicate column '\(name)'; column \(first + 1) ('\(names[first])') has the same name",
                                    at: SourceLocation(file: file, line: field.line, column: field.column))
            }
            positions[key] = index
        }
        self.names = names
        self.positions = positions
        // `min` keeps the choice deterministic when two spellings of one name collide.
        self.renamed = Dictionary(renamed.map { (Self.key($0.key), $0.value) }, uniquingKeysWith: { min($0, $1) })
    }

    /// The position of the column for caller field `name`.
    func index(of name: String) -> Int? {
        positions[Self.key(fileName(for: name))]
    }

    /// The column name for caller field `name` as the file writes it, for messages.
    func columnName(for name: String) -> String {
        if let index = index(of: name) { return names[index] }
        return fileName(for: name)
    }

    /// `'Etage' (for 'level')` when renamed, else `'level'`.
    func describeMissing(_ name: String) -> String {
        let fileName = fileName(for: name)
        return Self.key(fileName) == Self.key(name) ? "'\(fileName)'" : "'\(fileName)' (for '\(name)')"
    }

    private func fileName(for name: String) -> String {
        renamed[Self.key(name)] ?? name
    }

    private static func key(_ name: String) -> String {
        CSVText.trimmed(name).text.lowercased()
    }
}

/// Strict decimal parsing: what a data file should contain, not everything `Double.init` accepts.
enum DecimalText {
    /// The value of `[+-]digits[.digits][e[+-]digits]` (either digit run may be empty, not both),
    /// or `nil` for anything else or a value that overflows to infinity.
    static func parse(_ text: String) -> Double? {
        guard isDecimal(text.utf8), let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Rejects what `Double.init` would take but a data file should not: `nan`, `inf`, hex floats.
    static func isDecimal(_ bytes: String.UTF8View) -> Bool {
        var iterator = bytes.makeIterator()
        var next = iterator.next()
        if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { next = iterator.next() }
        var digits = 0
        while let byte = next, isDigit(byte) { digits += 1; next = iterator.next() }
        if next == UInt8(ascii: ".") {
            next = iterator.next()
            while let byte = next, isDigit(byte) { digits += 1; next = iterator.next() }
        }
        guard digits > 0 else { return false }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            next = iterator.next()
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { next = iterator.next() }
            var exponentDigits = 0
            while let byte = next, isDigit(byte) { exponentDigits += 1; next = iterator.next() }
            guard exponentDigits > 0 else { return false }
        }
        return next == nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
