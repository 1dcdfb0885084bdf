/// One piece of an instruction template: literal text or a placeholder.
public enum TemplateToken: Hashable, Sendable {
    case text(String)
    /// `{name}` or `{name:form}`; `form` is a form's name in a language file and its digit in `GTXT`.
    case placeholder(name: String, form: String?)
}

/// Why a template cannot be read; `offset` counts UTF-8 bytes from the template's start.
public struct TemplateSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var reason: String

    public var description: String { "\(reason) at byte \(offset)" }
}

/// The placeholder syntax of instruction templates (docs/guidance.md, "Rendering").
///
/// `{name}` and `{name:form}` are placeholders, `{{` and `}}` literal braces; a name or form is an
/// ASCII letter followed by letters, digits or `_`, and a form may also be digits alone. Any other
/// brace is an error, so a typo in a language file fails its test rather than showing up in an
/// instruction. The grammar is bytewise over UTF-8, as the C core reads it.
public enum TemplateSyntax {
    public static func tokens(_ template: String) throws(TemplateSyntaxError) -> [TemplateToken] {
        let bytes = Array(template.utf8)
        var tokens: [TemplateToken] = []
        var text: [UInt8] = []
        var index = 0
        func flush() {
            if !text.isEmpty { tokens.append(.text(String(decoding: text, as: UTF8.self))) }
            text.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "}") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "}") else {
                    throw TemplateSyntaxError(offset: index, reason: "a lone '}' (write '}}' for a brace)")
                }
                text.append(byte)
                index += 2
            } else if byte == UInt8(ascii: "{") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") {
                    text.append(byte)
                    index += 2
                    continue
                }
                let start = index
                index += 1
                let name = identifier(bytes, &index, digitsAlone: false)
                guard !name.isEmpty else {
                    throw TemplateSyntaxError(offset: start, reason: "a '{' not followed by a placeholder name (write '{{' for a brace)")
                }
                var form: String?
                if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                    index += 1
                    let formName = identifier(bytes, &index, digitsAlone: true)
                    guard !formName.isEmpty else { throw TemplateSyntaxError(offset: index, reason: "a ':' not followed by a form") }
                    form = formName
                }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
                    throw TemplateSyntaxError(offset: start, reason: "a placeholder that does not end with '}'")
                }
                index += 1
                flush()
                tokens.append(.placeholder(name: name, form: form))
            } else {
                text.append(byte)
                index += 1
            }
        }
        flush()
        return tokens
    }

    /// The placeholder names of `template` in order of first use.
    public static func placeholders(_ template: String) throws(TemplateSyntaxError) -> [String] {
        var names: [String] = []
        for case .placeholder(let name, _) in try tokens(template) where !names.contains(name) { names.append(name) }
        return names
    }

    private static func identifier(_ bytes: [UInt8], _ index: inout Int, digitsAlone: Bool) -> String {
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        let start = index
        guard index < bytes.count, isLetter(bytes[index]) || (digitsAlone && isDigit(bytes[index])) else { return "" }
        let allDigits = isDigit(bytes[index])
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            let fits = allDigits ? isDigit(byte) : (isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_"))
            guard fits else { break }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
