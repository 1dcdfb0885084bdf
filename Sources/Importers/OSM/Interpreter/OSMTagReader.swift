import VenueModel

/// Reads the attribute tags shared by every kind of feature, reporting values it cannot use.
struct OSMTagReader {
    let tags: OSMTags
    let element: String
    private(set) var problems: [(key: String, value: String, reason: String)] = []

    init(_ tags: OSMTags, element: String) {
        self.tags = tags
        self.element = element
    }

    private mutating func parse<T>(_ key: String, _ parse: (String) throws(AttributeParser.ValueError) -> T) -> T? {
        guard let value = tags[key] else { return nil }
        do {
            return try parse(value)
        } catch {
            problems.append((key, value, error.message))
            return nil
        }
    }

    /// `yes`/`no` tags; other OSM words that mean the same are accepted.
    mutating func flag(_ key: String) -> Bool? {
        guard let value = tags[key]?.lowercased() else { return nil }
        switch value {
        case "yes", "true", "1", "designated": return true
        case "no", "false", "0", "incorrect": return false
        default:
            problems.append((key, value, "expected yes or no"))
            return nil
        }
    }

    /// `lit`: besides yes and no, OSM says when the light is on (`24/7`, `sunset-sunrise`,
    /// `automatic` for motion sensors, `limited`); all of them mean lit at night.
    mutating func lit() -> Bool? {
        guard let value = tags["lit"]?.lowercased() else { return nil }
        if ["24/7", "automatic", "sunset-sunrise", "dusk-dawn", "interval", "limited"].contains(value) { return true }
        if value == "disused" { return false }
        return flag("lit")
    }

    mutating func length(_ key: String) -> Double? { parse(key, AttributeParser.length) }

    mutating func count(_ key: String) -> Int? { parse(key, AttributeParser.count) }

    /// `incline` in percent; `up` and `down` are valid OSM but give no slope.
    mutating func incline() -> Double? {
        guard let value = tags["incline"] else { return nil }
        if ["up", "down", "yes"].contains(value.lowercased()) { return nil }
        return parse("incline", AttributeParser.incline)
    }

    /// `incline=up|down`: which way the way climbs, when no slope is given.
    var inclineDirection: InclineDirection? {
        switch tags["incline"]?.lowercased() {
        case "up"?: return .up
        case "down"?: return .down
        default: return nil
        }
    }

    mutating func wheelchair() -> WheelchairAccess? {
        parse("wheelchair") { (text: String) throws(AttributeParser.ValueError) -> WheelchairAccess in
            try AttributeParser.choice(text, as: WheelchairAccess.self)
        }
    }

    /// OSM `access` (and `foot`, which wins for pedestrians) onto the model's restrictions.
    mutating func access() -> AccessRestriction? {
        let key = tags["foot"] != nil ? "foot" : "access"
        guard let value = tags[key]?.lowercased() else { return nil }
        switch value {
        case "yes", "permissive", "public", "designated", "destination", "customers", "official": return .yes
        case "private", "permit": return .private
        case "staff", "employees": return .employees
        case "students": return .students
        case "no", "use_sidepath": return .no
        // Open to one trade or vehicle only: not to people walking through.
        case "agricultural", "forestry", "delivery", "emergency", "military", "psv", "bus": return .no
        default:
            problems.append((key, value, "expected yes, private, no, staff or students"))
            return nil
        }
    }

    /// Kerb height in metres from a number or the OSM words.
    mutating func kerbHeight() -> Double? {
        if tags["kerb:height"] != nil { return parse("kerb:height", AttributeParser.length) }
        guard let value = tags["kerb"]?.lowercased() else { return nil }
        switch value {
        case "flush", "no": return 0
        case "lowered": return 0.02
        case "rolled": return 0.06
        case "raised": return 0.12
        case "yes": return nil
        default: return parse("kerb", AttributeParser.length)
        }
    }

    mutating func accessibility() -> Accessibility {
        let handrailSides = ["handrail", "handrail:left", "handrail:right", "handrail:center"].compactMap { tags[$0] }
        var handrail: Bool?
        if !handrailSides.isEmpty { handrail = handrailSides.contains("yes") ? true : flag("handrail") ?? false }
        return Accessibility(
            wheelchair: wheelchair(), lit: lit(), surface: tags["surface"], smoothness: tags["smoothness"],
            trackType: tags["tracktype"], sacScale: tags["sac_scale"], width: length("width"), incline: incline(),
            inclineDirection: inclineDirection, kerbHeight: kerbHeight(), tactilePaving: flag("tactile_paving"),
            handrail: handrail)
    }

    /// `name:de`, `name:en`, ...: the localised names.
    var localizedNames: [String: String] {
        var names: [String: String] = [:]
        for (key, value) in tags.pairs where key.hasPrefix("name:") {
            let language = String(key.dropFirst(5))
            if !language.isEmpty, !language.contains(":") { names[language] = value }
        }
        return names
    }

    /// What the feature is for, from the most telling tag.
    var category: String? {
        for key in ["amenity", "shop", "office", "tourism", "healthcare", "leisure", "room", "craft", "emergency"] {
            if let value = tags[key], value != "yes", value != "no" { return value }
        }
        if tags["toilets"] == "yes" { return "toilets" }
        return nil
    }
}

extension OSMIndoorInterpreter {
    /// Records the problems a tag reader met.
    mutating func report(_ reader: OSMTagReader) {
        for problem in reader.problems { invalidTag(problem.key, problem.value, element: reader.element, problem.reason) }
    }
}
