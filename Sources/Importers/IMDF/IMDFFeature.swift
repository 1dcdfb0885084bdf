import VenueModel

/// One feature of an IMDF FeatureCollection, with where it came from.
struct IMDFFeature {
    let id: String
    let featureType: String
    let properties: JSONObject?
    let geometry: JSONValue?
    let location: SourceLocation

    /// Text of a property; numbers as written, `nil` for null or absent.
    func string(_ key: String) -> String? {
        switch properties?[key] {
        case .string(let text)?:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        case .number(let number)?:
            // Int(exactly:) is nil beyond Int's range, where Int(_:) would trap on hostile input.
            return Int(exactly: number).map(String.init) ?? String(number)
        default:
            return nil
        }
    }

    /// An IMDF LABELS object (`{"en": "Classroom 104", "ru": "Кабинет 104"}`).
    func labels(_ key: String) -> [String: String] {
        guard case .object(let object)? = properties?[key] else { return [:] }
        var labels: [String: String] = [:]
        for (language, value) in zip(object.keys, object.values) {
            if case .string(let text) = value, !text.isEmpty { labels[language] = text }
        }
        return labels
    }

    /// The ids in an array property (`building_ids`, `unit_ids`).
    func identifiers(_ key: String) -> [String] {
        guard case .array(let values)? = properties?[key] else { return [] }
        return values.compactMap(\.string)
    }

    /// A DISPLAY-POINT or other point property.
    func point(_ key: String) -> Coordinate? {
        guard case .object(let object)? = properties?[key], object["type"]?.string == "Point",
              case .array(let numbers)? = object["coordinates"], numbers.count >= 2,
              let longitude = numbers[0].number, let latitude = numbers[1].number else { return nil }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        return coordinate.isValid ? coordinate : nil
    }
}

/// Picks the name in the preferred language, keeping every language.
struct IMDFLanguage {
    let preferred: String

    func name(_ labels: [String: String]) -> String? {
        labels[preferred] ?? labels.keys.sorted().first.flatMap { labels[$0] }
    }
}
