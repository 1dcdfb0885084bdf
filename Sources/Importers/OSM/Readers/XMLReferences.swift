/// Decodes XML character references (`&#38;`, `&#x26;`) and the five predefined entities in
/// attribute text that a parser left as written.
enum XMLReferences {
    static let predefined: [Substring: Character] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]

    /// `text` with every well-formed reference replaced; anything else is kept as it stands.
    static func decode(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(12).firstIndex(of: ";"),
                  let character = character(for: rest[afterAmpersand..<semicolon]) else {
                result.append("&")
                rest = rest[afterAmpersand...]
                continue
            }
            result.append(character)
            rest = rest[rest.index(after: semicolon)...]
        }
        result += rest
        return result
    }

    /// The character a reference name (`amp`, `#38`, `#x26`) stands for.
    private static func character(for name: Substring) -> Character? {
        if let known = predefined[name] { return known }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let scalar: UInt32?
        if digits.first == "x" || digits.first == "X" {
            scalar = UInt32(digits.dropFirst(), radix: 16)
        } else {
            scalar = UInt32(digits, radix: 10)
        }
        return scalar.flatMap(Unicode.Scalar.init).map(Character.init)
    }
}
