/// The layout of a `GTXT` section, the instruction languages: its header, records and, from the
/// counts in its header, where each table starts (`docs/bundle-format.md`, "GTXT").
///
/// ```
/// header     16 bytes   language_count N, key_count K, string_count S, string_bytes B (u32)
/// keys       K × 8      name u32 (string), flags u32 (bit 0 formed, bit 1 optional); sorted by name bytes
/// languages  N × 16     code u32, endonym u32 (strings), flags u32, reserved u32; sorted by code bytes
/// values     N × K × 4  string of key k in language n (a formed key's first form), or absent
///            zero padding to a multiple of 8
/// offsets    (S + 1) × 4, then the S strings' UTF-8 bytes (B bytes)
/// ```
///
/// The strings belong to the section, as `WIFI`'s do, so a wording fix moves no other section's
/// bytes. The key names are in the section, so a reader finds a key by bisection and a later
/// section with more keys is still read by an older reader.
public struct LanguageLayout: Equatable, Sendable {
    public enum Header {
        public static let size = 16
        public static let languageCount = 0
        public static let keyCount = 4
        public static let stringCount = 8
        public static let stringBytes = 12
    }

    /// A key entry: what a value of every language means.
    public enum KeyEntry {
        public static let size = 8
        /// `u32` string: the key's name, as docs/guidance.md lists it (`turn.landmark.at`).
        public static let name = 0
        /// `u32`: ``formedFlag`` and ``optionalFlag``.
        public static let flags = 4
        /// The value is `form count` consecutive strings, one per form of the language.
        public static let formedFlag: UInt32 = 1
        /// A language may lack the value (``absent``): a numbered level or ordinal.
        public static let optionalFlag: UInt32 = 2
    }

    /// A language entry.
    public enum LanguageEntry {
        public static let size = 16
        /// `u32` string: the language's code (`de`).
        public static let code = 0
        /// `u32` string: the language's name in itself (`Deutsch`).
        public static let endonym = 4
        /// `u32`: bits 0–1 the plural rule (``PluralRule``), bits 8–15 the decimal separator
        /// (ASCII), bits 16–19 the form count (1–9).
        public static let flags = 8
        public static let reserved = 12

        public static func flags(plural: PluralRule, decimalSeparator: UInt8, formCount: Int) -> UInt32 {
            UInt32(plural.rawValue) | UInt32(decimalSeparator) << 8 | UInt32(formCount) << 16
        }
    }

    /// A value a language does not have (only for optional keys).
    public static let absent: UInt32 = .max
    /// The most forms a language may declare: a form is written as one digit in the strings.
    public static let formLimit = 9

    public let languageCount: Int
    public let keyCount: Int
    public let stringCount: Int

    public init(languageCount: Int, keyCount: Int, stringCount: Int) {
        self.languageCount = languageCount
        self.keyCount = keyCount
        self.stringCount = stringCount
    }

    public var keys: Int { Header.size }
    public var languages: Int { keys + keyCount * KeyEntry.size }
    public var values: Int { languages + languageCount * LanguageEntry.size }
    /// Where the value of key `key` in language `language` is.
    public func value(language: Int, key: Int) -> Int { values + (language * keyCount + key) * BundleFormat.wordSize }
    public var offsets: Int { BundleFormat.aligned(values + languageCount * keyCount * BundleFormat.wordSize) }
    /// Where offset `index` (up to `stringCount`) is; offsets count from ``bytes``.
    public func offset(_ index: Int) -> Int { offsets + index * BundleFormat.wordSize }
    /// Where the UTF-8 bytes start.
    public var bytes: Int { offset(stringCount + 1) }
}

/// How a language chooses between the `one` and `other` plural forms of a count.
public enum PluralRule: UInt8, Hashable, Sendable, CaseIterable {
    /// `one` for exactly 1 (English, German, Spanish).
    case oneIffOne = 0
    /// `one` when the whole part is 0 or 1 (French: "0 mètre", "1,5 kilomètre").
    case oneIffWholePartZeroOrOne = 1

    /// The name language files use.
    public var name: String {
        switch self {
        case .oneIffOne: return "one-iff-1"
        case .oneIffWholePartZeroOrOne: return "one-iff-0-or-1"
        }
    }
}
