import NavFormat

extension GuidanceLanguage {
    /// The instruction of template `key` with its placeholders filled from `values`.
    ///
    /// docs/guidance.md, "Rendering", specifies this byte for byte: `{name}` takes the value's
    /// first form (or its only one), `{name:d}` form `d`; `{{` and `}}` are braces; and when the
    /// text starts with a lower-case letter the language wrote (not a bundle name), that letter
    /// is made upper case. A placeholder without a value is the caller's error.
    public func render(_ key: String, _ values: [String: GuidanceValue]) throws(BundleError) -> String {
        let (text, capitalise) = try fill(string(key), values, key: key)
        return capitalise ? Self.capitalisingFirstLetter(text) : text
    }

    /// Every form of formed key `key` filled from `values`, as a value for another template.
    public func filled(_ key: String, _ values: [String: GuidanceValue] = [:]) throws(BundleError) -> GuidanceValue {
        var forms: [String] = [], flags: [Bool] = []
        for template in try strings(key) {
            let (text, flag) = try fill(template, values, key: key)
            forms.append(text)
            flags.append(flag)
        }
        return GuidanceValue(forms: forms, startsWithLanguageText: flags)
    }

    /// `template` filled; with whether its first character is the language's own text.
    func fill(_ template: String, _ values: [String: GuidanceValue], key: String) throws(BundleError) -> (String, Bool) {
        let tokens: [TemplateToken]
        do {
            tokens = try TemplateSyntax.tokens(template)
        } catch {
            throw .malformedSection(section: "GTXT", detail: "\(code) \(key): \(error)")
        }
        var text = ""
        var startsWithLanguageText = false
        for (position, token) in tokens.enumerated() {
            switch token {
            case .text(let literal):
                text += literal
                if position == 0 { startsWithLanguageText = true }
            case .placeholder(let name, let formText):
                var form = 0
                if let formText {
                    guard formText.utf8.count == 1, let digit = Int(formText), digit < formCount else {
                        throw .malformedSection(section: "GTXT", detail: "\(code) \(key): form '\(formText)' of {\(name)} is not one of its \(formCount) forms")
                    }
                    form = digit
                }
                guard let value = values[name] else { throw .missingGuidanceValue(placeholder: name, key: key, language: code) }
                let chosen = value.forms.count == 1 ? 0 : form
                guard chosen < value.forms.count, value.forms.count == 1 || value.forms.count == formCount else {
                    throw .missingGuidanceValue(placeholder: "\(name):\(form)", key: key, language: code)
                }
                text += value.forms[chosen]
                if position == 0 { startsWithLanguageText = value.startsWithLanguageText[chosen] }
            }
        }
        return (text, startsWithLanguageText)
    }

    /// `text` with its first character upper case when it is a lower-case letter of ASCII or Latin-1
    /// (a–z, U+00E0–U+00FE but U+00F7): all that English, German, French and Spanish start a sentence with,
    /// without Unicode tables, so the C core does exactly the same.
    static func capitalisingFirstLetter(_ text: String) -> String {
        guard let first = text.unicodeScalars.first else { return text }
        let value = first.value
        let upper: UInt32
        if (0x61...0x7A).contains(value) || ((0xE0...0xFE).contains(value) && value != 0xF7) {
            upper = value - 0x20
        } else {
            return text
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(Unicode.Scalar(upper)!)
        scalars.append(contentsOf: text.unicodeScalars.dropFirst())
        return String(scalars)
    }
}
