import Foundation

/// The `Content-Range` header of a `206 Partial Content` answer: `bytes START-END/TOTAL`, the
/// total `*` when the server does not know it (RFC 9110, section 14.4).
struct ContentRange: Equatable {
    var start: Int
    /// The last byte sent, inclusive.
    var end: Int
    var total: Int?

    /// Parses `value`; `nil` for anything but one satisfied byte range.
    init?(_ value: String) {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = text.dropFirst("bytes ".count).trimmingCharacters(in: .whitespaces)
        let halves = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let start = Self.number(bounds[0]), let end = Self.number(bounds[1]), start <= end else {
            return nil
        }
        if halves[1] == "*" {
            total = nil
        } else {
            guard let total = Self.number(halves[1]), end < total else { return nil }
            self.total = total
        }
        self.start = start
        self.end = end
    }

    /// Bytes in the range.
    var length: Int { end - start + 1 }

    /// A non-negative decimal of at most 18 digits, so that it fits an `Int`; no sign, no spaces.
    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
