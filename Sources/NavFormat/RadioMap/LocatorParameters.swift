/// How ``RadioMapLocator`` turns a scan into a position; stored in the radio map so every
/// runtime locates the way the map was compiled (`docs/wifi.md` explains each choice).
public struct LocatorParameters: Hashable, Sendable, Codable {
    /// Signal strengths are compared as `((rssi − weakestRSSI) / −weakestRSSI) ^ exponent`: an
    /// exponent above 1 weights strong signals, which vary less between devices, over weak ones.
    /// This one scores the floors.
    public var floorExponent: Double
    /// The exponent of the comparison that picks the neighbours averaged into the position.
    public var positionExponent: Double
    /// The signal strength mapped to zero, in dBm; weaker readings count as not heard.
    public var weakestRSSI: Double
    /// A floor's score averages the distances of its this many nearest survey scans...
    public var floorScans: Int
    /// ...plus those of its this many nearest spots (the scans of one position averaged).
    public var floorSpots: Int
    /// How the position is made from the neighbours on the chosen floor.
    public var position: PositionRule
    /// The ratio of the second-best floor's score to the best's at which the confidence is 0.9.
    public var certainRatio: Double

    /// Which neighbours on the chosen floor make the position, how many, and how they weigh.
    public struct PositionRule: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The kinds of reference point the neighbours are taken from.
        public enum Source: UInt8, Hashable, Sendable, Codable, CaseIterable {
            case scans = 1
            case spots = 2
            case both = 3
        }

        public var source: Source
        /// How many of the nearest are averaged.
        public var neighbours: Int
        /// Weighted by inverse distance, or all alike.
        public var inverseDistance: Bool

        public init(source: Source = .scans, neighbours: Int = 3, inverseDistance: Bool = true) {
            self.source = source
            self.neighbours = neighbours
            self.inverseDistance = inverseDistance
        }

        public var description: String {
            "\(neighbours) nearest \(source == .both ? "scans or spots" : "\(source)"), \(inverseDistance ? "inverse-distance" : "equally") weighted"
        }

        /// The rules the `fingerprints` stage chooses from by cross-validation on its survey.
        public static let candidates: [PositionRule] = Source.allCases.flatMap { source in
            [1, 2, 3, 4, 6, 8].flatMap { count in [false, true].map { PositionRule(source: source, neighbours: count, inverseDistance: $0) } }
        }
    }

    /// The floor exponent is the published powed representation's, Euler's number
    /// (Torres-Sospedra et al., 2015); the floor counts and the certain ratio are what `navforge
    /// wifi tune --floor-exponent e` chose by cross-validation on three training surveys
    /// together, TUT5, LIB1 and UJIIndoorLoc's (`docs/wifi.md`). Each map chooses its own
    /// position rule; this one serves a survey too small to choose.
    public init(floorExponent: Double = 2.718281828459045, positionExponent: Double = 2, weakestRSSI: Double = -104,
                floorScans: Int = 5, floorSpots: Int = 5, position: PositionRule = PositionRule(), certainRatio: Double = 1.5) {
        self.floorExponent = floorExponent
        self.positionExponent = positionExponent
        self.weakestRSSI = weakestRSSI
        self.floorScans = floorScans
        self.floorSpots = floorSpots
        self.position = position
        self.certainRatio = certainRatio
    }

    /// Every count is at least 1 and at most 1000, and the signal model is finite and usable.
    public var isValid: Bool {
        let counts = [floorScans, floorSpots, position.neighbours]
        return counts.allSatisfy { (1...1000).contains($0) } && [floorExponent, positionExponent].allSatisfy { $0.isFinite && $0 > 0 && $0 <= 16 }
            && weakestRSSI.isFinite && weakestRSSI < -1 && weakestRSSI >= -150
            && certainRatio.isFinite && certainRatio > 1 && certainRatio <= 100
    }
}
