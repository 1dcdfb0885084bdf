/// A floor of a building, or the venue's outdoor ground.
public struct Level: Hashable, Sendable, Codable {
    /// Venue-unique: `BUILDING@ORDINAL` (`A@-1`, `A@0.5`), or ``Level/outdoorID``.
    public var id: String
    /// The building the level belongs to; `nil` for the outdoor level.
    public var buildingID: String?
    /// Position in the stack: 0 ground, negative below, fractions for mezzanines (OSM allows 0.5).
    public var ordinal: Double
    /// What people call it ("Basement", "EG", "2"), when the source says.
    public var name: String?
    /// Names in other languages, by language code, as OSM `name:*` or IMDF labels give them.
    public var localizedNames: [String: String] = [:]
    public var source: SourceLocation?

    public init(id: String, buildingID: String?, ordinal: Double, name: String?, source: SourceLocation?) {
        self.id = id
        self.buildingID = buildingID
        self.ordinal = ordinal
        self.name = name
        self.source = source
    }

    /// The id of the shared outdoor level that paths between buildings lie on.
    public static let outdoorID = "outdoor"

    /// The level of everything outside buildings; `source` is the first feature placed there.
    public static func outdoor(source: SourceLocation? = nil) -> Level {
        Level(id: outdoorID, buildingID: nil, ordinal: 0, name: "Outdoors", source: source)
    }

    public var isOutdoor: Bool { buildingID == nil }

    /// The id a building's level gets.
    public static func id(building: String, ordinal: Double) -> String {
        "\(building)@\(formatOrdinal(ordinal))"
    }

    /// `2`, `-1`, `0.5`: whole numbers without a fraction, others as short as they round-trip.
    public static func formatOrdinal(_ ordinal: Double) -> String {
        if ordinal == ordinal.rounded(), abs(ordinal) < 1e9 { return String(Int(ordinal)) }
        return String(ordinal)
    }

    /// The display name, falling back to the ordinal.
    public var displayName: String { name ?? Self.formatOrdinal(ordinal) }
}
