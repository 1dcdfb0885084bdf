extension BundleFormat.Tag {
    /// Since 2.3 and 1.5: the venue's tours, the arcs each follows, and their name keys.
    public static let tours: SectionTag = "TOUR"
}

/// What a tour is for, as `TOUR` stores it (docs/tours.md).
public enum TourCategory: UInt8, Hashable, Sendable, CaseIterable, Codable {
    case foot = 0
    case hiking = 1
    case running = 2
    case fitnessTrail = 3

    /// The word the data, the CLI and the JSON answers use: `foot`, `hiking`, `running`,
    /// `fitness_trail`.
    public var word: String {
        switch self {
        case .foot: "foot"
        case .hiking: "hiking"
        case .running: "running"
        case .fitnessTrail: "fitness_trail"
        }
    }
}

extension BundleFormat {
    /// `TOUR`: counts, a ``TourEntry`` per tour, `first u32[tourCount + 1]` into the arcs, the
    /// arcs (`ARCS` indexes, each leaving the node the previous one reaches), then the tours'
    /// name keys in `SRCH`'s key layout (field 1 the name, 2 a later word; `place` is the tour)
    /// and their text. Every table is of 4-byte fields and starts at a multiple of 4.
    public struct TourSection: Equatable, Sendable {
        public static let tourCount = 0
        public static let arcCount = 4
        public static let keyCount = 8
        public static let keyBytes = 12
        public static let headerSize = 16

        public let tourCount: Int
        public let arcCount: Int
        public let keyCount: Int

        public init(tourCount: Int, arcCount: Int, keyCount: Int) {
            self.tourCount = tourCount
            self.arcCount = arcCount
            self.keyCount = keyCount
        }

        public var tours: Int { Self.headerSize }
        public var first: Int { tours + tourCount * TourEntry.size }
        public var arcs: Int { first + (tourCount + 1) * wordSize }
        public var keys: Int { arcs + arcCount * wordSize }
        public var keyText: Int { keys + keyCount * SearchKeyEntry.size }
    }

    /// One tour of `TOUR`.
    public enum TourEntry {
        public static let size = 12
        /// `u32` `STRS` index: the name people search for.
        public static let name = 0
        /// `u32` `STRS` index: the source's id (`relation/123`, a GeoJSON id, a CSV tour).
        public static let source = 4
        /// `u8` ``TourCategory``; three reserved bytes follow.
        public static let kind = 8
    }
}
