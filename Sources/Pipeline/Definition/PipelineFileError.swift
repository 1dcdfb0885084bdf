/// A pipeline file that cannot be used: what is wrong, at which line and key.
public struct PipelineFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    /// The dotted path of the offending key (`stages.graph.door-tolerance`).
    public var key: String?
    public var message: String

    public init(file: String, line: Int?, column: Int?, key: String?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.message = message
    }

    public var description: String {
        var place = file
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        if let key { return "\(place): \(key): \(message)" }
        return "\(place): \(message)"
    }
}
