/// A JSON value as ``JSONParser`` reads it.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var object: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// `a string`, `an object`: for messages that say what was found instead.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object: members in document order, and where it starts in the file.
public struct JSONObject: Hashable, Sendable {
    public private(set) var keys: [String]
    public private(set) var values: [JSONValue]
    /// 1-based line of the opening `{`.
    public let line: Int
    /// 1-based column (in Unicode scalars) of the opening `{`.
    public let column: Int

    public init(keys: [String], values: [JSONValue], line: Int, column: Int) {
        precondition(keys.count == values.count, "one value per key")
        self.keys = keys
        self.values = values
        self.line = line
        self.column = column
    }

    /// The value of the first member named `key`. Objects in GeoJSON are small, so a linear
    /// search beats building a dictionary per object.
    public subscript(key: String) -> JSONValue? {
        guard let index = keys.firstIndex(of: key) else { return nil }
        return values[index]
    }

    public var members: [(key: String, value: JSONValue)] {
        Array(zip(keys, values))
    }
}
