public import Foundation
import VenueModel

/// The character that separates the fields of a record.
///
/// Only single ASCII characters qualify: the reader works on UTF-8 bytes, and a delimiter that
/// could also start a multi-byte sequence, a quote or a line end would make records ambiguous.
public struct CSVDelimiter: Hashable, Sendable, CustomStringConvertible {
    let byte: UInt8

    /// `,` — RFC 4180 and most English-language exports.
    public static let comma = CSVDelimiter(validByte: UInt8(ascii: ","))
    /// `;` — spreadsheet exports in locales that write the decimal separator as a comma.
    public static let semicolon = CSVDelimiter(validByte: UInt8(ascii: ";"))
    /// A horizontal tab, as in `.tsv` files.
    public static let tab = CSVDelimiter(validByte: UInt8(ascii: "\t"))

    /// Creates a delimiter from a configured character, or `nil` if it cannot separate fields.
    ///
    /// Rejects non-ASCII characters, the double quote and line ends.
    public init?(_ character: Character) {
        guard let ascii = character.asciiValue,
              ascii != CSVByte.quote, ascii != CSVByte.carriageReturn, ascii != CSVByte.lineFeed
        else { return nil }
        self.byte = ascii
    }

    private init(validByte: UInt8) {
        self.byte = validByte
    }

    /// The delimiter as written in a pipeline file (`\t` for a tab).
    public var description: String {
        byte == UInt8(ascii: "\t") ? "\\t" : String(UnicodeScalar(byte))
    }
}

/// One field of a CSV record and where it starts in the file.
public struct CSVField: Hashable, Sendable {
    /// The field's text with quotes removed and `""` unescaped; not trimmed.
    public var value: String
    /// 1-based line of the field's first character (the opening quote for a quoted field).
    public var line: Int
    /// 1-based column, in Unicode scalars of that line, of the field's first character.
    public var column: Int
    /// Whether the field was enclosed in double quotes, which shifts its text one column right.
    public var isQuoted: Bool

    public init(value: String, line: Int, column: Int, isQuoted: Bool = false) {
        self.value = value
        self.line = line
        self.column = column
        self.isQuoted = isQuoted
    }

    /// The line and column in the file of the scalar at `offset` (in Unicode scalars) inside `value`.
    ///
    /// Accounts for the opening quote, doubled quotes and line breaks inside quoted fields, so an
    /// error found deep inside a cell (a WKT typo, say) can point at the exact character.
    public func position(ofValueOffset offset: Int) -> (line: Int, column: Int) {
        var line = self.line
        var column = self.column + (isQuoted ? 1 : 0)
        var previousWasCarriageReturn = false
        for scalar in value.unicodeScalars.prefix(max(0, offset)) {
            switch scalar {
            case "\n":
                // The reader counts CR LF as one line break, like a lone CR or LF.
                if !previousWasCarriageReturn { line += 1 }
                column = 1
            case "\r":
                line += 1
                column = 1
            case "\"":
                column += isQuoted ? 2 : 1
            default:
                column += 1
            }
            previousWasCarriageReturn = scalar == "\r"
        }
        return (line, column)
    }
}

/// One record (row) of a CSV file.
public struct CSVRecord: Hashable, Sendable {
    /// The record's fields in file order; never empty.
    public var fields: [CSVField]
    /// 1-based line where the record starts; a quoted field may carry it over later lines.
    public var line: Int

    public init(fields: [CSVField], line: Int) {
        self.fields = fields
        self.line = line
    }

    /// The field values in file order.
    public var values: [String] { fields.map(\.value) }
}

/// Splits UTF-8 CSV data into records, remembering the line and column of every field.
///
/// Follows RFC 4180 and tolerates what real exports do: LF or CRLF (or a lone CR) line ends,
/// a UTF-8 byte order mark, a missing final newline, blank lines (skipped) and a configurable
/// delimiter. It is strict where leniency would silently corrupt data: a stray quote, text after
/// a closing quote, an unterminated quoted field and invalid UTF-8 are errors.
public struct CSVReader: Sendable {
    /// The field separator.
    public var delimiter: CSVDelimiter

    public init(delimiter: CSVDelimiter = .comma) {
        self.delimiter = delimiter
    }

    /// Reads every record of `data`, skipping blank lines.
    ///
    /// - Parameters:
    ///   - data: The file's bytes, UTF-8 encoded, with or without a byte order mark.
    ///   - file: The file name that error and field locations carry.
    /// - Throws: ``ImportError`` at the exact line and column of the first malformed field.
    public func records(in data: Data, file: String) throws(ImportError) -> [CSVRecord] {
        // withUnsafeBytes only rethrows untyped errors, so carry the typed one out in a Result.
        let result = data.withUnsafeBytes { raw -> Result<[CSVRecord], ImportError> in
            var scanner = CSVScanner(bytes: raw.assumingMemoryBound(to: UInt8.self),
                                     delimiter: delimiter.byte, file: file)
            return Result { () throws(ImportError) in try scanner.scanRecords() }
        }
        return try result.get()
    }
}

/// ASCII bytes the scanner branches on.
enum CSVByte {
    static let quote = UInt8(ascii: "\"")
    static let carriageReturn = UInt8(ascii: "\r")
    static let lineFeed = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")

    /// Whether `byte` starts a Unicode scalar, i.e. is not a UTF-8 continuation byte.
    @inline(__always)
    static func startsScalar(_ byte: UInt8) -> Bool { byte & 0xC0 != 0x80 }
}

/// The byte-level state machine behind ``CSVReader``; lives only inside `withUnsafeBytes`.
private struct CSVScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let delimiter: UInt8
    let file: String

    private var index = 0
    /// Line and column of the byte at `index` (column counts scalars, not bytes).
    private var line = 1
    private var column = 1
    /// Reused for quoted fields with `""` escapes, the only fields that are not a plain byte range.
    private var unescaped: [UInt8] = []
    /// Records of one file nearly always have the same width; sizing for it avoids regrowing.
    private var expectedFieldCount = 1

    init(bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, file: String) {
        self.bytes = bytes
        self.delimiter = delimiter
        self.file = file
    }

    mutating func scanRecords() throws(ImportError) -> [CSVRecord] {
        skipByteOrderMark()
        var records: [CSVRecord] = []
        while index < bytes.count {
            let record = try scanRecord()
            if !Self.isBlank(record) { records.append(record) }
        }
        return records
    }

    private mutating func skipByteOrderMark() {
        // Skipped before counting columns, so the first field is still column 1.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
        }
    }

    /// A line with nothing but spaces or tabs: no data, whatever the delimiter.
    private static func isBlank(_ record: CSVRecord) -> Bool {
        guard record.fields.count == 1, let field = record.fields.first, !field.isQuoted else { return false }
        return field.value.utf8.allSatisfy { $0 == CSVByte.space || $0 == CSVByte.tab }
    }

    private mutating func scanRecord() throws(ImportError) -> CSVRecord {
        let recordLine = line
        var fields: [CSVField] = []
        fields.reserveCapacity(expectedFieldCount)
        while true {
            fields.append(try scanField())
            guard index < bytes.count else { break }
            if bytes[index] == delimiter {
                index += 1
                column += 1
                continue
            }
            consumeLineEnd()
            break
        }
        expectedFieldCount = fields.count
        return CSVRecord(fields: fields, line: recordLine)
    }

    /// Steps over CR LF, LF or a lone CR; the caller knows one is at `index`.
    private mutating func consumeLineEnd() {
        if bytes[index] == CSVByte.carriageReturn {
            index += 1
            if index < bytes.count, bytes[index] == CSVByte.lineFeed { index += 1 }
        } else {
            index += 1
        }
        line += 1
        column = 1
    }

    private mutating func scanField() throws(ImportError) -> CSVField {
        if index < bytes.count, bytes[index] == CSVByte.quote {
            return try scanQuotedField()
        }
        return try scanUnquotedField()
    }

    private mutating func scanUnquotedField() throws(ImportError) -> CSVField {
        let start = index, startLine = line, startColumn = column
        while index < bytes.count {
            let byte = bytes[index]
            if byte == delimiter || byte == CSVByte.carriageReturn || byte == CSVByte.lineFeed { break }
            if byte == CSVByte.quote {
                throw error("stray quote in an unquoted field; enclose the whole field in quotes and double the quotes inside it",
                            line: line, column: column)
            }
            if CSVByte.startsScalar(byte) { column += 1 }
            index += 1
        }
        let value = try string(start..<index, line: startLine, column: startColumn)
        return CSVField(value: value, line: startLine, column: startColumn, isQuoted: false)
    }

    private mutating func scanQuotedField() throws(ImportError) -> CSVField {
        let startLine = line, startColumn = column
        index += 1
        column += 1
        let contentStart = index
        var segmentStart = index
        var hasEscapes = false
        unescaped.removeAll(keepingCapacity: true)

        while true {
            guard index < bytes.count else {
                throw error("unterminated quoted field: the closing quote is missing", line: startLine, column: startColumn)
            }
            let byte = bytes[index]
            if byte == CSVByte.quote {
                if index + 1 < bytes.count, bytes[index + 1] == CSVByte.quote {
                    // Keep the first quote of the pair, drop the second.
                    unescaped.append(contentsOf: bytes[segmentStart...index])
                    hasEscapes = true
                    index += 2
                    column += 2
                    segmentStart = index
                    continue
                }
                break
            }
            if byte == CSVByte.lineFeed || byte == CSVByte.carriageReturn {
                // Embedded line breaks stay in the value; only the position moves on.
                consumeLineEnd()
                continue
            }
            if CSVByte.startsScalar(byte) { column += 1 }
            index += 1
        }
        let contentEnd = index
        index += 1
        column += 1
        try checkAfterClosingQuote()

        let value: String
        if hasEscapes {
            unescaped.append(contentsOf: bytes[segmentStart..<contentEnd])
            value = try unescaped.withUnsafeBufferPointer { buffer throws(ImportError) in
                try validatedString(buffer, raw: contentStart..<contentEnd, line: startLine, column: startColumn + 1)
            }
        } else {
            value = try string(contentStart..<contentEnd, line: startLine, column: startColumn + 1)
        }
        return CSVField(value: value, line: startLine, column: startColumn, isQuoted: true)
    }

    private func checkAfterClosingQuote() throws(ImportError) {
        guard index < bytes.count else { return }
        let byte = bytes[index]
        if byte == delimiter || byte == CSVByte.carriageReturn || byte == CSVByte.lineFeed { return }
        guard let found = UTF8Validation.scalar(in: bytes, at: index) else {
            throw invalidUTF8Error(at: index, line: line, column: column)
        }
        throw error("unexpected '\(CSVText.visible(String(found)))' after the closing quote; "
                    + "expected '\(delimiterText)' or the end of the line",
                    line: line, column: column)
    }

    private var delimiterText: String {
        delimiter == CSVByte.tab ? "\\t" : String(UnicodeScalar(delimiter))
    }

    /// The text of `range`, which starts at `line`:`column`.
    private func string(_ range: Range<Int>, line: Int, column: Int) throws(ImportError) -> String {
        if range.isEmpty { return "" }
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        return try validatedString(slice, raw: range, line: line, column: column)
    }

    /// Decodes `text`, or on invalid UTF-8 finds the offending byte in the file range `raw`.
    ///
    /// Validation is per field: delimiters, quotes and line ends are ASCII, so every byte of the
    /// file outside a field is valid by construction and nothing escapes the check.
    private func validatedString(_ text: UnsafeBufferPointer<UInt8>, raw: Range<Int>,
                                 line: Int, column: Int) throws(ImportError) -> String {
        if let value = String(validating: text, as: UTF8.self) { return value }
        var line = line, column = column, position = raw.lowerBound
        let bad = UTF8Validation.firstInvalidOffset(in: bytes, range: raw) ?? raw.lowerBound
        while position < bad {
            let byte = bytes[position]
            if byte == CSVByte.lineFeed, position > raw.lowerBound, bytes[position - 1] == CSVByte.carriageReturn {
                // Second half of CR LF: the break was counted at the CR.
            } else if byte == CSVByte.lineFeed || byte == CSVByte.carriageReturn {
                line += 1
                column = 1
            } else if CSVByte.startsScalar(byte) {
                column += 1
            }
            position += 1
        }
        throw invalidUTF8Error(at: bad, line: line, column: column)
    }

    private func invalidUTF8Error(at offset: Int, line: Int, column: Int) -> ImportError {
        let byte = String(bytes[offset], radix: 16, uppercase: true)
        return error("invalid UTF-8 on line \(line) (byte 0x\(byte.count < 2 ? "0" + byte : byte)); "
                     + "re-export the file as UTF-8 (it may be Latin-1 or Windows-1252)",
                     line: line, column: column)
    }

    private func error(_ message: String, line: Int, column: Int) -> ImportError {
        .invalidInput(message, at: SourceLocation(file: file, line: line, column: column))
    }
}

/// Finds where UTF-8 goes wrong; only used after the fast standard-library check has failed.
private enum UTF8Validation {
    /// The offset of the first byte in `range` that does not start a well-formed UTF-8 sequence
    /// lying entirely inside `range`, or `nil` if the range is valid UTF-8.
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            guard let length = sequenceLength(in: bytes, at: index, end: range.upperBound) else { return index }
            index += length
        }
        return nil
    }

    /// The scalar starting at `offset`, if a well-formed one does.
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Unicode.Scalar? {
        guard let length = sequenceLength(in: bytes, at: offset, end: bytes.count) else { return nil }
        let slice = UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)])
        return String(validating: slice, as: UTF8.self)?.unicodeScalars.first
    }

    /// Table 3-7 of the Unicode standard: rejects overlong forms, surrogates and values past U+10FFFF.
    private static func sequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int? {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return nil
        }
        guard index + length <= end, secondRange.contains(bytes[index + 1]) else { return nil }
        for next in (index + 2)..<(index + length) where !(0x80...0xBF).contains(bytes[next]) {
            return nil
        }
        return length
    }
}

/// Text helpers shared by the CSV and WKT readers; namespaced so the module's other importers
/// cannot collide with them.
enum CSVText {
    /// `text` with control characters escaped (`\t`, `\u{1B}`), for quoting input in messages.
    static func visible(_ text: String) -> String {
        var visible = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                visible += scalar.escaped(asASCII: true)
            } else {
                visible.unicodeScalars.append(scalar)
            }
        }
        return visible
    }

    /// `text` without leading and trailing whitespace, and how many scalars were cut at the front.
    ///
    /// Counts Unicode scalars so the result matches the columns ``CSVReader`` reports.
    static func trimmed(_ text: String) -> (text: String, leading: Int) {
        // Most cells start and end with a visible ASCII character: nothing to cut or copy.
        if let first = text.utf8.first, let last = text.utf8.last, isVisibleASCII(first), isVisibleASCII(last) {
            return (text, 0)
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return ("", 0) }
        return (String(scalars[first...last]), scalars.distance(from: scalars.startIndex, to: first))
    }

    private static func isVisibleASCII(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }
}
