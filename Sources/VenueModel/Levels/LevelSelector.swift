/// A level value as OSM's Simple Indoor Tagging writes it: `0`, `0.5`, `-1`, lists `0;1`,
/// ranges `-1-3` (levels -1 to 3) and combinations `-2--1;2`.
///
/// A selector says which ordinals it names; it does not know which levels exist. Resolving it
/// against a building's declared levels is the importer's job (see ``Level``).
public struct LevelSelector: Hashable, Sendable {
    public enum Term: Hashable, Sendable {
        case single(Double)
        /// Both ends included, lower first.
        case range(Double, Double)
    }

    public var terms: [Term]

    public init(terms: [Term]) {
        self.terms = terms
    }

    /// Whether the selector names this ordinal.
    /// The levels the selector names: each single level, and for a range its ends and every
    /// whole level between them (`-1-2` → -1, 0, 1, 2; `0.5-2` → 0.5, 1, 2), sorted, without
    /// repeats. Callers bound ranges first: a range is expanded level by level.
    public var ordinals: [Double] {
        var result = Set<Double>()
        for term in terms {
            switch term {
            case .single(let value):
                result.insert(value)
            case .range(let low, let high):
                result.formUnion([low, high])
                var value = low.rounded(.up)
                while value <= high {
                    result.insert(value)
                    value += 1
                }
            }
        }
        return result.sorted()
    }

    public func contains(_ ordinal: Double) -> Bool {
        terms.contains { term in
            switch term {
            case .single(let value): return value == ordinal
            case .range(let low, let high): return ordinal >= low && ordinal <= high
            }
        }
    }

    /// Parses a level value.
    ///
    /// Whitespace around terms is ignored; anything else that is not a number, a range or a `;`
    /// list is a ``VenueModelError/levelSyntax(text:reason:)`` that quotes the offending text.
    public static func parse(_ text: String) throws(VenueModelError) -> LevelSelector {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        var terms: [Term] = []
        for part in parts {
            let trimmed = part.trimmingSpaces()
            guard !trimmed.isEmpty else { throw .levelSyntax(text: text, reason: "empty term") }
            guard let term = parseTerm(trimmed) else {
                throw .levelSyntax(text: text, reason: "'\(trimmed)' is neither a number nor a range like -1-3")
            }
            terms.append(term)
        }
        return LevelSelector(terms: terms)
    }

    private static func parseTerm(_ text: Substring) -> Term? {
        if let value = number(text) { return .single(value) }
        // A range separator is a '-' that follows a digit: "-1-3", "-2--1", "0.5-2".
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let previous = text[text.index(before: index)]
            if text[index] == "-", previous.isASCII, previous.isNumber {
                guard let low = number(text[..<index]),
                      let high = number(text[text.index(after: index)...]) else { return nil }
                return .range(min(low, high), max(low, high))
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// A plain decimal: optional minus, digits, optional fraction. Rejects `1e3`, `inf`, `+1`.
    private static func number(_ text: Substring) -> Double? {
        var body = text
        if body.first == "-" { body = body.dropFirst() }
        guard !body.isEmpty, body.first != ".", body.last != "." else { return nil }
        var sawDot = false
        for character in body {
            if character == "." {
                if sawDot { return nil }
                sawDot = true
            } else if !(character.isASCII && character.isNumber) {
                return nil
            }
        }
        return Double(text)
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var result = self
        while let first = result.first, first.isWhitespace { result = result.dropFirst() }
        while let last = result.last, last.isWhitespace { result = result.dropLast() }
        return result
    }
}
