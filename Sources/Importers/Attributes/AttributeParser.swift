import Foundation

/// Turns the text of one attribute value into the model's types, the same way for every format.
///
/// Accepts what floor-plan and OSM data actually contain (`1.2`, `1.2 m`, `120 cm`; `6%`;
/// `yes`/`true`/`1`) and says precisely what it expected when a value does not fit.
enum AttributeParser {
    struct ValueError: Error {
        var message: String
    }

    static func bool(_ text: String) throws(ValueError) -> Bool {
        switch text.lowercased() {
        case "yes", "true", "1": return true
        case "no", "false", "0": return false
        default: throw ValueError(message: "'\(text)' is not yes or no")
        }
    }

    static func integer(_ text: String) throws(ValueError) -> Int {
        if let value = Int(text) { return value }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let value = Int(trimmed) { return value }
        // JSON numbers arrive as "30.0" once formatted; accept whole values only.
        if let value = Double(trimmed), value == value.rounded(), abs(value) < 1e15 { return Int(value) }
        throw ValueError(message: "'\(text)' is not a whole number")
    }

    /// A whole number of things (seats, steps): never negative.
    static func count(_ text: String) throws(ValueError) -> Int {
        let value = try integer(text)
        guard value >= 0 else { throw ValueError(message: "'\(text)' is negative; a count must be 0 or more") }
        return value
    }

    static func number(_ text: String) throws(ValueError) -> Double {
        guard let value = plainNumber(text.trimmingCharacters(in: .whitespaces)) else {
            throw ValueError(message: "'\(text)' is not a number")
        }
        return value
    }

    /// Metres, from `1.2`, `1.2 m`, `120 cm` or `1200 mm`.
    static func length(_ text: String) throws(ValueError) -> Double {
        // Most values are a bare number; OSM imports read tens of thousands of them.
        if let value = plainNumber(text), value >= 0 { return value }
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(suffix: String, scale: Double)] = [("mm", 0.001), ("cm", 0.01), ("m", 1)]
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            let number = trimmed.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)
            if let value = plainNumber(number), value >= 0 { return value * unit.scale }
        }
        if let value = plainNumber(trimmed), value >= 0 { return value }
        throw ValueError(message: "'\(text)' is not a length (metres, or a number with m, cm or mm)")
    }

    /// Percent, from `6`, `6%`, `-6 %`. Directions without a number (`up`) say nothing measurable.
    static func incline(_ text: String) throws(ValueError) -> Double {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") { trimmed = String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces) }
        guard let value = plainNumber(trimmed), abs(value) <= 100 else {
            throw ValueError(message: "'\(text)' is not an incline in percent (like 6% or -6%)")
        }
        return value
    }

    static func choice<E: RawRepresentable & CaseIterable>(_ text: String, as type: E.Type) throws(ValueError) -> E
    where E.RawValue == String {
        if let value = E(rawValue: text.lowercased()) { return value }
        let allowed = E.allCases.map(\.rawValue).joined(separator: ", ")
        throw ValueError(message: "'\(text)' is not one of \(allowed)")
    }

    /// A decimal without exponent tricks, `nan` or `inf`.
    static func plainNumber(_ text: String) -> Double? {
        guard !text.isEmpty,
              text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }),
              let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
