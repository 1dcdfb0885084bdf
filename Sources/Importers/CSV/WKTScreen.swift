/// The checks a WKT text passes before GEOS reads it, each refusal placed at its character.
///
/// GEOS reads the grammar: the type, the parentheses and commas, how many positions each part
/// takes, rings that close. Where GEOS 3.11 is unsafe or lenient the screen refuses first. It has
/// no grammar of its own: it looks at tokens only (parentheses, commas and the words between
/// them, split where GEOS splits them) and refuses
///
/// - a NUL byte, since GEOS takes a C string and would stop reading there;
/// - a first word other than `POINT`, `LINESTRING`, `POLYGON` or `MULTIPOLYGON`: GEOS reads a
///   `GEOMETRYCOLLECTION` by recursion, and a few ten thousand nested ones overflow its stack;
/// - `Z`, `M`, `ZM` and `EMPTY`, which GEOS accepts (`POINT Z (1 2)` as a 2D point);
/// - between the parentheses, a word that is not a decimal number (GEOS's `strtod` also reads
///   `nan`, `inf` and hexadecimal) or a third number in one position (GEOS keeps as many numbers
///   per position as the first position has and drops the others);
/// - anything after the parenthesis that closes the geometry, which GEOS ignores.
struct WKTScreen {
    /// The geometry types navforge reads, in WKT's spelling.
    static let typeNames = ["POINT", "LINESTRING", "POLYGON", "MULTIPOLYGON"]
    static let typeList = "POINT, LINESTRING, POLYGON or MULTIPOLYGON"
    private static let typeBytes = typeNames.map { Array($0.utf8) }
    private static let empty = Array("EMPTY".utf8)
    private static let dimensions = ["Z", "M", "ZM"].map { Array($0.utf8) }

    /// The text's UTF-8 bytes.
    let bytes: UnsafeBufferPointer<UInt8>

    /// Throws ``ImportError/wktSyntax(_:offset:)`` at the first token GEOS must not be given.
    func check() throws(ImportError) {
        if let nul = bytes.firstIndex(of: 0) {
            throw error("found a NUL byte at offset \(offset(nul)), which WKT text cannot contain", at: nul)
        }
        var position = 0
        guard let (first, start) = nextToken(&position) else {
            throw error("expected a geometry type (\(Self.typeList)) at offset \(offset(bytes.count)), "
                        + "found the end of the text", at: bytes.count)
        }
        guard case .word(let typeWord) = first else {
            throw error("expected a geometry type (\(Self.typeList)) at offset \(offset(start)), found \(quoted(first))",
                        at: start)
        }
        try checkType(typeWord)
        var depth = 0
        var wordsBeforeParenthesis = 1
        var numbersInPosition = 0
        while let (token, start) = nextToken(&position) {
            switch token {
            case .open:
                depth += 1
                numbersInPosition = 0
            case .close:
                numbersInPosition = 0
                // A ')' before any '(' is GEOS's to report.
                guard depth > 0 else { continue }
                depth -= 1
                if depth == 0 {
                    try checkNothingFollows(position)
                    return
                }
            case .comma:
                numbersInPosition = 0
            case .word(let word):
                if matches(word, Self.empty) {
                    throw error("EMPTY geometry at offset \(offset(start)) is not supported; every geometry needs positions",
                                at: start)
                }
                if depth == 0 {
                    wordsBeforeParenthesis += 1
                    if wordsBeforeParenthesis == 2, Self.dimensions.contains(where: { matches(word, $0) }) {
                        throw error("\(quoted(token)) coordinates at offset \(offset(start)) are not supported; "
                                    + "only 2D geometries (x y) are", at: start)
                    }
                    // Any other word before the first '(' is GEOS's to report.
                    continue
                }
                guard isDecimal(word) else {
                    throw error("found \(quoted(token)) at offset \(offset(start)) where only decimal numbers, "
                                + "commas and parentheses may stand", at: start)
                }
                numbersInPosition += 1
                if numbersInPosition == 3 {
                    throw error("found a third coordinate \(quoted(token)) at offset \(offset(start)); "
                                + "only 2D positions (x y) are supported", at: start)
                }
            }
        }
        // The text ended inside the geometry: GEOS names what is missing.
    }

    /// The `index`th number between the parentheses (0-based) and its offset, for a message about
    /// a value GEOS read from it; `nil` if the text has fewer.
    ///
    /// Numbers come in the order of the positions GEOS builds, x before y, so the ordinate
    /// `2 * i` (x) or `2 * i + 1` (y) of the `i`th position is the number with that index.
    func number(_ index: Int) -> (text: String, offset: Int)? {
        var position = 0
        var depth = 0
        var seen = 0
        while let (token, start) = nextToken(&position) {
            switch token {
            case .open: depth += 1
            case .close: depth -= 1
            case .comma: break
            case .word:
                guard depth > 0 else { continue }
                if seen == index { return (quoted(token), offset(start)) }
                seen += 1
            }
        }
        return nil
    }

    // MARK: Checks

    private func checkType(_ word: Range<Int>) throws(ImportError) {
        if Self.typeBytes.contains(where: { matches(word, $0) }) { return }
        let at = offset(word.lowerBound)
        // `POINTZ`, `POLYGONM`: the dimension glued to the type name.
        for suffix in ["ZM", "Z", "M"] where word.count > suffix.count {
            let type = word.lowerBound..<(word.upperBound - suffix.count)
            if matches(type.upperBound..<word.upperBound, Array(suffix.utf8)),
               Self.typeBytes.contains(where: { matches(type, $0) }) {
                throw error("\(quoted(.word(word))) at offset \(at) has \(suffix) coordinates, which are not supported; "
                            + "only 2D geometries (x y) are", at: word.lowerBound)
            }
        }
        throw error("unsupported geometry type \(quoted(.word(word))) at offset \(at); expected \(Self.typeList)",
                    at: word.lowerBound)
    }

    private func checkNothingFollows(_ position: Int) throws(ImportError) {
        var position = position
        guard let (token, start) = nextToken(&position) else { return }
        throw error("unexpected \(quoted(token)) at offset \(offset(start)) after the end of the geometry", at: start)
    }

    /// `[+-]digits[.digits][e[+-]digits]`, either digit run of the mantissa may be empty but not both.
    private func isDecimal(_ word: Range<Int>) -> Bool {
        var index = word.lowerBound
        func skipSign() {
            if index < word.upperBound, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        }
        func skipDigits() -> Int {
            let first = index
            while index < word.upperBound, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        skipSign()
        var digits = skipDigits()
        if index < word.upperBound, bytes[index] == UInt8(ascii: ".") {
            index += 1
            digits += skipDigits()
        }
        guard digits > 0 else { return false }
        if index < word.upperBound, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            skipSign()
            guard skipDigits() > 0 else { return false }
        }
        return index == word.upperBound
    }

    // MARK: Tokens

    private enum Token {
        case open, close, comma
        /// A run of bytes up to the next space, tab, line break, parenthesis or comma.
        case word(Range<Int>)
    }

    /// The token at or after `position` and where it starts, moving `position` past it.
    private func nextToken(_ position: inout Int) -> (Token, Int)? {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
        guard position < bytes.count else { return nil }
        let start = position
        position += 1
        switch bytes[start] {
        case UInt8(ascii: "("): return (.open, start)
        case UInt8(ascii: ")"): return (.close, start)
        case UInt8(ascii: ","): return (.comma, start)
        default:
            while position < bytes.count, !Self.endsWord(bytes[position]) { position += 1 }
            return (.word(start..<position), start)
        }
    }

    /// GEOS's separators: the four spaces it skips.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private static func endsWord(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: ",")
    }

    /// Whether the word is `keyword` in any case (`keyword` in capitals).
    private func matches(_ word: Range<Int>, _ keyword: [UInt8]) -> Bool {
        guard word.count == keyword.count else { return false }
        for (index, expected) in zip(word, keyword) {
            // ASCII letters only: clearing bit 5 maps a-z to A-Z.
            let byte = bytes[index]
            let upper = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte & 0xDF : byte
            if upper != expected { return false }
        }
        return true
    }

    // MARK: Messages

    /// The token quoted for a message, control characters made visible and a long word cut.
    private func quoted(_ token: Token) -> String {
        switch token {
        case .open: return "'('"
        case .close: return "')'"
        case .comma: return "','"
        case .word(let word):
            // 4 bytes a scalar at most: this many bytes hold more scalars than the limit when cut.
            let limit = 40
            let end = min(word.upperBound, word.lowerBound + 4 * (limit + 1))
            let scalars = String(decoding: bytes[word.lowerBound..<end], as: UTF8.self).unicodeScalars
            var text = String(String.UnicodeScalarView(scalars.prefix(limit)))
            if scalars.count > limit { text += "…" }
            return "'\(CSVText.visible(text))'"
        }
    }

    /// The number of Unicode scalars before byte `position`: offsets count characters, as CSV columns do.
    private func offset(_ position: Int) -> Int {
        bytes[..<position].reduce(0) { $0 + (CSVByte.startsScalar($1) ? 1 : 0) }
    }

    private func error(_ message: String, at position: Int) -> ImportError {
        .wktSyntax(message, offset: offset(position))
    }
}
