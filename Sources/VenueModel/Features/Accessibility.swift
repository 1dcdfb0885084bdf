/// How usable a feature is without steps, in the dark or on wheels.
///
/// Every field is optional: `nil` means the source does not say, which profiles treat differently
/// from an explicit "no".
public struct Accessibility: Hashable, Sendable, Codable {
    public var wheelchair: WheelchairAccess?
    public var lit: Bool?
    /// OSM `surface` values (`asphalt`, `paving_stones`, `gravel`, ...).
    public var surface: String?
    /// OSM `smoothness` values (`excellent`, `good`, `intermediate`, `bad`, ...).
    public var smoothness: String?
    /// Clear width, metres.
    public var width: Double?
    /// OSM `tracktype` (`grade1` … `grade5`).
    public var trackType: String?
    /// OSM `sac_scale` (`hiking`, `mountain_hiking`, ...).
    public var sacScale: String?
    /// Slope in percent; positive uphill in the drawing direction.
    public var incline: Double?
    /// Which way the feature climbs when the source says so without a slope (OSM
    /// `incline=up|down`, the usual tagging of steps); a numeric ``incline`` says it by its sign.
    public var inclineDirection: InclineDirection?
    /// Kerb height, metres.
    public var kerbHeight: Double?
    public var tactilePaving: Bool?
    public var handrail: Bool?

    public init(wheelchair: WheelchairAccess? = nil, lit: Bool? = nil, surface: String? = nil,
                smoothness: String? = nil, trackType: String? = nil, sacScale: String? = nil, width: Double? = nil,
                incline: Double? = nil, inclineDirection: InclineDirection? = nil, kerbHeight: Double? = nil,
                tactilePaving: Bool? = nil, handrail: Bool? = nil) {
        self.wheelchair = wheelchair
        self.lit = lit
        self.surface = surface
        self.smoothness = smoothness
        self.trackType = trackType
        self.sacScale = sacScale
        self.width = width
        self.incline = incline
        self.inclineDirection = inclineDirection
        self.kerbHeight = kerbHeight
        self.tactilePaving = tactilePaving
        self.handrail = handrail
    }

    public static let unknown = Accessibility()
}

/// Which way a feature climbs, relative to its drawing direction.
public enum InclineDirection: String, Hashable, Sendable, Codable, CaseIterable {
    /// Uphill along the drawing.
    case up
    case down

    public var reversed: InclineDirection { self == .up ? .down : .up }
}

/// The OSM `wheelchair=*` scale.
public enum WheelchairAccess: String, Hashable, Sendable, Codable, CaseIterable {
    case yes
    case limited
    case no
    case designated
}

/// Who may pass (OSM `access=*`, IMDF restriction).
public enum AccessRestriction: String, Hashable, Sendable, Codable, CaseIterable {
    case yes
    case `private`
    case employees
    case students
    case no
}
