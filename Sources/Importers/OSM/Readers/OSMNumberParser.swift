/// Parses the numbers of OSM attributes (`id="252108473"`, `lat="51.0250169"`) straight from
/// their bytes, faster than converting to strings first for the plain forms OSM uses.
///
/// Returns `nil` for anything else (exponents, very long numbers, junk); the caller decides
/// whether to try harder or report the value.
enum OSMNumberParser {
    static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var value: Int64 = 0
        var digits = 0
        while index < text.count {
            let byte = text[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    /// A decimal such as `-13.7234543`: the digits as an integer, divided once by a power of ten.
    /// Both are exact doubles when there are at most 15 digits, so the one division is correctly
    /// rounded: the same result `strtod` gives.
    static func decimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawPoint = false
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                guard !sawPoint else { return nil }
                sawPoint = true
            } else {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 15 else { return nil }
                mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
                digits += 1
                if sawPoint { fractionDigits += 1 }
            }
            index += 1
        }
        guard digits > 0, !sawPoint || fractionDigits > 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
