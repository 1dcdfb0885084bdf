extension JSONValue {
    /// The value as compact JSON text, cut at about `limit` characters: for messages that quote
    /// the offending value (`found [11.58,"x"]`).
    public func excerpt(limit: Int = 60) -> String {
        var text = ""
        write(to: &text, limit: limit)
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    private func write(to text: inout String, limit: Int) {
        // Stop descending once the limit is passed: a huge ring must not be rendered in full.
        guard text.count <= limit else { return }
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value):
            text += value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): text += "\"\(value)\""
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                item.write(to: &text, limit: limit)
                if text.count > limit { break }
            }
            text += "]"
        case .object(let object):
            text += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { text += "," }
                text += "\"\(member.key)\":"
                member.value.write(to: &text, limit: limit)
                if text.count > limit { break }
            }
            text += "}"
        }
    }
}
