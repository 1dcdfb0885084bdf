public import NavFormat
import Yams

/// One language file (`Languages/de.yml`) as written, before it is checked against the schema.
///
/// Reading keeps going past what is wrong in a key and records it in ``problems``, so the
/// completeness check can list every problem of every language at once.
public struct LanguageFile: Sendable {
    /// A value as written: one text, or one text per form name.
    public enum Value: Hashable, Sendable {
        case text(String)
        case forms([String: String])
    }

    public var fileName: String
    public var code: String
    public var endonym: String
    public var pluralRule: PluralRule?
    public var decimalSeparator: String
    /// The form names, in the order their digits take in `GTXT`.
    public var forms: [String]
    /// Every value by its `GTXT` key.
    public var values: [String: Value]
    /// Shape problems found while reading (a list where a text belongs, an unknown group).
    public var problems: [LanguageProblem]

    static let fields = ["code", "endonym", "plural", "decimal", "forms"]

    /// Reads a language file's text; only text that is not a YAML mapping at all is refused.
    public init(yaml: String, fileName: String) throws(LanguageError) {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: yaml), node.mapping != nil else {
                throw LanguageError.unreadable(file: fileName, detail: "expected a mapping")
            }
            root = node
        } catch let error as LanguageError {
            throw error
        } catch {
            throw .unreadable(file: fileName, detail: "\(error)")
        }
        self.fileName = fileName
        code = root["code"]?.string ?? ""
        endonym = root["endonym"]?.string ?? ""
        pluralRule = PluralRule.allCases.first { $0.name == root["plural"]?.string }
        decimalSeparator = root["decimal"]?.string ?? ""
        forms = root["forms"]?.sequence?.compactMap(\.string) ?? []
        let language = code.isEmpty ? fileName : code
        var values: [String: Value] = [:]
        var problems: [LanguageProblem] = []
        func problem(_ key: String, _ message: String) { problems.append(LanguageProblem(language: language, key: key, message: message)) }
        let forms = self.forms

        for (keyNode, node) in root.mapping ?? [:] {
            let name = keyNode.string ?? ""
            if Self.fields.contains(name) { continue }
            guard let group = LanguageSchema.Group(rawValue: name) else {
                problem(name, "unknown group (expected \(LanguageSchema.Group.allCases.map(\.rawValue).joined(separator: ", ")))")
                continue
            }
            if group == .names {
                values["name"] = Self.readValue(node, formed: true, forms: forms, key: "name", problem: problem)
                continue
            }
            guard let mapping = node.mapping else {
                problem(name, "expected a mapping of entries")
                continue
            }
            for (entryNode, value) in mapping {
                let entry = entryNode.string ?? ""
                let key = group.key(entry)
                if group == .units, let plural = value.mapping {
                    // A count: one text per plural category.
                    for (categoryNode, text) in plural {
                        let category = categoryNode.string ?? ""
                        values["\(key).\(category)"] = Self.readValue(text, formed: false, forms: forms, key: "\(key).\(category)", problem: problem)
                    }
                } else {
                    values[key] = Self.readValue(value, formed: group.isFormed, forms: forms, key: key, problem: problem)
                }
            }
        }
        self.values = values
        self.problems = problems
    }

    private static func readValue(_ node: Node, formed: Bool, forms: [String], key: String,
                                  problem: (String, String) -> Void) -> Value? {
        if formed {
            guard let mapping = node.mapping else {
                problem(key, "expected one text per form (\(forms.joined(separator: ", ")))")
                return nil
            }
            var texts: [String: String] = [:]
            for (form, text) in mapping {
                guard let name = form.string, let value = text.scalar?.string else {
                    problem(key, "each form needs one text")
                    continue
                }
                texts[name] = value
            }
            return .forms(texts)
        }
        guard let text = node.scalar?.string else {
            problem(key, "expected one text")
            return nil
        }
        return .text(text)
    }
}
