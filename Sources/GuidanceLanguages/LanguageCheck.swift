import NavFormat

extension LanguageSchema {
    /// Every way `file` breaks the schema (docs/guidance.md, "The completeness check"), in key order.
    ///
    /// Checks the file's fields, that every key is present and no unknown one, that each text
    /// parses, uses its required placeholders and no undeclared one, names declared forms only,
    /// and that each formed value has exactly the declared forms.
    public func problems(in file: LanguageFile) -> [LanguageProblem] {
        let language = file.code.isEmpty ? file.fileName : file.code
        var problems = file.problems
        func problem(_ key: String, _ message: String) { problems.append(LanguageProblem(language: language, key: key, message: message)) }

        let stem = file.fileName.split(separator: "/").last.map { String($0.split(separator: ".").first ?? "") } ?? ""
        if !Self.isCode(file.code) {
            problem("code", "'\(file.code)' is not a language code (two or three lower-case letters, optionally -REGION)")
        } else if stem != file.code {
            problem("code", "'\(file.code)' differs from the file name \(file.fileName)")
        }
        if file.endonym.isEmpty { problem("endonym", "missing: the language's name in itself") }
        if file.pluralRule == nil {
            problem("plural", "expected one of \(PluralRule.allCases.map(\.name).joined(separator: ", "))")
        }
        let separator = Array(file.decimalSeparator.utf8)
        if separator.count != 1 || !(0x21...0x7E).contains(separator[0]) {
            problem("decimal", "expected one printable ASCII character, found '\(file.decimalSeparator)'")
        }
        if file.forms.isEmpty || file.forms.count > LanguageLayout.formLimit {
            problem("forms", "expected 1 to \(LanguageLayout.formLimit) form names, found \(file.forms.count)")
        }
        if Set(file.forms).count != file.forms.count { problem("forms", "a form is named twice") }
        for form in file.forms where !Self.isIdentifier(form) {
            problem("forms", "'\(form)' is not a form name (a letter, then letters, digits or _)")
        }

        let schemaKeys = Set(entries.flatMap(\.keys))
        for entry in entries {
            for key in entry.keys {
                guard let value = file.values[key] else {
                    problem(key, "missing (\(entry.meaning))")
                    continue
                }
                check(value, key: key, allowed: entry.allowed, required: entry.required, any: entry.any,
                      formed: entry.group.isFormed, file: file, problem: problem)
            }
        }
        for key in file.values.keys.sorted() where !schemaKeys.contains(key) {
            guard let (group, _) = Self.numbered(key), let value = file.values[key] else {
                problem(key, "unknown key: not in the schema")
                continue
            }
            check(value, key: key, allowed: Self.numberedPlaceholders(group), required: [], any: [],
                  formed: group.isFormed, file: file, problem: problem)
        }
        return problems.sorted { ($0.key, $0.message) < ($1.key, $1.message) }
    }

    /// The group of a numbered key (`level.-1`, `ordinal.2`) and its number.
    public static func numbered(_ key: String) -> (Group, Int)? {
        for group in Group.allCases where group.allowsNumbered {
            let prefix = group.key("")
            guard key.hasPrefix(prefix), let number = Int(key.dropFirst(prefix.count)),
                  String(number) == key.dropFirst(prefix.count) else { continue }
            // Levels 0 and the general entries are named in the schema; numbered ordinals start at 1.
            if group == .ordinals && number < 1 { return nil }
            return (group, number)
        }
        return nil
    }

    private func check(_ value: LanguageFile.Value, key: String, allowed: Set<String>, required: [String], any: [String],
                       formed: Bool, file: LanguageFile, problem: (String, String) -> Void) {
        var texts: [(label: String, text: String)] = []
        switch value {
        case .text(let text):
            if formed { problem(key, "expected one text per form (\(file.forms.joined(separator: ", ")))") }
            texts = [(key, text)]
        case .forms(let forms):
            if !formed { problem(key, "expected one text, not forms") }
            for form in file.forms where forms[form] == nil { problem(key, "lacks form '\(form)'") }
            for form in forms.keys.sorted() where !file.forms.contains(form) {
                problem(key, "has form '\(form)', which the language does not declare")
            }
            texts = file.forms.compactMap { form in forms[form].map { ("\(key):\(form)", $0) } }
        }
        for (label, text) in texts {
            let tokens: [TemplateToken]
            do {
                tokens = try TemplateSyntax.tokens(text)
            } catch {
                problem(label, "'\(text)': \(error)")
                continue
            }
            var used: Set<String> = []
            for case .placeholder(let name, let form) in tokens {
                used.insert(name)
                if !allowed.contains(name) { problem(label, "uses {\(name)}, which this key does not have") }
                if let form, !file.forms.contains(form) {
                    problem(label, "{\(name):\(form)} names a form the language does not declare (\(file.forms.joined(separator: ", ")))")
                }
            }
            for name in required where !used.contains(name) { problem(label, "does not use {\(name)}") }
            if !any.isEmpty && used.isDisjoint(with: any) {
                problem(label, "uses none of \(any.map { "{\($0)}" }.joined(separator: ", "))")
            }
        }
    }

    static func isCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
              language.utf8.allSatisfy({ (0x61...0x7A).contains($0) }), parts.count <= 2 else { return false }
        return parts.count == 1 || (parts[1].count == 2 && parts[1].utf8.allSatisfy { (0x41...0x5A).contains($0) })
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first) else { return false }
        return name.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }
}
