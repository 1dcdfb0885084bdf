import Foundation
import Yams
import NavFormat

/// A node of a pipeline file with the path and position needed for error messages, and
/// typed accessors that fail with a ``PipelineFileError`` naming both.
struct YAMLValue {
    let node: Node
    let path: String
    let file: String

    func error(_ message: String) -> PipelineFileError {
        PipelineFileError(file: file, line: node.mark?.line, column: node.mark?.column,
                          key: path.isEmpty ? nil : path, message: message)
    }

    private var kindName: String {
        switch node {
        case .scalar: return "a value"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    func string() throws(PipelineFileError) -> String {
        guard case .scalar(let scalar) = node else { throw error("expected text, found \(kindName)") }
        let text = scalar.string.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw error("expected text, found nothing") }
        return text
    }

    func double() throws(PipelineFileError) -> Double {
        guard case .scalar = node, let value = node.float, value.isFinite else {
            throw error("expected a number, found \(describeValue())")
        }
        return value
    }

    func int() throws(PipelineFileError) -> Int {
        guard case .scalar = node, let value = node.int else { throw error("expected a whole number, found \(describeValue())") }
        return value
    }

    func bool() throws(PipelineFileError) -> Bool {
        guard case .scalar = node, let value = node.bool else { throw error("expected true or false, found \(describeValue())") }
        return value
    }

    func list() throws(PipelineFileError) -> [YAMLValue] {
        guard case .sequence(let sequence) = node else { throw error("expected a list, found \(kindName)") }
        return sequence.enumerated().map { YAMLValue(node: $0.element, path: "\(path)[\($0.offset)]", file: file) }
    }

    func mapping() throws(PipelineFileError) -> YAMLMapping {
        if case .scalar(let scalar) = node, scalar.string.isEmpty || scalar.tag == .init(.null) {
            // `graph:` with nothing after it means "no parameters".
            return YAMLMapping(entries: [], owner: self)
        }
        guard case .mapping(let mapping) = node else { throw error("expected a mapping, found \(kindName)") }
        var entries: [(key: String, value: YAMLValue, keyNode: Node)] = []
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let keyScalar) = keyNode else {
                throw YAMLValue(node: keyNode, path: path, file: file).error("keys must be plain text")
            }
            let key = keyScalar.string
            let childPath = path.isEmpty ? key : "\(path).\(key)"
            if entries.contains(where: { $0.key == key }) {
                throw YAMLValue(node: keyNode, path: childPath, file: file).error("key appears twice")
            }
            if case .alias = valueNode {
                throw YAMLValue(node: valueNode, path: childPath, file: file).error("YAML aliases are not supported in pipeline files")
            }
            entries.append((key, YAMLValue(node: valueNode, path: childPath, file: file), keyNode))
        }
        return YAMLMapping(entries: entries, owner: self)
    }

    /// A mapping of text to text, such as `kinds:` or `columns:`.
    func stringDictionary() throws(PipelineFileError) -> [String: String] {
        var result: [String: String] = [:]
        for entry in try mapping().entries { result[entry.key] = try entry.value.string() }
        return result
    }

    /// One list of text, accepting a single value as a list of one.
    func stringList() throws(PipelineFileError) -> [String] {
        if case .scalar = node { return [try string()] }
        var result: [String] = []
        for item in try list() { result.append(try item.string()) }
        return result
    }

    private func describeValue() -> String {
        if case .scalar(let scalar) = node { return "'\(scalar.string)'" }
        return kindName
    }

    /// The node as plain data with sorted keys, for cache keys.
    func canonicalJSON() -> String {
        switch node {
        case .scalar(let scalar):
            return "\"" + scalar.string.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .sequence(let sequence):
            return "[" + sequence.map { YAMLValue(node: $0, path: path, file: file).canonicalJSON() }.joined(separator: ",") + "]"
        case .mapping(let mapping):
            let pairs = mapping.map { (key: $0.key.string ?? "", value: YAMLValue(node: $0.value, path: path, file: file)) }
                .sorted { $0.key < $1.key }
            return "{" + pairs.map { "\"\($0.key)\":\($0.value.canonicalJSON())" }.joined(separator: ",") + "}"
        case .alias:
            return "null"
        }
    }
}

/// A mapping whose keys are checked off as they are read, so unknown keys can be reported.
struct YAMLMapping {
    let entries: [(key: String, value: YAMLValue, keyNode: Node)]
    let owner: YAMLValue

    subscript(key: String) -> YAMLValue? {
        entries.first { $0.key == key }?.value
    }

    func required(_ key: String) throws(PipelineFileError) -> YAMLValue {
        guard let value = self[key] else {
            throw owner.error("missing required key '\(key)'")
        }
        return value
    }

    /// Fails on the first key that is not in `allowed`, naming it and the keys that are.
    func rejectUnknownKeys(_ allowed: [String]) throws(PipelineFileError) {
        for entry in entries where !allowed.contains(entry.key) {
            let keyValue = YAMLValue(node: entry.keyNode, path: entry.value.path, file: owner.file)
            throw keyValue.error("unknown key; expected one of: \(allowed.joined(separator: ", "))")
        }
    }
}
