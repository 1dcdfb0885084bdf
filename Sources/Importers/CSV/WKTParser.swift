public import VenueModel

/// Parses 2D OGC Simple Features WKT: `POINT`, `LINESTRING`, `POLYGON` and `MULTIPOLYGON`.
///
/// Keywords are case-insensitive and whitespace is free. Only syntax is checked: a polygon with
/// an open or short ring parses, because ring rules are ``Polygon/structuralProblem()``'s job and
/// should be reported in its words. `Z`/`M` coordinates and `EMPTY` geometries are rejected with
/// a message that says so rather than a generic syntax error.
public enum WKTParser {
    /// Parses one geometry that makes up all of `text` (surrounding whitespace aside); a
    /// malformed text throws ``ImportError/wktSyntax(_:offset:)`` at the offending token.
    public static func parse(_ text: String) throws(ImportError) -> SimpleGeometry {
        var scanner = WKTScanner(text)
        let geometry = try scanner.geometry()
        scanner.skipWhitespace()
        if !scanner.isAtEnd {
            throw scanner.error("unexpected \(scanner.foundToken) at offset \(scanner.offset) after the end of the geometry")
        }
        return geometry
    }
}

/// The geometry types navforge reads.
private enum WKTType: String {
    case point = "POINT"
    case lineString = "LINESTRING"
    case polygon = "POLYGON"
    case multiPolygon = "MULTIPOLYGON"

    static let list = "POINT, LINESTRING, POLYGON or MULTIPOLYGON"
}

/// A recursive-descent reader over the text's UTF-8 bytes.
///
/// Bytes rather than scalars because valid WKT is ASCII; only error offsets are converted to
/// Unicode scalars, so a stray `é` still yields the offset ``CSVRow/location(_:valueOffset:)`` expects.
private struct WKTScanner {
    private let bytes: [UInt8]
    /// Byte position of the next unread byte.
    private var position = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The current position in Unicode scalars, the unit of ``ImportError/wktSyntax(_:offset:)``'s offset.
    var offset: Int { scalarOffset(position) }

    private var current: UInt8? { isAtEnd ? nil : bytes[position] }

    // MARK: Grammar

    mutating func geometry() throws(ImportError) -> SimpleGeometry {
        skipWhitespace()
        let typePosition = position
        guard let word = word() else {
            throw expected("a geometry type (\(WKTType.list))")
        }
        guard let type = WKTType(rawValue: word.uppercased()) else {
            throw unknownType(word, at: typePosition)
        }
        try rejectDimensionOrEmpty()
        switch type {
        case .point:
            try open()
            let point = try coordinate()
            try close()
            return .point(point)
        case .lineString:
            return .lineString(try positionList())
        case .polygon:
            return .polygon(try polygon())
        case .multiPolygon:
            return .multiPolygon(try list { (scanner: inout WKTScanner) throws(ImportError) in try scanner.polygon() })
        }
    }

    /// `((x y, ...), (x y, ...))`: the exterior ring, then the holes.
    private mutating func polygon() throws(ImportError) -> Polygon {
        let rings = try list { (scanner: inout WKTScanner) throws(ImportError) in try scanner.positionList() }
        // `list` never returns an empty array, so the exterior exists.
        return Polygon(exterior: rings[0], holes: Array(rings.dropFirst()))
    }

    /// `(x y, x y, ...)` with at least one position.
    private mutating func positionList() throws(ImportError) -> [Coordinate] {
        try list { (scanner: inout WKTScanner) throws(ImportError) in try scanner.coordinate() }
    }

    /// `( item {, item} )`: one or more items.
    private mutating func list<Item>(
        _ item: (inout WKTScanner) throws(ImportError) -> Item
    ) throws(ImportError) -> [Item] {
        try open()
        var items = [try item(&self)]
        while true {
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","):
                position += 1
                items.append(try item(&self))
            case UInt8(ascii: ")"):
                position += 1
                return items
            default:
                throw expected("',' or ')'")
            }
        }
    }

    /// `x y`: longitude then latitude.
    private mutating func coordinate() throws(ImportError) -> Coordinate {
        let x = try number()
        let y = try number()
        skipWhitespace()
        if let byte = current, Self.startsNumber(byte) {
            // Writers that drop the `Z` keyword still emit the third value.
            throw error("found a third coordinate \(foundToken) at offset \(offset); "
                        + "only 2D positions (x y) are supported")
        }
        return Coordinate(latitude: y, longitude: x)
    }

    private mutating func open() throws(ImportError) {
        skipWhitespace()
        guard current == UInt8(ascii: "(") else {
            // `EMPTY` may also stand for a nested part: `MULTIPOLYGON (EMPTY, ...)`.
            try rejectDimensionOrEmpty()
            throw expected("'('")
        }
        position += 1
    }

    private mutating func close() throws(ImportError) {
        skipWhitespace()
        guard current == UInt8(ascii: ")") else { throw expected("')'") }
        position += 1
    }

    /// Throws for a `Z`, `M`, `ZM` or `EMPTY` keyword at the current position; otherwise consumes nothing.
    private mutating func rejectDimensionOrEmpty() throws(ImportError) {
        skipWhitespace()
        let start = position
        guard let word = word() else { return }
        let at = scalarOffset(start)
        switch word.uppercased() {
        case "Z", "M", "ZM":
            throw .wktSyntax("'\(word)' coordinates at offset \(at) are not supported; only 2D geometries (x y) are",
                             offset: at)
        case "EMPTY":
            throw .wktSyntax("EMPTY geometry at offset \(at) is not supported; every geometry needs positions", offset: at)
        default:
            position = start
        }
    }

    private func unknownType(_ word: String, at start: Int) -> ImportError {
        let at = scalarOffset(start)
        let upper = word.uppercased()
        // `POINTZ`, `POLYGONM`: the dimension glued to the type name.
        for suffix in ["ZM", "Z", "M"] where upper.hasSuffix(suffix) {
            if WKTType(rawValue: String(upper.dropLast(suffix.count))) != nil {
                return .wktSyntax("'\(word)' at offset \(at) has \(suffix) coordinates, "
                                  + "which are not supported; only 2D geometries (x y) are", offset: at)
            }
        }
        return .wktSyntax("unsupported geometry type '\(word)' at offset \(at); expected \(WKTType.list)", offset: at)
    }

    // MARK: Tokens

    mutating func skipWhitespace() {
        while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            position += 1
        }
    }

    /// A run of ASCII letters, or `nil` (consuming nothing) if none starts here.
    private mutating func word() -> String? {
        let start = position
        while let byte = current, Self.isLetter(byte) { position += 1 }
        guard position > start else { return nil }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// `[+-]digits[.digits][e[+-]digits]`, either digit run of the mantissa may be empty but not both.
    ///
    /// Letters such as `nan` and `inf` never match, and a value overflowing to infinity is an error.
    private mutating func number() throws(ImportError) -> Double {
        skipWhitespace()
        let start = position
        var end = position
        func skipSign() {
            if end < bytes.count, bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") { end += 1 }
        }
        func skipDigits() -> Int {
            let first = end
            while end < bytes.count, Self.isDigit(bytes[end]) { end += 1 }
            return end - first
        }
        skipSign()
        var digits = skipDigits()
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            end += 1
            digits += skipDigits()
        }
        guard digits > 0 else { throw expected("a number") }
        if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
            end += 1
            skipSign()
            guard skipDigits() > 0 else { throw expected("a number") }
        }
        // `12abc` is not a number followed by a word: report the whole token.
        if end < bytes.count, Self.isLetter(bytes[end]) || bytes[end] == UInt8(ascii: ".") {
            throw expected("a number")
        }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("number '\(text)' at offset \(offset) is out of range")
        }
        position = end
        return value
    }

    /// The token at the current position, quoted, for messages.
    var foundToken: String {
        guard let first = current else { return "the end of the text" }
        var end = position + 1
        if Self.isLetter(first) || Self.startsNumber(first) {
            while end < bytes.count, Self.isLetter(bytes[end]) || Self.startsNumber(bytes[end]) { end += 1 }
        } else {
            // A whole scalar, not half of a multi-byte sequence.
            while end < bytes.count, !CSVByte.startsScalar(bytes[end]) { end += 1 }
        }
        return "'\(CSVText.visible(String(decoding: bytes[position..<end], as: UTF8.self)))'"
    }

    // MARK: Errors

    private func expected(_ what: String) -> ImportError {
        error("expected \(what) at offset \(offset), found \(foundToken)")
    }

    func error(_ message: String) -> ImportError {
        .wktSyntax(message, offset: offset)
    }

    /// The number of Unicode scalars before byte `position`.
    private func scalarOffset(_ position: Int) -> Int {
        bytes[..<position].reduce(0) { $0 + (CSVByte.startsScalar($1) ? 1 : 0) }
    }

    // MARK: Character classes

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func startsNumber(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
    }
}

// MARK: - WKT in CSV cells

extension CSVRow {
    /// Field `name` parsed as WKT, or `nil` if the cell is empty.
    ///
    /// - Throws: ``ImportError`` at the exact character of the syntax error inside the cell.
    public func wkt(_ name: String) throws(ImportError) -> SimpleGeometry? {
        guard let text = string(name) else { return nil }
        do {
            return try WKTParser.parse(text)
        } catch {
            guard case .wktSyntax(let message, let offset) = error else { throw error }
            throw .invalidInput("invalid WKT in column '\(columnName(name))': \(message)", at: location(name, valueOffset: offset))
        }
    }
}
