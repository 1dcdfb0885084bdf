public import NavFormat

/// One decision a walker makes along a route: where it is, what to do, and how far to the next.
///
/// Maneuvers come from ``VenueBundle/maneuvers(of:)`` by the integer rules of docs/guidance.md,
/// so that every runtime reading the same bundle gives the same list. The kinds and modifiers
/// are OSRM's vocabulary, which map SDKs draw icons for; their raw values are the C core's.
public struct Maneuver: Hashable, Sendable {
    /// What the walker does.
    public enum Kind: UInt8, Hashable, Sendable, CaseIterable {
        case depart = 0
        case turn = 1
        /// Go on where another way leaves almost as straight, or where the way's name changes.
        case `continue` = 2
        /// Keep to one side where the way splits into two nearly alike.
        case fork = 3
        /// Go through a door between two differently named spaces.
        case door = 4
        case enter = 5
        case exit = 6
        case stairs = 7
        case escalator = 8
        case elevator = 9
        case ramp = 10
        case platform = 11
        case arrive = 12

        /// The name OSRM and the vectors use (`depart`, `turn`, …).
        public var name: String {
            switch self {
            case .depart: "depart"
            case .turn: "turn"
            case .continue: "continue"
            case .fork: "fork"
            case .door: "door"
            case .enter: "enter"
            case .exit: "exit"
            case .stairs: "stairs"
            case .escalator: "escalator"
            case .elevator: "elevator"
            case .ramp: "ramp"
            case .platform: "platform"
            case .arrive: "arrive"
            }
        }
    }

    /// Which way the walker turns, in OSRM's eight words (`none` where a maneuver has no direction).
    public enum Modifier: UInt8, Hashable, Sendable, CaseIterable {
        case none = 0
        case uturn = 1
        case sharpRight = 2
        case right = 3
        case slightRight = 4
        case straight = 5
        case slightLeft = 6
        case left = 7
        case sharpLeft = 8

        /// OSRM's spelling: `sharp right`, `uturn`; `none` for no direction.
        public var name: String {
            switch self {
            case .none: "none"
            case .uturn: "uturn"
            case .sharpRight: "sharp right"
            case .right: "right"
            case .slightRight: "slight right"
            case .straight: "straight"
            case .slightLeft: "slight left"
            case .left: "left"
            case .sharpLeft: "sharp left"
            }
        }
    }

    /// A change of level, stated with both levels whatever the language.
    public struct LevelChange: Hashable, Sendable {
        /// Level indexes (`LEVL`) where the flight, lift or ramp starts and ends.
        public var fromLevel: Int
        public var toLevel: Int
        /// +1 up, −1 down, 0 level (steps or a ramp on one level).
        public var direction: Int
        /// Steps climbed or descended when the bundle counts them (`STPC`), else nil.
        public var stepCount: Int?
        /// Change of level ordinal in hundredths, positive up, as `STPC` stores it.
        public var riseHundredths: Int
    }

    public var kind: Kind
    public var modifier: Modifier
    /// Position in ``Route/nodes`` of the node the maneuver is at, or of the tail of the arc whose
    /// corner it is at.
    public var routeIndex: Int
    /// The global `SHAP` corner index when the maneuver is at a corner inside an arc.
    public var corner: Int?
    /// Position in 1e-7 degree, as the bundle stores it.
    public var latitudeE7: Int32
    public var longitudeE7: Int32
    /// Level index (`LEVL`).
    public var level: Int
    /// Centimetres from the start of the route.
    public var alongCentimetres: UInt64
    /// Centimetres and milliseconds to the next maneuver (0 for `arrive`); they add up to the
    /// route's length and duration exactly.
    public var distanceCentimetres: UInt64
    public var durationMilliseconds: UInt64
    /// Bearings in 1/256 of a turn clockwise from north (`GARC`'s unit): the way the walker faces
    /// on reaching the maneuver and on leaving it. `depart` has none before, `arrive` none after.
    public var bearingBefore: UInt8?
    public var bearingAfter: UInt8?
    /// The way, space or connector followed after the maneuver: "Bahnhofstraße", "Lift A".
    public var way: String?
    public var levelChange: LevelChange?
    /// The landmark named at the maneuver and where it lies; for `arrive`, the destination and
    /// its side (docs/guidance.md, "Landmarks of maneuvers"). `nil` when none qualifies.
    public var landmark: Landmark? = nil
}

extension Maneuver {
    /// A landmark of `GLMK` as a maneuver mentions it: "after the lift", "on your right".
    public struct Landmark: Hashable, Sendable {
        /// Where the landmark lies along the way; the raw values are the C core's.
        public enum Placement: UInt8, Hashable, Sendable, CaseIterable {
            /// Passed on the way in: "turn left after the lift".
            case before = 1
            /// Within 3 m of the maneuver: "turn left at the lift".
            case at = 2
            /// Ahead on the way out: "turn left towards the lift".
            case after = 3
            /// Near, neither passed nor ahead: "turn left by the lift".
            case beside = 4

            /// The key suffix and the vectors' word: `before`, `at`, `after`, `beside`.
            public var name: String {
                switch self {
                case .before: "before"
                case .at: "at"
                case .after: "after"
                case .beside: "beside"
                }
            }
        }

        /// Which side of the walker the landmark is on; the raw values are the C core's.
        public enum Side: UInt8, Hashable, Sendable, CaseIterable {
            case left = 1
            case right = 2
            case ahead = 3

            /// The `side.*` phrase's suffix and the vectors' word: `left`, `right`, `ahead`.
            public var name: String {
                switch self {
                case .left: "left"
                case .right: "right"
                case .ahead: "ahead"
                }
            }
        }

        /// Index into `GLMK`'s landmarks.
        public var index: Int
        /// The name, else the ref; `nil` for an unnamed door or landing.
        public var name: String?
        /// The stored kind (``LandmarkKind``'s raw value, or a later writer's).
        public var kindCode: UInt8
        public var naming: LandmarkNaming
        public var placement: Placement
        /// `nil` when the landmark is within 1 m, where no side can be told.
        public var side: Side?
    }
}

extension Maneuver {
    /// A bearing in whole degrees clockwise from north, rounded half up (`GARC` unit × 360 / 256).
    public static func degrees(_ bearing: UInt8) -> Int {
        (Int(bearing) * 360 + 128) / 256 % 360
    }
}
