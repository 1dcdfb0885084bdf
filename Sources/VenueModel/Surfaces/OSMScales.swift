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
        // As written first: profiles ask for every way of a city, and most words are the wiki's.
        if let found = Self.allCases.first(where: { $0.osmValue == value }) {
            self = found
            return
        }
        let word = OSMWord.normalised(value)
        guard let found = Self.allCases.first(where: { $0.osmValue == word }) else { return nil }
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
        let word = Self.allCases.contains { $0.osmValue == value } ? value : OSMWord.normalised(value)
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
        table[value] ?? table[normalised(value)]
    }

    /// `value` without leading and trailing spaces and tabs, lowercased: the characters of
    /// Foundation's `.whitespaces` (the space separators, U+0009 and, as Foundation keeps it from
    /// older Unicode, the zero-width space U+200B; a test compares every scalar). Written in Swift
    /// rather than through `trimmingCharacters(in:)`, whose bridge to `NSString` made reading a
    /// city's staged paths spend a fifth of its time trimming words that had nothing to trim.
    static func normalised(_ value: String) -> String {
        func isBlank(_ character: Character) -> Bool {
            character.unicodeScalars.allSatisfy { $0 == "\t" || $0 == "\u{200B}" || $0.properties.generalCategory == .spaceSeparator }
        }
        guard let first = value.firstIndex(where: { !isBlank($0) }), let last = value.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return value[first...last].lowercased()
    }
}
