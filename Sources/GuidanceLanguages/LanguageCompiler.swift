public import Foundation
public import NavFormat
import BundleWriting

/// Compiles language files into the texts a bundle carries as `GTXT` (docs/bundle-format.md).
///
/// Refuses any language that breaks the schema, listing every problem, so an incomplete
/// language never reaches a bundle. Deterministic: keys sort by name bytes, languages by code.
public enum LanguageCompiler {
    /// The texts of `codes` (all of `files` when `nil`), in `GTXT`'s order.
    public static func compile(_ files: [LanguageFile], schema: LanguageSchema,
                               codes: [String]? = nil) throws(LanguageError) -> GuidanceTexts {
        var byCode: [String: LanguageFile] = [:]
        for file in files {
            guard byCode[file.code] == nil else { throw .duplicateLanguage(file.code) }
            byCode[file.code] = file
        }
        let available = byCode.keys.sorted()
        var chosen: [LanguageFile] = []
        for code in codes ?? available {
            guard let file = byCode[code] else { throw .unknownLanguage(code, available: available) }
            if !chosen.contains(where: { $0.code == code }) { chosen.append(file) }
        }
        chosen.sort { Array($0.code.utf8).lexicographicallyPrecedes(Array($1.code.utf8)) }
        let problems = chosen.flatMap { schema.problems(in: $0) }
        guard problems.isEmpty else { throw .incomplete(problems) }

        // The schema's keys, and the numbered ones any chosen language has.
        var keys: [GuidanceTexts.Key] = schema.entries.flatMap { entry in
            entry.keys.map { GuidanceTexts.Key(name: $0, isFormed: entry.group.isFormed, isOptional: false) }
        }
        let named = Set(keys.map(\.name))
        let numbered = Set(chosen.flatMap { $0.values.keys }.filter { !named.contains($0) && LanguageSchema.numbered($0) != nil })
        for name in numbered {
            guard let (group, _) = LanguageSchema.numbered(name) else { continue }
            keys.append(GuidanceTexts.Key(name: name, isFormed: group.isFormed, isOptional: true))
        }
        keys.sort { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }

        let languages = chosen.map { file in
            GuidanceTexts.Language(
                code: file.code, endonym: file.endonym, pluralRule: file.pluralRule ?? .oneIffOne,
                decimalSeparator: file.decimalSeparator.utf8.first ?? UInt8(ascii: "."), formCount: file.forms.count,
                values: keys.map { key in
                    file.values[key.name].map { value in
                        switch value {
                        case .text(let text): return [numberForms(text, forms: file.forms)]
                        case .forms(let texts): return file.forms.map { numberForms(texts[$0] ?? "", forms: file.forms) }
                        }
                    }
                })
        }
        return GuidanceTexts(keys: keys, languages: languages)
    }

    /// The `GTXT` section of `codes` (all when `nil`).
    public static func section(_ files: [LanguageFile], schema: LanguageSchema, codes: [String]? = nil) throws(LanguageError) -> Data {
        let texts = try compile(files, schema: schema, codes: codes)
        do {
            return try BundleWriter.encodeGuidanceTexts(texts)
        } catch {
            // The compiler's own checks are stricter than the writer's; reaching here is a bug in them.
            throw .incomplete([LanguageProblem(language: "*", key: "GTXT", message: "\(error)")])
        }
    }

    /// `text` with each form name replaced by its digit, as `GTXT` stores it: `{landmark:dat}` → `{landmark:2}`.
    static func numberForms(_ text: String, forms: [String]) -> String {
        // The checks passed, so the text parses and names declared forms only.
        guard let tokens = try? TemplateSyntax.tokens(text) else { return text }
        var result = ""
        for token in tokens {
            switch token {
            case .text(let literal):
                result += literal.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
            case .placeholder(let name, let form):
                if let form, let index = forms.firstIndex(of: form) {
                    result += "{\(name):\(index)}"
                } else {
                    result += "{\(name)}"
                }
            }
        }
        return result
    }
}
