public import NavFormat

/// One instruction language of a bundle (`GTXT`): its templates and words, looked up by key.
///
/// Get one with ``VenueBundle/guidanceLanguage(_:)``. The keys are those of docs/guidance.md,
/// "Languages"; rendering a template with values is ``render(_:_:)``.
public struct GuidanceLanguage: Sendable {
    let bundle: VenueBundle
    let index: Int
    /// The language's code (`de`).
    public let code: String
    /// The language's name in itself (`Deutsch`).
    public let endonym: String
    public let pluralRule: PluralRule
    /// Between the whole and the tenths of a number (`,` in German).
    public let decimalSeparator: Character
    /// How many forms each noun, name and level word has.
    public let formCount: Int

    var table: GuidanceTextTable {
        // A language is only made from a bundle whose table exists.
        bundle.guidanceTextTable!
    }

    /// Whether the language has a value for `key`; numbered levels and ordinals are optional.
    public func has(_ key: String) -> Bool {
        guard let keyIndex = table.key(named: key) else { return false }
        return (try? table.value(language: index, key: keyIndex)) != nil
    }

    /// The strings of `key`: one for a template or phrase, ``formCount`` for a noun, name or level word.
    ///
    /// Form placeholders are digits here (`{landmark:2}`), as `GTXT` stores them.
    public func strings(_ key: String) throws(BundleError) -> [String] {
        guard let keyIndex = table.key(named: key), let strings = try table.value(language: index, key: keyIndex) else {
            throw .missingGuidanceText(key: key, language: code)
        }
        return strings
    }

    /// The one string of `key` (its first form for a formed key).
    public func string(_ key: String) throws(BundleError) -> String {
        try strings(key)[0]
    }
}

extension VenueBundle {
    /// The codes of the bundle's instruction languages, sorted; empty when it has no `GTXT`.
    public var guidanceLanguages: [String] { guidanceTextTable?.languages.map(\.code) ?? [] }

    /// The instruction language `code`.
    ///
    /// An unknown code is an error listing the bundle's codes, never a fallback to another language.
    public func guidanceLanguage(_ code: String) throws(BundleError) -> GuidanceLanguage {
        guard let table = guidanceTextTable else { throw .missingSection(BundleFormat.Tag.guidanceTexts.description) }
        guard let index = table.languages.firstIndex(where: { $0.code == code }) else {
            throw .unknownLanguage(code, available: table.languages.map(\.code))
        }
        let language = table.languages[index]
        return GuidanceLanguage(bundle: self, index: index, code: language.code, endonym: language.endonym,
                                pluralRule: language.pluralRule, decimalSeparator: Character(Unicode.Scalar(language.decimalSeparator)),
                                formCount: language.formCount)
    }
}
