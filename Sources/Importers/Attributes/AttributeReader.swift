import VenueModel

/// Reads the common attributes of a feature from any source that can give a field's text and
/// its location, collecting every bad value as an error rather than stopping at the first.
struct AttributeReader {
    /// The text of a model field, already trimmed; `nil` when absent or empty.
    let text: (String) -> String?
    /// Where a field's value is, for error messages.
    let location: (String) -> SourceLocation
    private(set) var errors: [ImportError] = []

    init(text: @escaping (String) -> String?, location: @escaping (String) -> SourceLocation) {
        self.text = text
        self.location = location
    }

    mutating func value<T>(_ field: String, _ parse: (String) throws(AttributeParser.ValueError) -> T) -> T? {
        guard let raw = text(field) else { return nil }
        do {
            return try parse(raw)
        } catch {
            errors.append(.invalidInput("\(field): \(error.message)", at: location(field)))
            return nil
        }
    }

    mutating func bool(_ field: String) -> Bool? { value(field, AttributeParser.bool) }
    mutating func count(_ field: String) -> Int? { value(field, AttributeParser.count) }
    mutating func number(_ field: String) -> Double? { value(field, AttributeParser.number) }
    mutating func length(_ field: String) -> Double? { value(field, AttributeParser.length) }

    mutating func choice<E: RawRepresentable & CaseIterable>(_ field: String, as type: E.Type) -> E?
    where E.RawValue == String {
        value(field) { (text: String) throws(AttributeParser.ValueError) -> E in try AttributeParser.choice(text, as: type) }
    }

    /// The accessibility fields every walkable feature may carry.
    mutating func accessibility() -> Accessibility {
        Accessibility(wheelchair: choice("wheelchair", as: WheelchairAccess.self), lit: bool("lit"),
                      surface: text("surface"), smoothness: text("smoothness"), trackType: text("tracktype"),
                      sacScale: text("sac_scale"), width: length("width"),
                      incline: value("incline", AttributeParser.incline), kerbHeight: length("kerb"),
                      tactilePaving: bool("tactile_paving"), handrail: bool("handrail"))
    }

    mutating func contact() -> Contact {
        Contact(phone: text("phone"), email: text("email"), website: text("website"))
    }
}
