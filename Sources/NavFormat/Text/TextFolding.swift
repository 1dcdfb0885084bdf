import Foundation

/// The case- and accent-insensitive text folding that the search index is built with.
///
/// Readers in other languages cannot be expected to carry Unicode tables, so the bundle carries
/// the table itself (in `SRCH`): every code point outside ASCII that folds to something else,
/// with what it folds to. Folding a text is then the same few steps in every reader:
/// ASCII letters to lower case, ASCII whitespace to a space, other code points through the
/// table (kept when absent), then runs of spaces collapsed and the ends trimmed.
/// `docs/bundle-format.md` states the rules; ``fold(_:replacement:)`` is the Swift reading of them.
public enum TextFolding {
    /// Code points the table always covers, besides those found in the indexed texts: Latin,
    /// IPA and spacing modifiers, combining diacritics, Greek, Cyrillic, Latin Extended
    /// Additional and general punctuation (its spaces), so queries typed with accents fold even
    /// when no indexed name has that letter.
    static let coveredRanges: [ClosedRange<UInt32>] = [0x80...0x52F, 0x1E00...0x1EFF, 0x2000...0x206F]

    /// Folds `text` with `replacement` giving the table entry of a code point outside ASCII.
    public static func fold(_ text: String, replacement: (UInt32) -> String?) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        func append(_ scalar: Unicode.Scalar) {
            if scalar == " " {
                pendingSpace = !scalars.isEmpty
                return
            }
            if pendingSpace { scalars.append(" ") }
            pendingSpace = false
            scalars.append(scalar)
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                append(asciiFold(scalar))
            } else if let mapped = replacement(value) {
                mapped.unicodeScalars.forEach(append)
            } else {
                append(scalar)
            }
        }
        return String(scalars)
    }

    /// Builds the table for a bundle whose indexed texts are `texts`: sorted by code point, only
    /// entries that change something, and every replacement already folded (so folding twice
    /// changes nothing).
    public static func table(covering texts: [String]) -> [(codePoint: UInt32, replacement: String)] {
        var pending = Set<UInt32>()
        for range in coveredRanges { pending.formUnion(range) }
        for text in texts {
            for scalar in text.unicodeScalars where scalar.value >= 0x80 { pending.insert(scalar.value) }
        }
        // One step of Foundation's folding per code point, widened until every code point a
        // replacement produces has its own step.
        var step: [UInt32: String] = [:]
        while let value = pending.popFirst() {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let folded = singleStep(scalar)
            step[value] = folded
            for produced in folded.unicodeScalars where produced.value >= 0x80 && step[produced.value] == nil {
                pending.insert(produced.value)
            }
        }
        var table: [(UInt32, String)] = []
        for value in step.keys.sorted() {
            let original = String(Unicode.Scalar(value)!)
            var current = step[value]!
            // Apply the steps until nothing changes; Unicode case folding settles in two or three.
            for _ in 0..<8 {
                let next = mapScalars(current) { step[$0] }
                if next == current { break }
                current = next
            }
            if current != original { table.append((value, current)) }
        }
        return table
    }

    /// The per-code-point part of folding, without collapsing or trimming spaces.
    private static func mapScalars(_ text: String, replacement: (UInt32) -> String?) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                result.unicodeScalars.append(asciiFold(scalar))
            } else {
                result += replacement(scalar.value) ?? String(scalar)
            }
        }
        return result
    }

    private static func singleStep(_ scalar: Unicode.Scalar) -> String {
        if scalar.properties.isWhitespace { return " " }
        // Combining marks carry only accents; Foundation keeps them when they stand alone.
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return ""
        default: break
        }
        return String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive],
                                      locale: Locale(identifier: "en_US_POSIX"))
    }

    private static func asciiFold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0x41...0x5A: return Unicode.Scalar(scalar.value + 0x20)!
        case 0x09...0x0D: return " "
        default: return scalar
        }
    }
}
