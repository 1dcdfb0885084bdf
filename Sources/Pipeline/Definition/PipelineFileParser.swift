import FileReading
public import Foundation
import Yams
import NavFormat

/// Reads a pipeline file (YAML) into a ``PipelineDefinition``, checking every key and value.
///
/// Unknown keys, wrong types, bad versions and missing input files are errors naming the file,
/// line and key, so a typo never silently changes a build.
public enum PipelineFileParser {
    static let topLevelKeys = ["venue", "version", "inputs", "stages", "publish"]

    /// The pipeline in the file at `url`.
    ///
    /// - Throws: ``PipelineError/pipelineFile(file:line:column:key:message:)``.
    public static func parse(contentsOf url: URL) throws(PipelineError) -> PipelineDefinition {
        do {
            return try definition(contentsOf: url)
        } catch {
            throw error.pipelineError
        }
    }

    /// The pipeline `text`, read as the file at `url` (inputs are found beside it).
    ///
    /// - Throws: ``PipelineError/pipelineFile(file:line:column:key:message:)``.
    public static func parse(_ text: String, url: URL) throws(PipelineError) -> PipelineDefinition {
        do {
            return try definition(text, url: url)
        } catch {
            throw error.pipelineError
        }
    }

    static func definition(contentsOf url: URL) throws(PipelineFileError) -> PipelineDefinition {
        let display = url.relativePath
        let data: Data
        do {
            data = try FileContents.read(url)
        } catch {
            throw PipelineFileError(file: display, line: nil, column: nil, key: nil,
                                    message: "cannot read the pipeline file: \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PipelineFileError(file: display, line: nil, column: nil, key: nil, message: "the file is not UTF-8 text")
        }
        return try definition(text, url: url)
    }

    static func definition(_ text: String, url: URL) throws(PipelineFileError) -> PipelineDefinition {
        let display = url.relativePath
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw PipelineFileError(file: display, line: 1, column: 1, key: nil, message: "the pipeline file is empty")
            }
            root = node
        } catch let error as PipelineFileError {
            throw error
        } catch {
            throw yamlError(error, file: display, text: text)
        }
        let top = try YAMLValue(node: root, path: "", file: display).mapping()
        try top.rejectUnknownKeys(topLevelKeys)

        let venue = try top.required("venue").mapping()
        try venue.rejectUnknownKeys(["id", "name"])
        let venueIDValue = try venue.required("id")
        let venueID = try venueIDValue.string()
        guard Self.isSafeName(venueID) else {
            throw venueIDValue.error("'\(venueID)' must use only letters, digits, '.', '_' and '-' (it names files)")
        }
        let venueName = try venue["name"]?.string() ?? venueID

        let versionValue = try top.required("version")
        let versionText = try versionValue.string()
        guard let version = SemanticVersion(versionText) else {
            throw versionValue.error("'\(versionText)' is not a semantic version like 1.0.0")
        }

        let baseURL = url.deletingLastPathComponent()
        let inputs = try parseInputs(try top.required("inputs"), base: baseURL)
        let stagesValue = try top.required("stages")
        let stages = try parseStages(stagesValue)
        let hasSurvey = inputs.contains(where: \.format.isSurvey)
        let hasFingerprints = stages.contains { $0.kind == .fingerprints }
        if hasSurvey, !hasFingerprints {
            throw stagesValue.error("the pipeline has survey inputs but no 'fingerprints' stage to compile them; add `fingerprints:` before `bundle:`")
        }
        if hasFingerprints, !inputs.contains(where: { if case .survey(let options) = $0.format { return options.layout != .accessPoints } else { return false } }) {
            throw stagesValue.error("the 'fingerprints' stage needs at least one survey input with scans (format: survey, layout: wide or long)")
        }
        let publish = try parsePublish(top["publish"])
        let name = url.deletingPathExtension().lastPathComponent
        return PipelineDefinition(file: url, name: name, venueID: venueID, venueName: venueName, version: version,
                                  inputs: inputs, stages: stages, publish: publish)
    }

    static func isSafeName(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix(".") && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
    }

    private static func yamlError(_ error: Error, file: String, text: String) -> PipelineFileError {
        if let yaml = error as? YamlError {
            switch yaml {
            case .duplicatedKeysInMapping(let duplicates, let context):
                let key = duplicates.sorted().first ?? ""
                let first = (line: context.mark.line, column: context.mark.column)
                let place = secondOccurrence(ofKey: key, in: text, after: first) ?? first
                return PipelineFileError(file: file, line: place.line, column: place.column, key: key,
                                         message: "this key appears twice in one mapping; only one value can hold")
            case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
                 .composer(let context, let problem, let mark, _):
                let detail = context.map { "\($0.text) " } ?? ""
                return PipelineFileError(file: file, line: mark.line, column: mark.column, key: nil,
                                         message: "invalid YAML: \(detail)\(problem)")
            default:
                break
            }
        }
        return PipelineFileError(file: file, line: nil, column: nil, key: nil, message: "invalid YAML: \(error)")
    }

    /// Where a block-style key is written for the second time. libyaml marks the first
    /// occurrence (1-based line); the second is the next line with that key at the same column.
    private static func secondOccurrence(ofKey key: String, in text: String,
                                         after first: (line: Int, column: Int)) -> (line: Int, column: Int)? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func keyColumn(_ line: Substring) -> Int? {
            var rest = line
            let indent = rest.prefix { $0 == " " }.count
            rest = rest.dropFirst(indent)
            var column = indent + 1
            if rest.hasPrefix("- ") {
                rest = rest.dropFirst(2)
                column += 2
            }
            guard rest.hasPrefix(key), rest.dropFirst(key.count).drop(while: { $0 == " " }).hasPrefix(":") else { return nil }
            return column
        }
        let start = max(first.line - 1, 0)
        guard start < lines.count, let column = keyColumn(lines[start]) else { return nil }
        for index in (start + 1)..<lines.count where keyColumn(lines[index]) == column {
            return (index + 1, column)
        }
        return nil
    }
}
