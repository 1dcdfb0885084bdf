/// Ways to reach the people behind a point of interest.
public struct Contact: Hashable, Sendable, Codable {
    public var phone: String?
    public var email: String?
    public var website: String?

    public init(phone: String? = nil, email: String? = nil, website: String? = nil) {
        self.phone = phone
        self.email = email
        self.website = website
    }

    public var isEmpty: Bool { phone == nil && email == nil && website == nil }
}

/// Something people look for: a café, a printer, a help desk, a toilet.
///
/// Rooms are searchable on their own; a POI adds places that are not rooms or sit inside one.
public struct PointOfInterest: Hashable, Sendable, Codable {
    public var id: String
    public var name: String
    public var ref: String?
    /// Names in other languages, by language code.
    public var localizedNames: [String: String] = [:]
    /// Other names it goes by (IMDF `alt_name`: a room number, a nickname), by language code.
    public var alternativeNames: [String: String] = [:]
    /// More words people search it by, in no particular language (a platform's own letter
    /// beside its track number, say); searched like names, never shown as one.
    public var keywords: [String] = []
    public var category: String
    public var description: String?
    /// OSM `opening_hours` syntax, kept as written.
    public var openingHours: String?
    public var contact: Contact
    /// Radius, metres, of the area in which an app should announce the POI.
    public var geofenceRadius: Double?
    public var location: Coordinate?
    public var buildingID: String?
    public var levelID: String?
    /// The ref of the room the POI is in, when the source says.
    public var roomRef: String?
    public var source: SourceLocation

    public init(id: String, name: String, ref: String? = nil, category: String, description: String? = nil,
                openingHours: String? = nil, contact: Contact = Contact(), geofenceRadius: Double? = nil,
                location: Coordinate?, buildingID: String?, levelID: String?, roomRef: String? = nil,
                source: SourceLocation) {
        self.id = id
        self.name = name
        self.ref = ref
        self.category = category
        self.description = description
        self.openingHours = openingHours
        self.contact = contact
        self.geofenceRadius = geofenceRadius
        self.location = location
        self.buildingID = buildingID
        self.levelID = levelID
        self.roomRef = roomRef
        self.source = source
    }
}
