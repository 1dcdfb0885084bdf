/// What a space is used as, which decides how the graph crosses it.
public enum SpaceKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// A room entered and left through its doors.
    case room
    /// A circulation space whose doors all connect to each other.
    case corridor
    /// An open walkable area (foyer, hall, atrium): crossed like a corridor.
    case area
    /// A stairwell; the stairs themselves are connectors inside it.
    case stairs
    /// A lift shaft or lift car space.
    case elevator
    /// A walkable area outside any building (courtyard, plaza).
    case outdoor
    /// Not walkable: walls, columns, voids, fixtures.
    case obstacle

    public var isWalkable: Bool { self != .obstacle }

    /// What to call an unnamed space of this kind.
    public var noun: String {
        switch self {
        case .room: return "room"
        case .corridor: return "corridor"
        case .area: return "hall"
        case .stairs: return "stairwell"
        case .elevator: return "lift"
        case .outdoor: return "outdoor area"
        case .obstacle: return "obstacle"
        }
    }

    /// Spaces people pass through rather than visit.
    public var isCirculation: Bool {
        switch self {
        case .corridor, .area, .stairs, .elevator, .outdoor: return true
        case .room, .obstacle: return false
        }
    }
}

/// A room, corridor or other area on one or more levels.
public struct Space: Hashable, Sendable, Codable {
    public var id: String
    public var kind: SpaceKind
    public var buildingID: String?
    /// Every level the space exists on (more than one for OSM `repeat_on` or a level list).
    public var levelIDs: [String]
    public var geometry: SpaceGeometry
    public var name: String?
    /// The room number or code people search for (`A.2.14`).
    public var ref: String?
    /// Names in other languages, by language code (`en`, `de`), as OSM `name:*` or IMDF labels give them.
    public var localizedNames: [String: String] = [:]
    /// Other names it goes by (IMDF `alt_name`: a room number, a nickname), by language code.
    public var alternativeNames: [String: String] = [:]
    /// More words people search it by, in no particular language (a platform's own letter
    /// beside its track number, say); searched like names, never shown as one.
    public var keywords: [String] = []
    public var category: String?
    public var capacity: Int?
    public var accessibility: Accessibility
    public var access: AccessRestriction?
    /// Whether people enter it across its front rather than through doors: a shop unit open to
    /// the concourse, as walkway-network maps draw them. Without a door, it opens where it meets
    /// a concourse or footway.
    public var opensAtFront = false
    public var source: SourceLocation

    public init(id: String, kind: SpaceKind, buildingID: String?, levelIDs: [String], geometry: SpaceGeometry,
                name: String? = nil, ref: String? = nil, category: String? = nil, capacity: Int? = nil,
                accessibility: Accessibility = .unknown, access: AccessRestriction? = nil, source: SourceLocation) {
        self.id = id
        self.kind = kind
        self.buildingID = buildingID
        self.levelIDs = levelIDs
        self.geometry = geometry
        self.name = name
        self.ref = ref
        self.category = category
        self.capacity = capacity
        self.accessibility = accessibility
        self.access = access
        self.source = source
    }

    /// Whether people search for the space and route to it: every room, and any other walkable
    /// space with a ref (a foyer, a named hall).
    public var isPlace: Bool {
        kind == .room || (kind.isWalkable && ref != nil)
    }

    /// The ref, else the name, else the id: how findings name a space.
    public var reference: String { ref ?? name ?? id }

    /// `A.2.14 Seminar room`, `A.2.14`, `Seminar room`, or what the space is (`corridor`): what
    /// to show a person.
    public var label: String {
        switch (ref, name) {
        // A name that already says the ref ("Platform 1", "Room 101") needs it only once.
        case let (ref?, name?) where ref != name && !name.split(separator: " ").contains(Substring(ref)):
            return "\(ref) \(name)"
        case let (_, name?) where name.split(separator: " ").contains(Substring(ref ?? "")):
            return name
        case let (ref?, _): return ref
        case let (nil, name?): return name
        case (nil, nil): return kind.noun
        }
    }

    /// What a route step calls it: its ``label``, or "the corridor" when it has neither ref nor
    /// name ("Walk through the corridor", not "Walk through corridor").
    public var routeLabel: String {
        ref == nil && name == nil ? "the \(kind.noun)" : label
    }
}
