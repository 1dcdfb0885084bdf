/// The instruction languages a bundle carries, in plain values: what ``BundleWriter`` encodes as `GTXT`.
///
/// Made by `GuidanceLanguages`' compiler from the language files; every value is already checked
/// against the schema there, and the writer checks the shape again before encoding.
public struct GuidanceTexts: Hashable, Sendable {
    /// What one key means in every language.
    public struct Key: Hashable, Sendable {
        public var name: String
        /// The value is one string per form of the language rather than one string.
        public var isFormed: Bool
        /// A language may lack the value: numbered levels and ordinals, which fall back to the general ones.
        public var isOptional: Bool

        public init(name: String, isFormed: Bool, isOptional: Bool) {
            self.name = name
            self.isFormed = isFormed
            self.isOptional = isOptional
        }
    }

    /// One language's values, in ``GuidanceTexts/keys`` order.
    public struct Language: Hashable, Sendable {
        public var code: String
        public var endonym: String
        public var pluralRule: PluralRule
        /// ASCII, between the whole and the tenths of a spoken distance.
        public var decimalSeparator: UInt8
        public var formCount: Int
        /// Per key: `nil` when the language lacks an optional key, else one string, or
        /// ``formCount`` strings for a formed key, with form placeholders written as digits.
        public var values: [[String]?]

        public init(code: String, endonym: String, pluralRule: PluralRule, decimalSeparator: UInt8, formCount: Int, values: [[String]?]) {
            self.code = code
            self.endonym = endonym
            self.pluralRule = pluralRule
            self.decimalSeparator = decimalSeparator
            self.formCount = formCount
            self.values = values
        }
    }

    /// Sorted by name bytes, so readers find a key by bisection.
    public var keys: [Key]
    /// Sorted by code bytes.
    public var languages: [Language]

    public init(keys: [Key], languages: [Language]) {
        self.keys = keys
        self.languages = languages
    }
}
