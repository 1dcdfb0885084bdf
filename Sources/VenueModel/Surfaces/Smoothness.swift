/// The OSM `smoothness` scale, best first: how even a way is for wheels.
///
/// The OSM wiki names, per value, the wheels that can still use it; the wheelchair is listed at
/// `intermediate`, so `bad` and worse stop it.
public enum Smoothness: Int, Hashable, Sendable, CaseIterable, Comparable {
    case excellent = 1
    case good
    case intermediate
    case bad
    case veryBad
    case horrible
    case veryHorrible
    case impassable

    /// The value as OSM writes it (`very_bad`).
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

    /// The value of an OSM `smoothness` word; `nil` for a word not on the scale.
    public init?(osm value: String) {
        guard let found = OSMWord.lookup(value, in: Self.byWord) else { return nil }
        self = found
    }

    /// The scale by OSM word: profiles judge every arc of a city by it, several times.
    private static let byWord = Dictionary(uniqueKeysWithValues: allCases.map { ($0.osmValue, $0) })

    public static func < (lhs: Smoothness, rhs: Smoothness) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The OSM `tracktype` scale, firmest first: `grade1` is paved or heavily compacted, `grade5`
/// soil, sand or grass with no hard material.
public enum TrackType: Int, Hashable, Sendable, CaseIterable, Comparable {
    case grade1 = 1
    case grade2
    case grade3
    case grade4
    case grade5

    public var osmValue: String { "grade\(rawValue)" }

    /// The value of an OSM `tracktype` word; `nil` for a word not on the scale.
    public init?(osm value: String) {
        guard let found = OSMWord.lookup(value, in: Self.byWord) else { return nil }
        self = found
    }

    private static let byWord = Dictionary(uniqueKeysWithValues: allCases.map { ($0.osmValue, $0) })

    public static func < (lhs: TrackType, rhs: TrackType) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The OSM `sac_scale` hiking grades, easiest first: `strolling`, then the Swiss Alpine Club's
/// T1 (`hiking`) to T6 (`difficult_alpine_hiking`).
public enum HikingScale: Int, Hashable, Sendable, CaseIterable, Comparable {
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

    /// The grade of an OSM `sac_scale` word (`T1`…`T6` too); `nil` for a word not on the scale.
    public init?(osm value: String) {
        if let found = OSMWord.lookup(value, in: Self.byWord) {
            self = found
            return
        }
        let word = value.trimmingCharacters(in: .whitespaces).lowercased()
        guard word.count == 2, word.first == "t", let grade = Int(word.dropFirst()), (1...6).contains(grade),
              let found = Self(rawValue: grade) else { return nil }
        self = found
    }

    private static let byWord = Dictionary(uniqueKeysWithValues: allCases.map { ($0.osmValue, $0) })

    public static func < (lhs: HikingScale, rhs: HikingScale) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Looking up OSM values in a vocabulary.
enum OSMWord {
    /// The entry for `value`: as written (most values are written as the wiki writes them, and
    /// profiles ask for every arc of a city), else trimmed and lowercased.
    static func lookup<Value>(_ value: String, in table: [String: Value]) -> Value? {
        table[value] ?? table[value.trimmingCharacters(in: .whitespaces).lowercased()]
    }
}
