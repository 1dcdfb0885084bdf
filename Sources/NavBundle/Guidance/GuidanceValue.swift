/// A value for a template's placeholder: one text, or one per form of the language.
///
/// Made by the words of ``GuidanceLanguage`` (``GuidanceLanguage/noun(_:ref:)``,
/// ``GuidanceLanguage/level(name:ordinal:isOutdoor:)``, ...) or from bundle text with ``data(_:)``.
public struct GuidanceValue: Hashable, Sendable {
    /// One text for every form, or one per form in the language's form order.
    public var forms: [String]
    /// Per form: whether the text starts with words of the language rather than bundle data, so
    /// that it is capitalised when an instruction starts with it.
    public var startsWithLanguageText: [Bool]

    public init(forms: [String], startsWithLanguageText: [Bool]) {
        precondition(forms.count == startsWithLanguageText.count && !forms.isEmpty, "one flag per form")
        self.forms = forms
        self.startsWithLanguageText = startsWithLanguageText
    }

    /// Text from the bundle (a name, a ref, a number), inserted as it is in every form and never capitalised.
    public static func data(_ text: String) -> GuidanceValue {
        GuidanceValue(forms: [text], startsWithLanguageText: [false])
    }
}
