import Foundation
import VenueModel

extension IMDFInterpreter {
    /// `manifest.json`: the IMDF version and the delivery's language.
    mutating func readManifest() {
        let location = fileLocation("manifest.json")
        do {
            guard let bytes = try source.data(named: "manifest.json") else {
                errors.append(.invalidInput("manifest.json is missing: this is not an IMDF delivery", at: location))
                return
            }
            guard case .object(let manifest) = try parse(bytes, file: "manifest.json") else {
                errors.append(.invalidInput("manifest.json is not a JSON object", at: location))
                return
            }
            if let version = manifest["version"]?.string, !version.hasPrefix("1.") {
                report(.imdfVersion, "manifest version \(version) is not IMDF 1.x; reading it as 1.0", at: location)
            }
            language = IMDFLanguage(preferred: options.language ?? manifest["language"]?.string ?? "en")
        } catch {
            errors.append(error)
        }
    }

    /// The features of one file, each with an id; unknown property keys are reported once per
    /// key and file.
    mutating func read(_ file: String, expecting type: String) -> [IMDFFeature] {
        let location = fileLocation(file)
        let root: JSONValue
        do {
            guard let bytes = try source.data(named: file) else { return [] }
            root = try parse(bytes, file: file)
        } catch {
            errors.append(error)
            unreadableFiles.insert(file)
            return []
        }
        guard case .object(let collection) = root, case .array(let items)? = collection["features"] else {
            errors.append(.invalidInput("\(file) is not a GeoJSON FeatureCollection", at: location))
            return []
        }
        var features: [IMDFFeature] = []
        var unknownKeys: [String: (count: Int, first: SourceLocation)] = [:]
        let known = IMDFCategories.properties[type] ?? []
        for (index, item) in items.enumerated() {
            guard case .object(let object) = item else {
                errors.append(.invalidInput("features[\(index)] is not an object", at: location))
                continue
            }
            let here = SourceLocation(file: location.file, line: object.line, column: object.column,
                                      feature: object["id"]?.string ?? "#\(index)")
            guard let id = object["id"]?.string, !id.isEmpty else {
                errors.append(.invalidInput("an IMDF feature needs a string id", at: here))
                continue
            }
            var properties: JSONObject?
            if case .object(let props)? = object["properties"] { properties = props }
            for key in properties?.keys ?? [] where !known.contains(key) {
                unknownKeys[key] = ((unknownKeys[key]?.count ?? 0) + 1, unknownKeys[key]?.first ?? here)
            }
            features.append(IMDFFeature(id: id, featureType: object["feature_type"]?.string ?? type,
                                        properties: properties, geometry: object["geometry"], location: here))
        }
        for key in unknownKeys.keys.sorted() {
            guard let found = unknownKeys[key] else { continue }
            report(.unknownProperty,
                   "\(found.count) \(type) features carry '\(key)', which IMDF does not define (the first is \(found.first.feature ?? "?"))",
                   at: found.first)
        }
        return features
    }

    func parse(_ bytes: Data, file: String) throws(ImportError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw error.placed(in: "\(source.displayName)/\(file)")
        }
    }

    /// Files that are not IMDF feature collections (extensions of a vendor or a tool).
    mutating func reportUnknownFiles() {
        let known = Set(IMDFCategories.readingOrder.map { "\($0).geojson" } + ["manifest.json"])
        for name in source.names where !known.contains(name) {
            report(.unknownFile, "\(name) is not an IMDF feature type; it is not read", at: fileLocation(name))
        }
    }
}
