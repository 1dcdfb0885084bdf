import Foundation
import Importers

extension PipelineFileParser {
    static func parseInputs(_ value: YAMLValue, base: URL) throws(PipelineFileError) -> [InputDefinition] {
        let items = try value.list()
        guard !items.isEmpty else { throw value.error("a pipeline needs at least one input") }
        var inputs: [InputDefinition] = []
        for item in items {
            let input = try parseInput(item, base: base)
            if inputs.contains(where: { $0.id == input.id }) {
                throw item.error("input id '\(input.id)' is used twice; give one of them an `id:`")
            }
            inputs.append(input)
        }
        return inputs
    }

    private static func parseInput(_ value: YAMLValue, base: URL) throws(PipelineFileError) -> InputDefinition {
        let mapping = try value.mapping()
        try mapping.rejectUnknownKeys(["id", "path", "format", "options", "attribution", "license"])
        let pathValue = try mapping.required("path")
        let path = try pathValue.string()
        let url = URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw pathValue.error("input file not found: \(url.path)")
        }

        let id: String
        if let idValue = mapping["id"] {
            id = try idValue.string()
            guard isSafeName(id) else { throw idValue.error("'\(id)' must use only letters, digits, '.', '_' and '-'") }
        } else {
            id = url.deletingPathExtension().lastPathComponent
        }

        let formatName: String
        if let formatValue = mapping["format"] {
            formatName = try formatValue.string()
        } else if isDirectory.boolValue {
            formatName = "imdf"
        } else {
            switch url.pathExtension.lowercased() {
            case "geojson", "json": formatName = "geojson"
            case "csv": formatName = "csv"
            case "osm", "pbf": formatName = "osm"
            case "gz" where url.deletingPathExtension().pathExtension.lowercased() == "osm",
                 "bz2" where url.deletingPathExtension().pathExtension.lowercased() == "osm":
                formatName = "osm"
            case "zip": formatName = "imdf"
            default: throw value.error("cannot tell the format of '\(path)' from its extension; add `format:`")
            }
        }
        let options = mapping["options"]
        let optionsMapping = try options?.mapping() ?? YAMLMapping(entries: [], owner: value)
        let format: InputFormat
        switch formatName {
        case "geojson": format = .geojson(try geoJSONMapping(optionsMapping))
        case "csv": format = .csv(try csvOptions(optionsMapping))
        case "osm": format = .osm(try osmOptions(optionsMapping))
        case "imdf": format = .imdf(try imdfOptions(optionsMapping))
        case "survey": format = .survey(try surveyOptions(optionsMapping))
        default:
            throw (mapping["format"] ?? value).error("unknown format '\(formatName)'; expected geojson, csv, osm, imdf or survey")
        }
        if isDirectory.boolValue, formatName != "imdf" {
            throw pathValue.error("\(url.path) is a folder; only an IMDF delivery may be a folder")
        }
        return InputDefinition(id: id, path: path, url: url, format: format,
                               canonicalOptions: options?.canonicalJSON() ?? "{}",
                               attribution: try mapping["attribution"]?.string(), license: try mapping["license"]?.string())
    }

    private static func geoJSONMapping(_ options: YAMLMapping) throws(PipelineFileError) -> GeoJSONMapping {
        try options.rejectUnknownKeys(["building", "properties", "kinds", "levels", "default-kind"])
        var mapping = GeoJSONMapping()
        mapping.building = try options["building"]?.string()
        if let properties = options["properties"] {
            for entry in try properties.mapping().entries {
                guard GeoJSONMapping.fields.contains(entry.key) else {
                    throw entry.value.error("'\(entry.key)' is not a model field; expected one of: \(GeoJSONMapping.fields.joined(separator: ", "))")
                }
                mapping.properties[entry.key] = try entry.value.string()
            }
        }
        if let kinds = options["kinds"] {
            for entry in try kinds.mapping().entries {
                let kind = try entry.value.string()
                guard GeoJSONMapping.knownKinds.contains(kind) else {
                    throw entry.value.error("'\(kind)' is not a kind; expected one of: \(GeoJSONMapping.knownKinds.sorted().joined(separator: ", "))")
                }
                mapping.kinds[entry.key] = kind
            }
        }
        mapping.levels = try options["levels"]?.stringDictionary() ?? [:]
        if let defaultKind = options["default-kind"] {
            let kind = try defaultKind.string()
            guard GeoJSONMapping.knownKinds.contains(kind) else { throw defaultKind.error("'\(kind)' is not a kind") }
            mapping.defaultKind = kind
        }
        return mapping
    }

    private static func imdfOptions(_ options: YAMLMapping) throws(PipelineFileError) -> IMDFImportOptions {
        try options.rejectUnknownKeys(["language", "infer-connectors"])
        var result = IMDFImportOptions()
        result.language = try options["language"]?.string()
        if let value = options["infer-connectors"] { result.inferConnectors = try value.bool() }
        return result
    }

    private static func osmOptions(_ options: YAMLMapping) throws(PipelineFileError) -> OSMImportOptions {
        try options.rejectUnknownKeys(["encoding", "building", "within"])
        var result = OSMImportOptions()
        if let value = options["encoding"] {
            let text = try value.string()
            guard let encoding = OSMImportOptions.Encoding(rawValue: text) else {
                throw value.error("expected xml or pbf, found '\(text)'")
            }
            result.encoding = encoding
        }
        result.building = try options["building"]?.string()
        if let value = options["within"] { result.within = try clipArea(value) }
        return result
    }

    /// `within: way/123`, `within: relation/456` or `within: {south: 49.4, west: 8.67, north: 49.407, east: 8.682}`.
    private static func clipArea(_ value: YAMLValue) throws(PipelineFileError) -> OSMClipArea {
        let expected = "expected way/ID, relation/ID or a box {south: S, west: W, north: N, east: E} in degrees"
        if case .scalar = value.node {
            let text = try value.string()
            let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let id = Int64(parts[1]) else { throw value.error("\(expected), found '\(text)'") }
            switch parts[0] {
            case "way": return .way(id)
            case "relation": return .relation(id)
            case "node": throw value.error("a node encloses no area; name a closed way (way/ID) or a multipolygon (relation/ID)")
            default: throw value.error("\(expected), found '\(text)'")
            }
        }
        guard case .mapping = value.node else { throw value.error(expected) }
        let box = try value.mapping()
        try box.rejectUnknownKeys(["south", "west", "north", "east"])
        var degrees: [String: Double] = [:]
        for (key, limit) in [("south", 90.0), ("west", 180.0), ("north", 90.0), ("east", 180.0)] {
            let entry = try box.required(key)
            let number = try entry.double()
            guard abs(number) <= limit else {
                throw entry.error("\(key) must be between -\(Int(limit)) and \(Int(limit)) degrees, found \(number)")
            }
            degrees[key] = number
        }
        let (south, west, north, east) = (degrees["south"]!, degrees["west"]!, degrees["north"]!, degrees["east"]!)
        if let problem = OSMClipArea.boxProblem(south: south, west: west, north: north, east: east) {
            throw value.error(problem)
        }
        return .box(south: south, west: west, north: north, east: east)
    }

    private static func surveyOptions(_ options: YAMLMapping) throws(PipelineFileError) -> SurveyImportOptions {
        try options.rejectUnknownKeys(["layout", "coordinates", "not-heard"])
        let layouts = SurveyImportOptions.Layout.allCases.map(\.rawValue).joined(separator: ", ")
        guard let layoutValue = options["layout"] else {
            throw options.owner.error("a survey input needs `options: {layout: NAME}`, NAME one of: \(layouts)")
        }
        let layoutName = try layoutValue.string()
        guard let layout = SurveyImportOptions.Layout(rawValue: layoutName) else {
            throw layoutValue.error("unknown layout '\(layoutName)'; expected one of: \(layouts)")
        }
        var result = SurveyImportOptions(layout: layout)
        if let value = options["coordinates"] {
            let text = try value.string()
            guard let system = SurveyImportOptions.CoordinateSystem(rawValue: text) else {
                throw value.error("expected EPSG:3857 or EPSG:4326, found '\(text)'")
            }
            result.coordinates = system
        }
        if let value = options["not-heard"] { result.notHeard = try value.double() }
        return result
    }

    private static func csvOptions(_ options: YAMLMapping) throws(PipelineFileError) -> CSVImportOptions {
        try options.rejectUnknownKeys(["table", "delimiter", "columns", "building"])
        let names = CSVImportOptions.Table.allCases.map(\.rawValue).joined(separator: ", ")
        guard let tableValue = options["table"] else {
            throw options.owner.error("a CSV input needs `options: {table: NAME}`, NAME one of: \(names)")
        }
        let tableName = try tableValue.string()
        guard let table = CSVImportOptions.Table(rawValue: tableName) else {
            throw tableValue.error("unknown table '\(tableName)'; expected one of: \(names)")
        }
        var result = CSVImportOptions(table: table)
        if let delimiterValue = options["delimiter"] {
            let text = try delimiterValue.string()
            let character: Character? = text == "tab" ? "\t" : (text.count == 1 ? text.first : nil)
            guard let character, let delimiter = CSVDelimiter(character) else {
                throw delimiterValue.error("a delimiter is one character (',' or ';') or 'tab'")
            }
            result.delimiter = delimiter
        }
        if let columns = options["columns"] {
            let fields = CSVImportOptions.fields(of: table)
            for entry in try columns.mapping().entries {
                guard fields.contains(entry.key) else {
                    throw entry.value.error("'\(entry.key)' is not a field of a \(tableName) table; expected one of: \(fields.joined(separator: ", "))")
                }
                result.columns[entry.key] = try entry.value.string()
            }
        }
        result.building = try options["building"]?.string()
        return result
    }
}
