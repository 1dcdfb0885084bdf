import Foundation

/// The words travellers put before a platform's number, by language: what a search for
/// "Gleis 1", "platform 1", "voie 1" or "1" must all find.
///
/// One table serves both directions: the importer strips a leading word from a track named
/// `Voie 1` to get its number, and the bundle adds every word in front of a platform's number
/// as a search alias. `docs/osm-tagging.md` lists it.
public enum PlatformVocabulary {
    /// Words by language (BCP 47 code), in the order they are added as aliases.
    public static let words: [(language: String, words: [String])] = [
        ("en", ["Platform", "Track"]),
        ("de", ["Gleis", "Bahnsteig", "Steig"]),
        ("fr", ["Voie", "Quai"]),
        ("it", ["Binario"]),
        ("es", ["Andén", "Vía"]),
        ("nl", ["Spoor", "Perron"]),
        ("pl", ["Peron", "Tor"]),
        ("cs", ["Kolej", "Nástupiště"]),
        ("sv", ["Spår"]),
        ("da", ["Spor"]),
        ("pt", ["Plataforma", "Linha"]),
    ]

    /// Every word, longest first, so `Bahnsteig` is stripped before a shorter word could be.
    private static let strippable: [String] = Array(Set(words.flatMap(\.words))).sorted {
        ($0.count, $0) > ($1.count, $1)
    }

    /// The category of a place that is a platform (or one track of one).
    public static let category = "platform"

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

    /// Every word of the table before the track: `Platform 1`, `Track 1`, `Gleis 1`, ...
    public static func aliases(track: String) -> [String] {
        words.flatMap(\.words).map { "\($0) \(track)" }
    }
}
