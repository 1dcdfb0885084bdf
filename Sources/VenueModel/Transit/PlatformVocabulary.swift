import Foundation

/// The words travellers put before a platform's number, by language: what a search for
/// "Gleis 1", "platform 1", "voie 1" or "1" must all find.
///
/// One table serves both directions: the importer strips a leading word from a track named
/// `Voie 1` to get its number, and the bundle gives every platform place its number after each
/// word as a search alias. `docs/osm-tagging.md#platforms-and-stops` lists it.
public enum PlatformVocabulary {
    /// Words by language (BCP 47 code), in the order they become aliases.
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

    /// Every word, longest first, so `Bahnsteig` is stripped before a shorter word could be.
    private static let strippable: [String] = Array(Set(words.flatMap(\.words))).sorted {
        ($0.count, $0) > ($1.count, $1)
    }

    /// The category of a place that is a platform (or one track of one).
    public static let category = "platform"

    /// Whether places of this category are platforms (case ignored).
    public static func applies(toCategory category: String?) -> Bool {
        category?.trimmingCharacters(in: .whitespaces).lowercased() == Self.category
    }

    /// A track as travellers write it, without a leading platform word: `Voie 1` → `1`,
    /// `Bussteig B` → `Bussteig B` (not a word of the table), `1` → `1`. Case is ignored.
    public static func number(of track: String) -> String {
        let trimmed = track.trimmingCharacters(in: .whitespaces)
        for word in strippable where trimmed.count > word.count + 1 {
            let head = trimmed.prefix(word.count + 1)
            guard head.lowercased() == word.lowercased() + " " else { continue }
            let rest = trimmed.dropFirst(word.count + 1).trimmingCharacters(in: .whitespaces)
            if !rest.isEmpty { return rest }
        }
        return trimmed
    }

    /// The name a platform track is shown by: `Platform 1`.
    public static func displayName(track: String) -> String {
        "Platform \(track)"
    }

    /// The track after every word of the table, with the word's language: `platform 1`,
    /// `track 1`, `Gleis 1`, ...; each text once (Danish and Norwegian share `spor 1`: the first
    /// language listed keeps it).
    public static func synonyms(track: String) -> [(language: String, text: String)] {
        let trimmed = track.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return [] }
        var seen = Set<String>()
        var result: [(language: String, text: String)] = []
        for (language, list) in words {
            for word in list where seen.insert("\(word) \(trimmed)").inserted {
                result.append((language, "\(word) \(trimmed)"))
            }
        }
        return result
    }
}
