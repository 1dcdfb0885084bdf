import VenueModel

/// The state of one GeoJSON import: the mapping, what it produced, what went wrong.
struct GeoJSONContext {
    let file: String
    let inputID: String
    let mapping: GeoJSONMapping
    var data = ImportedData()
    var errors: [ImportError] = []

    init(file: String, inputID: String, mapping: GeoJSONMapping) {
        self.file = file
        self.inputID = inputID
        self.mapping = mapping
    }

    /// One feature of the collection, by its place in the file.
    struct Feature {
        let object: JSONObject
        let properties: JSONObject?
        let id: String
        let location: SourceLocation
        let mapping: GeoJSONMapping

        /// The text of a model field, through the mapping; numbers and booleans as written.
        func text(_ field: String) -> String? {
            guard let value = properties?[mapping.property(for: field)] else { return nil }
            switch value {
            case .string(let string):
                let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
                return trimmed.isEmpty ? nil : trimmed
            case .number(let number):
                return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            case .bool(let flag):
                return flag ? "yes" : "no"
            case .null, .array, .object:
                return nil
            }
        }

        /// A property whose JSON type no field can use (an object or array) is an error, not a silent drop.
        func structuredProperty(_ field: String) -> String? {
            guard let value = properties?[mapping.property(for: field)] else { return nil }
            switch value {
            case .array, .object: return value.typeName
            default: return nil
            }
        }
    }

    mutating func read(_ value: JSONValue, index: Int) {
        guard case .object(let object) = value, object["type"]?.string == "Feature" else {
            errors.append(.invalidInput("features[\(index)] is not a Feature object", at: SourceLocation(file: file, feature: "#\(index)")))
            return
        }
        let sourceID: String
        switch object["id"] {
        case .string(let text)?: sourceID = text
        case .number(let number)?: sourceID = number == number.rounded() ? String(Int64(number)) : String(number)
        default: sourceID = "#\(index)"
        }
        var properties: JSONObject?
        if case .object(let props)? = object["properties"] { properties = props }
        let location = SourceLocation(file: file, line: object.line, column: object.column, feature: sourceID)
        let feature = Feature(object: object, properties: properties, id: sourceID, location: location, mapping: mapping)

        let tour = feature.text("tour")
        for field in GeoJSONMapping.fields where tour != nil || !GeoJSONMapping.tourOnlyFields.contains(field) {
            if let type = feature.structuredProperty(field) {
                let property = mapping.property(for: field)
                let found = properties?[property]?.excerpt() ?? type
                errors.append(.invalidInput("property '\(property)' is \(type) (\(found)); expected text or a number",
                                            at: location))
                return
            }
        }
        let modelID = "\(inputID):\(feature.text("id") ?? sourceID)"
        // A tour is a tour whatever its kind: its line is matched onto the walkways, not one of them.
        if let tour { return readTour(feature, name: tour, id: modelID) }
        guard let rawKind = feature.text("kind") ?? mapping.defaultKind else {
            report(.unknownKind, "feature has no '\(mapping.property(for: "kind"))' property and the input no default-kind; skipped", feature)
            return
        }
        let kind = mapping.kind(for: rawKind)
        let geometry: SimpleGeometry
        do {
            guard let parsed = try GeoJSONGeometry.parse(object["geometry"]) else {
                report(.noGeometry, "feature has no geometry; skipped", feature)
                return
            }
            geometry = parsed
        } catch {
            errors.append(.invalidInput(error.message, at: geometryLocation(feature)))
            return
        }
        classify(feature, kind: kind, rawKind: rawKind, geometry: geometry, id: modelID)
    }

    /// Where a feature's geometry object starts, for its errors: the feature may start many lines earlier.
    func geometryLocation(_ feature: Feature) -> SourceLocation {
        var place = feature.location
        if case .object(let geometryObject)? = feature.object["geometry"] {
            place.line = geometryObject.line
            place.column = geometryObject.column
        }
        return place
    }

    /// Records a finding about a feature, with its code's severity.
    mutating func report(_ code: FindingCode, _ message: String, _ feature: Feature) {
        data.issues.append(Issue(code: code, message: message, location: feature.location))
    }

    func levelReference(_ feature: Feature) -> LevelReference {
        var value = feature.text("level")
        if let raw = value, let mapped = mapping.levels[raw] { value = mapped }
        return LevelReference(building: feature.text("building") ?? mapping.building, value: value,
                              location: feature.location)
    }
}
