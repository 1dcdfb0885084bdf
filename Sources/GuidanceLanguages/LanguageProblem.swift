/// One thing wrong with a language file, named by language and key so a translator finds it.
public struct LanguageProblem: Hashable, Sendable, CustomStringConvertible {
    /// The language's code, or its file's name when the code itself is unreadable.
    public var language: String
    /// The key as `GTXT` names it (`turn.landmark.at`, `noun.elevator`), or the file-level field.
    public var key: String
    public var message: String

    public init(language: String, key: String, message: String) {
        self.language = language
        self.key = key
        self.message = message
    }

    public var description: String { "\(language): \(key): \(message)" }
}

/// Why the language files cannot be compiled.
public enum LanguageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file that is not YAML of the expected shape.
    case unreadable(file: String, detail: String)
    /// Languages that break the schema; every problem, by language and key.
    case incomplete([LanguageProblem])
    /// A language asked for that the compiler does not have.
    case unknownLanguage(String, available: [String])
    /// The same code in two files.
    case duplicateLanguage(String)

    public var description: String {
        switch self {
        case .unreadable(let file, let detail):
            return "guidance language file \(file) cannot be read: \(detail)"
        case .incomplete(let problems):
            return "guidance languages are incomplete (docs/guidance.md, \"Languages\"):\n"
                + problems.map { "  \($0)" }.joined(separator: "\n")
        case .unknownLanguage(let code, let available):
            return "no guidance language '\(code)' (available: \(available.joined(separator: ", ")))"
        case .duplicateLanguage(let code):
            return "two guidance language files have the code '\(code)'"
        }
    }
}
