import NavFormat

/// The lexical part of endpoint resolution: trimming, the position syntax, decimal numbers and
/// the edit distance of suggestions, each as `docs/endpoints.md` states it.
enum EndpointText {
    struct Position {
        var latitude: Double
        var longitude: Double
        /// The text after `@`, when there is one.
        var qualifier: String?
    }

    /// `text` without ASCII spaces, tabs and line breaks (0x09–0x0D, 0x20) at either end.
    static func trimmed(_ text: String) -> String {
        let bytes = Array(text.utf8)
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// `LAT,LON` or `LAT,LON@QUALIFIER`, with ASCII spaces allowed around the comma and
    /// before `@`; `nil` when the text is not of that form.
    static func position(_ text: String) -> Position? {
        let bytes = Array(text.utf8)
        var at = 0
        func skipSpaces() { while at < bytes.count, bytes[at] == 0x20 { at += 1 } }
        func number() -> Double? {
            let start = at
            if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
            let digits = at
            while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
            guard at > digits else { return nil }
            if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
                at += 1
                let fraction = at
                while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
                guard at > fraction else { return nil }
            }
            return Double(String(decoding: bytes[start..<at], as: UTF8.self))
        }
        guard let latitude = number() else { return nil }
        skipSpaces()
        guard at < bytes.count, bytes[at] == UInt8(ascii: ",") else { return nil }
        at += 1
        skipSpaces()
        guard let longitude = number() else { return nil }
        skipSpaces()
        if at == bytes.count { return Position(latitude: latitude, longitude: longitude, qualifier: nil) }
        guard bytes[at] == UInt8(ascii: "@") else { return nil }
        return Position(latitude: latitude, longitude: longitude,
                        qualifier: String(decoding: bytes[(at + 1)...], as: UTF8.self))
    }

    /// Whether `bytes` is `-?[0-9]+(\.[0-9]+)?`.
    static func isDecimal(_ bytes: [UInt8]) -> Bool {
        var at = bytes.first == UInt8(ascii: "-") ? 1 : 0
        let digits = at
        while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
        guard at > digits else { return false }
        if at == bytes.count { return true }
        guard bytes[at] == UInt8(ascii: "."), at + 1 < bytes.count else { return false }
        at += 1
        while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
        return at == bytes.count
    }

    /// Levenshtein distance between two sequences (code points for endpoints, as every reader
    /// counts them; characters for the in-process search's suggestions).
    static func editDistance<Element: Equatable>(_ left: [Element], _ right: [Element]) -> Int {
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previous = Array(0...right.count)
        var current = [Int](repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let substitution = previous[j - 1] + (left[i - 1] == right[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
