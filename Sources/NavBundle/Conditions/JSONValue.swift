/// A JSON value as written, read by the strict rules every reader shares (`docs/conditions.md`).
///
/// Foundation's decoders are lenient where readers in other languages are not: they accept a
/// byte order mark, keep the first of two equal names, and read `true` as the number 1. A
/// conditions file accepted by one runtime and refused by another is a bug the server cannot
/// see, so conditions are read by this small parser, to the letter of RFC 8259 plus the
/// format's limits.
enum JSONValue: Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The deepest nesting of arrays and objects accepted.
    static let depthLimit = 64

    /// Why a text is not one JSON value, and where.
    struct SyntaxError: Error, Hashable, CustomStringConvertible {
        let reason: String
        let offset: Int

        var description: String { "\(reason) at byte \(offset)" }
    }

    /// The value of `bytes`, one JSON text in UTF-8.
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.offset == bytes.count else { throw SyntaxError(reason: "text after the value", offset: parser.offset) }
        return value
    }

    var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    var number: Double? {
        if case .number(let value) = self { value } else { nil }
    }
}

/// The recursive descent over the bytes; every read is checked against the end.
private struct Parser {
    let bytes: [UInt8]
    var offset = 0

    private func fail(_ reason: String) -> JSONValue.SyntaxError { JSONValue.SyntaxError(reason: reason, offset: offset) }

    private var next: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipSpace() {
        while let byte = next, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
    }

    mutating func value(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        guard let byte = next else { throw fail("no value") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("no value can start here")
        }
    }

    private mutating func literal(_ word: String) throws(JSONValue.SyntaxError) {
        for expected in word.utf8 {
            guard next == expected else { throw fail("not '\(word)'") }
            offset += 1
        }
    }

    private mutating func object(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        guard depth <= JSONValue.depthLimit else { throw fail("nested deeper than \(JSONValue.depthLimit)") }
        offset += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if next == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard next == UInt8(ascii: "\"") else { throw fail("a name must be a string") }
            let nameOffset = offset
            let name = try string()
            skipSpace()
            guard next == UInt8(ascii: ":") else { throw fail("':' must follow a name") }
            offset += 1
            skipSpace()
            let member = try value(depth: depth)
            guard members.updateValue(member, forKey: name) == nil else {
                throw JSONValue.SyntaxError(reason: "the name \"\(name)\" appears twice", offset: nameOffset)
            }
            skipSpace()
            if next == UInt8(ascii: ",") { offset += 1; continue }
            guard next == UInt8(ascii: "}") else { throw fail("',' or '}' must follow a member") }
            offset += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        guard depth <= JSONValue.depthLimit else { throw fail("nested deeper than \(JSONValue.depthLimit)") }
        offset += 1
        var elements: [JSONValue] = []
        skipSpace()
        if next == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            skipSpace()
            elements.append(try value(depth: depth))
            skipSpace()
            if next == UInt8(ascii: ",") { offset += 1; continue }
            guard next == UInt8(ascii: "]") else { throw fail("',' or ']' must follow an element") }
            offset += 1
            return .array(elements)
        }
    }

    private mutating func number() throws(JSONValue.SyntaxError) -> Double {
        let start = offset
        func digits() -> Int {
            let first = offset
            while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
            return offset - first
        }
        if next == UInt8(ascii: "-") { offset += 1 }
        if next == UInt8(ascii: "0") {
            offset += 1
        } else {
            guard digits() > 0 else { throw fail("a number needs digits") }
        }
        if next == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw fail("a fraction needs digits") }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            offset += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw fail("an exponent needs digits") }
        }
        // The grammar above is a subset of what Double reads, and Double rounds to nearest.
        guard let value = Double(String(decoding: bytes[start..<offset], as: UTF8.self)), value.isFinite else {
            throw JSONValue.SyntaxError(reason: "a number beyond the doubles", offset: start)
        }
        return value
    }

    private mutating func string() throws(JSONValue.SyntaxError) -> String {
        offset += 1
        var scalars = String.UnicodeScalarView()
        while true {
            guard let byte = next else { throw fail("a string does not end") }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                offset += 1
                scalars.append(try escape())
            case 0..<0x20:
                throw fail("a control character must be escaped")
            default:
                scalars.append(try scalar())
            }
        }
    }

    /// One escape after the backslash; a `\u` high surrogate must be followed by its low one.
    private mutating func escape() throws(JSONValue.SyntaxError) -> Unicode.Scalar {
        guard let byte = next else { throw fail("an escape does not end") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            if (0xD800..<0xDC00).contains(unit) {
                guard next == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw fail("a high surrogate without its low one")
                }
                offset += 2
                let low = try hexUnit()
                guard (0xDC00..<0xE000).contains(low) else { throw fail("a high surrogate without its low one") }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(unit) else { throw fail("a low surrogate alone") }
            return scalar
        default:
            throw fail("no such escape")
        }
    }

    private mutating func hexUnit() throws(JSONValue.SyntaxError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = next, let digit = Self.hexDigit(byte) else { throw fail("\\u needs four hex digits") }
            unit = unit << 4 | digit
            offset += 1
        }
        return unit
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// One UTF-8 encoded scalar, shortest form, no surrogates.
    private mutating func scalar() throws(JSONValue.SyntaxError) -> Unicode.Scalar {
        let lead = bytes[offset]
        let (length, minimum, initial): (Int, UInt32, UInt32) = switch lead {
        case 0..<0x80: (1, 0, UInt32(lead))
        case 0xC2..<0xE0: (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0..<0xF0: (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0..<0xF5: (4, 0x10000, UInt32(lead & 0x07))
        default: (0, 0, 0)
        }
        guard length > 0, offset + length <= bytes.count else { throw fail("not UTF-8") }
        var value = initial
        for index in 1..<length {
            let byte = bytes[offset + index]
            guard byte & 0xC0 == 0x80 else { throw fail("not UTF-8") }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw fail("not UTF-8") }
        offset += length
        return scalar
    }
}
