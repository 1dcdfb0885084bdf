/// The `GLMK` section: landmarks and the decision points that see them (`docs/bundle-format.md`,
/// `docs/guidance.md`, "Landmarks").
extension BundleFormat.Tag {
    /// Optional, section version 2 (1 before 2.5 and 1.7): what a walker sees at each decision
    /// point, chosen at compile time.
    public static let landmarks: SectionTag = "GLMK"
}

/// What a landmark is; decides how salient it is and how a maneuver names it.
///
/// The raw values are stored in `GLMK`. A reader meeting a value it does not know keeps the
/// landmark and ranks it lowest, so later kinds need no new section version.
public enum LandmarkKind: UInt8, Sendable, CaseIterable, Codable {
    case entrance = 0
    case lift = 1
    case stairs = 2
    case escalator = 3
    case ramp = 4
    case door = 5
    case information = 6
    case toilets = 7
    /// A platform or a track's sign.
    case platform = 8
    case ticketMachine = 9
    case shop = 10
    case food = 11
    case room = 12
    case other = 13

    /// How much the kind stands out, 0 to 15: entrances most, connectors and doors next, rooms
    /// and other points least (the "doors and connectors beat rooms").
    public var rank: UInt8 {
        switch self {
        case .entrance: return 15
        case .lift, .stairs, .escalator: return 14
        case .door: return 13
        case .ramp: return 12
        case .information, .toilets, .platform: return 11
        case .ticketMachine: return 9
        case .shop, .food: return 8
        case .room: return 5
        case .other: return 3
        }
    }
}

/// How a landmark can be named: the first term of its salience, so a named landmark always
/// outranks an unnamed one.
public enum LandmarkNaming: UInt8, Sendable, CaseIterable, Codable {
    case unnamed = 0
    /// Only a ref ("2.14", "Gleis 5"): said as written.
    case refOnly = 1
    case named = 2
}

extension BundleFormat {
    /// `GLMK`: `landmark_count u32, key_count u32, pair_count u32, reserved u32`, then
    /// ``LandmarkEntry``s, then ``LandmarkPairEntry``s (each table 8-aligned).
    public struct LandmarkSection: Equatable, Sendable {
        /// Version 2 (since 2.5 and 1.7) has version 1's layout; its corner keys count the corners
        /// of `SHAP` version 2, as ``ArcBearingSection/version`` explains.
        public static let version: UInt16 = 2
        public static let landmarkCount = 0
        /// Node count plus `SHAP` corner count: a key below the node count is a node, any other is
        /// the corner `key - node count` of `SHAP`.
        public static let keyCount = 4
        public static let pairCount = 8
        public static let headerSize = 16

        public let landmarkCount: Int
        public let pairCount: Int

        public init(landmarkCount: Int, pairCount: Int) {
            self.landmarkCount = landmarkCount
            self.pairCount = pairCount
        }

        public var landmarks: Int { Self.headerSize }
        public var pairs: Int { aligned(landmarks + landmarkCount * LandmarkEntry.size) }
        /// The section's length: the reader asks for exactly this.
        public var size: Int { pairs + pairCount * LandmarkPairEntry.size }
    }

    /// A `GLMK` landmark.
    public enum LandmarkEntry {
        public static let size = 24
        /// `u32` string: the name, else the ref, else none.
        public static let name = 0
        /// `u32` index into `PLAC`, or none for a door, entrance or landing.
        public static let place = 4
        /// `i32`, 1e-7 degree.
        public static let latitude = 8
        /// `i32`, 1e-7 degree.
        public static let longitude = 12
        /// `u16` index into `LEVL`.
        public static let level = 16
        /// `u8` ``LandmarkKind``.
        public static let kind = 18
        /// `u8` ``LandmarkNaming``.
        public static let naming = 19
        /// `u32` reserved, 0.
        public static let reserved = 20
    }

    /// A `GLMK` pair: a decision point and a landmark it sees. Pairs are sorted by key, then
    /// salience descending, then landmark ascending.
    public enum LandmarkPairEntry {
        public static let size = 12
        /// `u32`: a node, or node count plus a global `SHAP` corner index.
        public static let key = 0
        /// `u32` index into the landmarks.
        public static let landmark = 4
        /// `u16` decimetres from the key to the landmark, saturating at 65535.
        public static let distance = 8
        /// `u8` bearing from the key to the landmark, 1/256 of a turn clockwise from north.
        public static let bearing = 10
        /// `u8` ``landmarkSalience(naming:kindRank:distanceMetres:)``.
        public static let salience = 11
    }

    /// Salience packed so that its terms compare lexicographically: naming first (named beats
    /// ref only beats unnamed), then the kind's rank, then nearness (3 within 3 m, 2 within 8 m,
    /// 1 within 15 m, else 0). A sum of weights could let a near room outrank a far door; this
    /// cannot.
    public static func landmarkSalience(naming: LandmarkNaming, kindRank: UInt8, distanceMetres: Double) -> UInt8 {
        let proximity: UInt8 = distanceMetres <= 3 ? 3 : distanceMetres <= 8 ? 2 : distanceMetres <= 15 ? 1 : 0
        return naming.rawValue * 64 + min(kindRank, 15) * 4 + proximity
    }
}
