/// A scheduled event at a room or point of interest: a lecture, a fair, an open day.
public struct Event: Hashable, Sendable, Codable {
    public var id: String
    public var title: String
    /// The ref of the room or point of interest where it happens.
    public var placeRef: String
    /// Seconds since 1970-01-01T00:00:00Z.
    public var start: Int64
    public var end: Int64
    public var description: String?
    public var source: SourceLocation

    public init(id: String, title: String, placeRef: String, start: Int64, end: Int64, description: String? = nil,
                source: SourceLocation) {
        self.id = id
        self.title = title
        self.placeRef = placeRef
        self.start = start
        self.end = end
        self.description = description
        self.source = source
    }
}
