/// What travellers call platform N in the languages they use, so that "Gleis 1", "voie 1" and
/// "track 1" all find the place whose category is `platform` and whose ref is `1`.
///
/// This is the one table of platform words; `docs/endpoints.md#platform-synonyms` shows it, and
/// the bundle stores each platform's synonyms as aliases of kind ``AliasKind/platformSynonym``.
public enum PlatformSynonyms {
    /// The category a place must have for its ref to get synonyms.
    public static let category = "platform"

    /// Per language code, the words that stand before a platform's ref, in the order stored.
    public static let words: [(language: String, words: [String])] = [
        ("en", ["platform", "track"]),
        ("de", ["Gleis", "Bahnsteig", "Steig"]),
        ("fr", ["voie", "quai"]),
        ("it", ["binario"]),
        ("es", ["andén", "vía"]),
        ("nl", ["spoor", "perron"]),
        ("pl", ["peron", "tor"]),
        ("cs", ["kolej", "nástupiště"]),
        ("sv", ["spår"]),
        ("da", ["spor"]),
        ("nb", ["spor"]),
        ("pt", ["plataforma", "linha"]),
    ]

    /// The synonyms of a platform's ref: `platform 1`, `track 1`, `Gleis 1`, ..., each text
    /// once (Danish and Norwegian share `spor 1`; the first language listed keeps it).
    public static func aliases(forRef ref: String) -> [BundleContents.Alias] {
        let trimmed = ref.trimmingSpaces
        guard !trimmed.isEmpty else { return [] }
        var seen = Set<String>()
        var result: [BundleContents.Alias] = []
        for (language, words) in words {
            for word in words {
                let text = "\(word) \(trimmed)"
                if seen.insert(text).inserted {
                    result.append(.init(text: text, language: language, kind: .platformSynonym))
                }
            }
        }
        return result
    }

    /// Whether a place of this category gets platform synonyms.
    public static func applies(toCategory category: String?) -> Bool {
        category?.trimmingSpaces.lowercased() == Self.category
    }
}

extension String {
    /// The text without spaces, tabs or line breaks at either end.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
