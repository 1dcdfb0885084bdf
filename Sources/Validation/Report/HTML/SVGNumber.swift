/// Formats plan coordinates for SVG attributes.
///
/// Centimetres are finer than any venue drawing needs and keep the page small. The digits are
/// built from integers rather than through a locale-aware formatter, so the output is the same
/// on every machine.
enum SVGNumber {
    /// Values beyond this many metres are clamped; no venue is that large, and it keeps the
    /// conversion to an integer in range.
    private static let limit = 1e9

    /// `value` rounded to two decimals, without trailing zeros: `12.5`, `-3`, `0.07`.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let centimetres = Int((min(max(value, -limit), limit) * 100).rounded())
        let magnitude = centimetres.magnitude
        let whole = magnitude / 100
        let fraction = magnitude % 100
        var text = centimetres < 0 ? "-\(whole)" : "\(whole)"
        if fraction != 0 {
            let digits = fraction < 10 ? "0\(fraction)" : "\(fraction)"
            text += "." + (digits.hasSuffix("0") ? String(digits.dropLast()) : digits)
        }
        return text
    }
}
