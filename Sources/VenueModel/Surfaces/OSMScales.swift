/// An OSM key whose values form a scale, best or easiest first: each case has its OSM word, and
/// cases compare by their place on the scale.
public protocol OSMScale: CaseIterable, Comparable, Hashable, Sendable, RawRepresentable where RawValue == Int {
    /// The value as OSM writes it (`very_bad`, `grade3`).
    var osmValue: String { get }
}

extension OSMScale {
    /// The case an OSM word names, as written or trimmed and lowercased; `nil` for a word not on
    /// the scale.
    public init?(osm value: String) {
        let word = value.trimmingCharacters(in: .whitespaces).lowercased()
        guard let found = Self.allCases.first(where: { $0.osmValue == value || $0.osmValue == word }) else { return nil }
        self = found
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The OSM `smoothness` scale, best first: how even a way is for wheels.
///
/// The OSM wiki names, per value, the wheels that can still use it; the wheelchair is listed at
/// `intermediate`, so `bad` and worse stop it.
public enum Smoothness: Int, OSMScale {
    case excellent = 1
    case good
    case intermediate
    case bad
    case veryBad
    case horrible
    case veryHorrible
    case impassable

    public var osmValue: String {
        switch self {
        case .excellent: return "excellent"
        case .good: return "good"
        case .intermediate: return "intermediate"
        case .bad: return "bad"
        case .veryBad: return "very_bad"
        case .horrible: return "horrible"
        case .veryHorrible: return "very_horrible"
        case .impassable: return "impassable"
        }
    }
}

/// The OSM `tracktype` scale, firmest first: `grade1` is paved or heavily compacted, `grade5`
/// soil, sand or grass with no hard material.
public enum TrackType: Int, OSMScale {
    case grade1 = 1
    case grade2
    case grade3
    case grade4
    case grade5

    public var osmValue: String { "grade\(rawValue)" }
}

/// The OSM `sac_scale` hiking grades, easiest first: `strolling`, then the Swiss Alpine Club's
/// T1 (`hiking`) to T6 (`difficult_alpine_hiking`).
public enum HikingScale: Int, OSMScale {
    case strolling = 0
    case hiking
    case mountainHiking
    case demandingMountainHiking
    case alpineHiking
    case demandingAlpineHiking
    case difficultAlpineHiking

    public var osmValue: String {
        switch self {
        case .strolling: return "strolling"
        case .hiking: return "hiking"
        case .mountainHiking: return "mountain_hiking"
        case .demandingMountainHiking: return "demanding_mountain_hiking"
        case .alpineHiking: return "alpine_hiking"
        case .demandingAlpineHiking: return "demanding_alpine_hiking"
        case .difficultAlpineHiking: return "difficult_alpine_hiking"
        }
    }

    /// The grade of an OSM `sac_scale` word, or of the SAC's own `T1` … `T6`; `nil` for a word
    /// not on the scale.
    public init?(osm value: String) {
        let word = value.trimmingCharacters(in: .whitespaces).lowercased()
        if let found = Self.allCases.first(where: { $0.osmValue == word }) {
            self = found
        } else if word.count == 2, word.first == "t", let grade = Int(word.dropFirst()), (1...6).contains(grade),
                  let found = Self(rawValue: grade) {
            self = found
        } else {
            return nil
        }
    }
}

/// Looking up OSM values in a vocabulary.
enum OSMWord {
    /// The entry for `value`: as written (most values are written as the wiki writes them, and
    /// profiles ask for every way of a city), else trimmed and lowercased.
    static func lookup<Value>(_ value: String, in table: [String: Value]) -> Value? {
        table[value] ?? table[value.trimmingCharacters(in: .whitespaces).lowercased()]
    }
}
