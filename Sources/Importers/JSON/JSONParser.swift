public import Foundation

/// A strict RFC 8259 parser that reports exact positions and records where every object starts.
///
/// Written for GeoJSON and IMDF inputs, which may be large and may be hostile: it works on the
/// UTF-8 bytes directly, validates UTF-8, bounds nesting depth, and never reads outside the
/// buffer. Foundation's parsers are several times slower here and report no line numbers.
public enum JSONParser {
    /// Parses one JSON document; a malformed one throws ``ImportError/jsonSyntax(_:line:column:)``
    /// at the offending character.
    public static func parse(_ data: Data, maximumDepth: Int = 256) throws(ImportError) -> JSONValue {
        let result: Result<JSONValue, ImportError> = data.withUnsafeBytes { buffer in
            var parser = JSONByteParser(bytes: buffer, maximumDepth: maximumDepth)
            do throws(ImportError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// The parser state over one buffer.
struct JSONByteParser {
    private let bytes: UnsafeRawBufferPointer
    private let maximumDepth: Int
    private var index = 0
    private var depth = 0
    /// 1-based number of the line `index` is on, and the byte offset where that line starts.
    private var line = 1
    private var lineStart = 0
    /// The last column computed on the current line, so columns cost amortised O(1) even when a
    /// whole document sits on one line.
    private var columnMark = (offset: 0, column: 1)

    /// Longest number accepted; real coordinates have fewer than 30 characters.
    private static let maximumNumberLength = 1000

    init(bytes: UnsafeRawBufferPointer, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    mutating func parseDocument() throws(ImportError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
            columnMark = (3, 1)
        }
        skipWhitespace()
        guard index < bytes.count else { throw error("the document is empty") }
        let value = try parseValue()
        skipWhitespace()
        guard index >= bytes.count else { throw error("unexpected \(describeCurrent()) after the end of the document") }
        return value
    }

    // MARK: - Values

    private mutating func parseValue() throws(ImportError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return .array(try parseArray())
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func enter() throws(ImportError) {
        depth += 1
        if depth > maximumDepth { throw error("nesting is deeper than \(maximumDepth) levels") }
    }

    private mutating func parseObject() throws(ImportError) -> JSONObject {
        let startLine = line
        let startColumn = column(at: index)
        try enter()
        index += 1
        var keys: [String] = []
        var values: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return JSONObject(keys: keys, values: values, line: startLine, column: startColumn)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an object that started at line \(startLine), column \(startColumn)") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes, found \(describeCurrent())") }
            keys.append(try parseString())
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after a member name")
            skipWhitespace()
            values.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an object that started at line \(startLine), column \(startColumn)") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return JSONObject(keys: keys, values: values, line: startLine, column: startColumn)
            default:
                throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
            }
        }
    }

    private mutating func parseArray() throws(ImportError) -> [JSONValue] {
        let startLine = line
        let startColumn = column(at: index)
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an array that started at line \(startLine), column \(startColumn)") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return elements
            default:
                throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
            }
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(ImportError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard count <= bytes.count - index else { throw error("unexpected end of input in '\(word)'") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            index += offset
            throw error("expected '\(word)', found \(describeCurrent())")
        }
        index += count
        return value
    }

    // MARK: - Strings

    private mutating func parseString() throws(ImportError) -> String {
        let quote = index
        index += 1
        let start = index
        // Fast path: no escapes, so the string is the bytes between the quotes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let string = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character 0x\(String(byte, radix: 16)) must be escaped in a string") }
            if byte >= 0x80 { try skipUTF8Sequence() } else { index += 1 }
        }
        guard index < bytes.count else { throw unterminatedString(at: quote) }
        var scalars = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &scalars)
            case 0..<0x20:
                throw error("control character 0x\(String(byte, radix: 16)) must be escaped in a string")
            case 0x80...:
                let sequenceStart = index
                try skipUTF8Sequence()
                scalars.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[sequenceStart..<index]))
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw unterminatedString(at: quote)
    }

    private mutating func unterminatedString(at quote: Int) -> ImportError {
        let (quoteLine, quoteColumn) = position(of: quote)
        return .jsonSyntax("unexpected end of input inside a string that started at line \(quoteLine), column \(quoteColumn)",
                           line: line, column: column(at: index))
    }

    private mutating func appendEscape(to scalars: inout [UInt8]) throws(ImportError) {
        index += 1
        guard index < bytes.count else { throw error("unexpected end of input in an escape sequence") }
        let byte = bytes[index]
        let simple: UInt8? = switch byte {
        case UInt8(ascii: "\""): 0x22
        case UInt8(ascii: "\\"): 0x5C
        case UInt8(ascii: "/"): 0x2F
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            scalars.append(simple)
            index += 1
            return
        }
        guard byte == UInt8(ascii: "u") else {
            index -= 1
            throw error("invalid escape '\\\(describe(byte))'")
        }
        let escapeStart = index - 1
        index += 1
        var value = try hexQuad()
        if (0xD800...0xDBFF).contains(value) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                index = escapeStart
                throw error("a high surrogate \\u\(String(value, radix: 16, uppercase: true)) must be followed by a low surrogate")
            }
            index += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else {
                index = escapeStart
                throw error("\\u\(String(value, radix: 16, uppercase: true)) is followed by \\u\(String(low, radix: 16, uppercase: true)), which is not a low surrogate")
            }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(value) {
            index = escapeStart
            throw error("a low surrogate \\u\(String(value, radix: 16, uppercase: true)) has no high surrogate before it")
        }
        guard let scalar = Unicode.Scalar(value) else { throw error("invalid Unicode escape") }
        scalars.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func hexQuad() throws(ImportError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("unexpected end of input in a \\u escape") }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected a hexadecimal digit in a \\u escape, found \(describeCurrent())")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// Checks one multi-byte UTF-8 sequence at `index` (no overlongs, no surrogates, at most
    /// U+10FFFF) and steps over it.
    private mutating func skipUTF8Sequence() throws(ImportError) {
        let lead = bytes[index]
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(lead & 0x07)
        default: throw error("invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))")
        }
        guard length <= bytes.count - index else { throw error("truncated UTF-8 sequence") }
        for offset in 1..<length {
            let continuation = bytes[index + offset]
            guard continuation & 0xC0 == 0x80 else { throw error("invalid UTF-8 sequence") }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
            throw error("invalid UTF-8 sequence")
        }
        index += length
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws(ImportError) -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0
        // Integer part: 0, or a non-zero digit followed by digits.
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit, found \(describeCurrent())") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("numbers must not have leading zeros") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                accumulate(bytes[index], into: &mantissa, digits: &significantDigits, exponent: &decimalExponent, fraction: false)
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit after the decimal point, found \(describeCurrent())")
            }
            while index < bytes.count, isDigit(bytes[index]) {
                accumulate(bytes[index], into: &mantissa, digits: &significantDigits, exponent: &decimalExponent, fraction: true)
                index += 1
            }
        }
        var exponentPart = 0
        var exponentOverflow = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit in the exponent, found \(describeCurrent())")
            }
            while index < bytes.count, isDigit(bytes[index]) {
                if exponentPart < 100_000 {
                    exponentPart = exponentPart * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                } else {
                    exponentOverflow = true
                }
                index += 1
            }
            if exponentNegative { exponentPart = -exponentPart }
        }
        guard index - start <= Self.maximumNumberLength else {
            index = start
            throw error("number is longer than \(Self.maximumNumberLength) characters")
        }
        // Exact when the digits fit in 53 bits and the power of ten is exactly representable:
        // one correctly rounded multiplication or division (Clinger's fast path).
        let exponent = decimalExponent + exponentPart
        if !exponentOverflow, significantDigits <= 15, mantissa < (1 << 53), abs(exponent) <= 22 {
            var value = Double(mantissa)
            if exponent > 0 { value *= Self.powersOfTen[exponent] } else if exponent < 0 { value /= Self.powersOfTen[-exponent] }
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number '\(text.prefix(40))' is out of range")
        }
        return value
    }

    /// Adds a digit to the mantissa, counting significant digits; digits beyond 19 only shift
    /// the exponent (the slow path then parses the text).
    private func accumulate(_ digit: UInt8, into mantissa: inout UInt64, digits: inout Int, exponent: inout Int,
                            fraction: Bool) {
        let value = UInt64(digit - UInt8(ascii: "0"))
        if mantissa == 0 && value == 0 {
            if fraction { exponent -= 1 }
            return
        }
        if digits < 19 {
            mantissa = mantissa * 10 + value
            digits += 1
            if fraction { exponent -= 1 }
        } else {
            digits += 1
            if !fraction { exponent += 1 }
        }
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: - Whitespace and positions

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
                columnMark = (index, 1)
            default:
                return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(ImportError) {
        guard index < bytes.count else { throw error("unexpected end of input, expected \(what)") }
        guard bytes[index] == byte else { throw error("expected \(what), found \(describeCurrent())") }
        index += 1
    }

    /// The column of `offset` on the current line: continues counting from the last computed
    /// column when moving forward.
    private mutating func column(at offset: Int) -> Int {
        if columnMark.offset < lineStart || columnMark.offset > offset { columnMark = (lineStart, 1) }
        var column = columnMark.column
        var position = columnMark.offset
        while position < offset {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        columnMark = (offset, column)
        return column
    }

    /// Line and column of any earlier offset (only for error messages).
    private func position(of offset: Int) -> (Int, Int) {
        var line = 1
        var start = 0
        var position = 0
        while position < offset {
            if bytes[position] == UInt8(ascii: "\n") {
                line += 1
                start = position + 1
            }
            position += 1
        }
        var column = 1
        for position in start..<offset where bytes[position] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }

    private mutating func error(_ message: String) -> ImportError {
        let offset = min(index, bytes.count)
        return .jsonSyntax(message, line: line, column: column(at: offset))
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "the end of input" }
        return "'\(describe(bytes[index]))'"
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        return "\\u{\(String(byte, radix: 16, uppercase: true))}"
    }
}
