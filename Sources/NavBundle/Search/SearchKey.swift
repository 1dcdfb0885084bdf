import Foundation
import NavFormat

/// Normalises text for matching: case, accents and runs of whitespace do not matter.
enum SearchKey {
    static func fold(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Levenshtein distance, for "did you mean" suggestions.
    static func distance(_ a: String, _ b: String) -> Int {
        EndpointText.editDistance(Array(a), Array(b))
    }
}
