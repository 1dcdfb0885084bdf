import Foundation
import Testing
@testable import Pipeline

/// The demo's `report.json` against the schema published in `docs/report.schema.json`.
@Suite struct ReportSchemaTests {
    static let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/report.schema.json")

    static func json(_ url: URL) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url), options: [.fragmentsAllowed])
    }

    @Test func theDemoReportFollowsThePublishedSchema() throws {
        let workspace = try DemoWorkspace()
        let summary = try workspace.build(until: .validate)
        #expect(summary.status == .succeeded, "\(summary.errors)")
        let report = try Self.json(workspace.layout.report)
        let problems = SchemaCheck.problems(in: report, schema: try Self.json(Self.schemaURL))
        #expect(problems.isEmpty, "\(problems)")
        let issues = (report as? [String: Any])?["issues"] as? [[String: Any]] ?? []
        #expect(!issues.isEmpty, "the demo's report has findings to check")
    }

    /// The check itself finds what the schema forbids, so a passing report means something.
    @Test func theCheckRejectsWhatTheSchemaForbids() throws {
        let schema = try Self.json(Self.schemaURL)
        let issue: [String: Any] = ["code": "door-not-on-outline", "severity": "fatal", "message": "m",
                                    "location": ["file": "a.geojson", "line": 0], "colour": "red"]
        let report: [String: Any] = ["formatVersion": 1, "venue": "v", "generator": "g",
                                     "summary": ["errors": 0, "warnings": 0, "infos": 0, "byCode": [:] as [String: Any]],
                                     "issues": [issue]]
        let problems = SchemaCheck.problems(in: report, schema: schema)
        #expect(problems.contains { $0.hasPrefix("$.issues[0].severity") })
        #expect(problems.contains { $0.hasPrefix("$.issues[0].location.line") })
        #expect(problems.contains { $0.hasPrefix("$.issues[0]: unexpected key 'colour'") })
        #expect(problems.count == 3, "\(problems)")
    }
}

/// The part of JSON Schema the report's schema uses: type (object, array, string, integer,
/// number), required, properties, additionalProperties, items, enum, const, minimum, maximum and
/// pattern.
enum SchemaCheck {
    static func problems(in value: Any, schema: Any, path: String = "$") -> [String] {
        guard let schema = schema as? [String: Any] else { return ["\(path): schema is not an object"] }
        var found: [String] = []
        if let type = schema["type"] as? String, !matches(value, type: type) {
            return ["\(path): expected \(type)"]
        }
        if let allowed = schema["enum"] as? [Any], !allowed.contains(where: { equal($0, value) }) {
            found.append("\(path): \(value) is not one of \(allowed)")
        }
        if let constant = schema["const"], !equal(constant, value) { found.append("\(path): expected \(constant)") }
        if let number = (value as? NSNumber)?.doubleValue {
            if let minimum = (schema["minimum"] as? NSNumber)?.doubleValue, number < minimum { found.append("\(path): below \(minimum)") }
            if let maximum = (schema["maximum"] as? NSNumber)?.doubleValue, number > maximum { found.append("\(path): above \(maximum)") }
        }
        if let pattern = schema["pattern"] as? String, let text = value as? String,
           text.range(of: pattern, options: .regularExpression) == nil {
            found.append("\(path): '\(text)' does not match \(pattern)")
        }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                found.append("\(path): missing '\(key)'")
            }
            for key in object.keys.sorted() {
                let child = object[key] as Any
                if let property = properties[key] {
                    found += problems(in: child, schema: property, path: "\(path).\(key)")
                } else if let additional = schema["additionalProperties"] as? [String: Any] {
                    found += problems(in: child, schema: additional, path: "\(path).\(key)")
                } else if schema["additionalProperties"] as? Bool == false {
                    found.append("\(path): unexpected key '\(key)'")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] {
            for (index, item) in array.enumerated() { found += problems(in: item, schema: items, path: "\(path)[\(index)]") }
        }
        return found
    }

    static func matches(_ value: Any, type: String) -> Bool {
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "integer": return (value as? NSNumber).map { $0.doubleValue == $0.doubleValue.rounded() } ?? false
        case "number": return value is NSNumber
        // The report's schema uses no other type; an unknown one fails rather than passes.
        default: return false
        }
    }

    static func equal(_ a: Any, _ b: Any) -> Bool {
        if let a = a as? String, let b = b as? String { return a == b }
        if let a = a as? NSNumber, let b = b as? NSNumber { return a == b }
        return false
    }
}
