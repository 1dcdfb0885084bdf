import Yams

/// The keys every language defines (`Languages/schema.yml`), with the placeholders each may use.
public struct LanguageSchema: Sendable {
    /// The groups of a language file; a group decides how its entries are written and named in `GTXT`.
    public enum Group: String, CaseIterable, Sendable {
        case templates, phrases, nouns, names, levels, ordinals, units

        /// Entries of the group give one text per form of the language.
        public var isFormed: Bool { self == .nouns || self == .names || self == .levels }
        /// Entries may also be named by an integer (`level.-1`, `ordinal.1`), optional and winning over the general ones.
        public var allowsNumbered: Bool { self == .levels || self == .ordinals }

        /// The `GTXT` key of the group's entry `name`.
        public func key(_ name: String) -> String {
            switch self {
            case .templates, .phrases: return name
            case .nouns: return "noun.\(name)"
            case .names: return "name"
            case .levels: return "level.\(name)"
            case .ordinals: return "ordinal.\(name)"
            case .units: return "unit.\(name)"
            }
        }
    }

    /// One schema entry; a plural unit stands for two keys, `.one` and `.other`.
    public struct Entry: Hashable, Sendable {
        public var group: Group
        /// The entry's name in its group (`turn.way`, `elevator`, `0`).
        public var name: String
        public var meaning: String
        public var required: [String]
        public var optional: [String]
        /// At least one of these must appear.
        public var any: [String]
        public var isPlural: Bool

        /// The placeholders the entry may use.
        public var allowed: Set<String> { Set(required + optional + any) }
        /// The `GTXT` keys of the entry.
        public var keys: [String] {
            let key = group.key(name)
            return isPlural ? ["\(key).one", "\(key).other"] : [key]
        }
    }

    /// In file order, which is the order of the translator's guide.
    public var entries: [Entry]

    /// The placeholders a numbered entry of `group` may use.
    public static func numberedPlaceholders(_ group: Group) -> Set<String> {
        group == .levels ? ["n", "ordinal"] : ["n"]
    }

    /// Reads a schema file's text.
    public init(yaml: String, file: String = "schema.yml") throws(LanguageError) {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: yaml) else { throw LanguageError.unreadable(file: file, detail: "empty") }
            root = node
        } catch let error as LanguageError {
            throw error
        } catch {
            throw .unreadable(file: file, detail: "\(error)")
        }
        func fail(_ detail: String) -> LanguageError { .unreadable(file: file, detail: detail) }
        guard let groups = root.mapping else { throw fail("expected a mapping of groups") }
        var entries: [Entry] = []
        for (groupKey, groupNode) in groups {
            guard let groupName = groupKey.string, let group = Group(rawValue: groupName) else {
                throw fail("unknown group '\(groupKey.string ?? "?")'")
            }
            // `names` is a single entry; the others map entry names to their descriptions.
            var members: [(String, Node)] = []
            if group == .names {
                members = [("name", groupNode)]
            } else {
                guard let mapping = groupNode.mapping else { throw fail("\(groupName): expected a mapping") }
                for (key, value) in mapping {
                    guard let name = key.string else { throw fail("\(groupName): entry names must be text") }
                    members.append((name, value))
                }
            }
            for (name, node) in members {
                guard node.mapping != nil else { throw fail("\(groupName).\(name): expected a mapping") }
                func list(_ field: String) -> [String] { node[field]?.sequence?.compactMap(\.string) ?? [] }
                guard let meaning = node["meaning"]?.string else { throw fail("\(groupName).\(name): no meaning") }
                entries.append(Entry(group: group, name: name, meaning: meaning, required: list("required"),
                                     optional: list("optional"), any: list("any"), isPlural: node["plural"]?.bool ?? false))
            }
        }
        let keys = entries.flatMap(\.keys)
        guard Set(keys).count == keys.count else { throw fail("a key appears twice") }
        self.entries = entries
    }

    /// The entry that key `key` belongs to, with whether the key is numbered.
    public func entry(forKey key: String) -> Entry? {
        entries.first { $0.keys.contains(key) }
    }
}
