/// A building of the venue, with the levels it declares.
public struct Building: Hashable, Sendable, Codable {
    /// The building's reference as the sources use it (`A`, `HSZ`, `APB`).
    public var id: String
    public var name: String?
    /// Names in other languages, by language code, as OSM `name:*` or IMDF labels give them.
    public var localizedNames: [String: String] = [:]
    public var address: String?
    public var footprint: Polygon?
    public var source: SourceLocation

    public init(id: String, name: String?, address: String?, footprint: Polygon?, source: SourceLocation) {
        self.id = id
        self.name = name
        self.address = address
        self.footprint = footprint
        self.source = source
    }

    public var displayName: String { name ?? id }
}
