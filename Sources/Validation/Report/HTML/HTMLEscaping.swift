/// Escapes text for HTML element content and quoted attribute values alike.
///
/// One escaping serves both places, so a caller cannot pick the weaker one by mistake: the five
/// markup characters become references, and NUL, which HTML parsers drop or replace, becomes
/// U+FFFD here so the page never depends on which.
enum HTMLEscaping {
    /// `text` with `& < > " '` replaced by character references.
    static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscaping) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\u{0}": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "&", "<", ">", "\"", "'", "\u{0}": return true
        default: return false
        }
    }
}

extension String {
    /// This text, safe inside HTML content and inside a double- or single-quoted attribute.
    var htmlEscaped: String { HTMLEscaping.escape(self) }
}
