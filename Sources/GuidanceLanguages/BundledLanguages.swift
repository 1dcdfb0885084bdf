import Foundation
public import NavFormat

/// The schema and languages built into navforge (`Languages/`), embedded at build time so the
/// bundle stage needs no files beside the executable.
public enum BundledLanguages {
    /// The schema the languages are checked against.
    public static func schema() throws(LanguageError) -> LanguageSchema {
        try LanguageSchema(yaml: text(of: "schema.yml"), file: "schema.yml")
    }

    /// Every language file, in file name order.
    public static func files() throws(LanguageError) -> [LanguageFile] {
        var files: [LanguageFile] = []
        for file in EmbeddedLanguageFiles.files.sorted(by: { $0.name < $1.name }) where file.name != "schema.yml" {
            files.append(try LanguageFile(yaml: text(of: file.name), fileName: file.name))
        }
        return files
    }

    /// The codes of the built-in languages, sorted.
    public static func codes() throws(LanguageError) -> [String] {
        try files().map(\.code).sorted()
    }

    /// The compiled texts of `codes` (all when `nil`).
    public static func texts(codes: [String]? = nil) throws(LanguageError) -> GuidanceTexts {
        try LanguageCompiler.compile(files(), schema: schema(), codes: codes)
    }

    private static func text(of name: String) throws(LanguageError) -> String {
        guard let file = EmbeddedLanguageFiles.files.first(where: { $0.name == name }),
              let data = Data(base64Encoded: file.base64), let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(file: name, detail: "not embedded in this executable")
        }
        return text
    }
}
