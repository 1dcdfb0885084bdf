/// How a door opens.
public enum DoorType: String, Hashable, Sendable, Codable, CaseIterable {
    case hinged
    case sliding
    case revolving
    case swinging
    case folding
    /// A door rolling or swinging up, mostly a garage door.
    case overhead
    /// A hatch flush with the floor.
    case trapdoor
    /// A gap in the wall with no door leaf.
    case opening
}

/// A door or entrance on a space's outline.
public struct Opening: Hashable, Sendable, Codable {
    public var id: String
    public var levelIDs: [String]
    /// The door's position; the middle of ``line`` when the source draws the door as a line.
    public var location: Coordinate
    /// The door drawn as a short line along the wall (IMDF style), when the source has it.
    public var line: [Coordinate]?
    /// A way between inside and outside.
    public var isEntrance: Bool
    /// The entrance visitors are sent to (OSM `entrance=main`, IMDF `pedestrian.principal`).
    public var isMainEntrance = false
    public var doorType: DoorType?
    public var isAutomatic: Bool?
    public var access: AccessRestriction?
    public var name: String?
    /// Names in other languages, by language code, as OSM `name:*` or IMDF labels give them.
    public var localizedNames: [String: String] = [:]
    public var ref: String?
    public var accessibility: Accessibility
    /// Not in the source: a doorless way in that navforge found where a walkway crosses a room's
    /// outline or where a shop's front meets a concourse or footway.
    public var isInferred = false
    public var source: SourceLocation

    public init(id: String, levelIDs: [String], location: Coordinate, line: [Coordinate]? = nil,
                isEntrance: Bool, doorType: DoorType? = nil, isAutomatic: Bool? = nil,
                access: AccessRestriction? = nil, name: String? = nil, ref: String? = nil,
                accessibility: Accessibility = .unknown, source: SourceLocation) {
        self.id = id
        self.levelIDs = levelIDs
        self.location = location
        self.line = line
        self.isEntrance = isEntrance
        self.doorType = doorType
        self.isAutomatic = isAutomatic
        self.access = access
        self.name = name
        self.ref = ref
        self.accessibility = accessibility
        self.source = source
    }
}
