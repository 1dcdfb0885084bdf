/// How ``RadioMapLocator`` turns a scan into a position; stored in the radio map so every
/// runtime locates the way the map was tuned (`docs/wifi.md` explains each choice).
public struct LocatorParameters: Hashable, Sendable, Codable {
    /// Signal strengths are compared as `((rssi − weakestRSSI) / −weakestRSSI) ^ exponent`: an
    /// exponent above 1 weights strong signals, which vary less between devices, over weak ones.
    /// This one serves the building and floor votes.
    public var floorExponent: Double
    /// The exponent of the comparison that picks the neighbours averaged into the position.
    public var positionExponent: Double
    /// The signal strength mapped to zero, in dBm; weaker readings count as not heard.
    public var weakestRSSI: Double
    /// Nearest reference points that vote on the building.
    public var buildingNeighbours: Int
    /// Nearest reference points in the chosen building that vote on the floor.
    public var floorNeighbours: Int
    /// Nearest reference points on the chosen floor whose positions are averaged.
    public var neighbours: Int
    /// Candidates are the reference points hearing at least one of the scan's this many
    /// strongest access points.
    public var candidateAccessPoints: Int

    /// The defaults are what `navforge wifi tune` chose by cross-validation on three training
    /// surveys together, TUT5, LIB1 and UJIIndoorLoc's, each weighing the same (`docs/wifi.md`).
    public init(floorExponent: Double = 1.5, positionExponent: Double = 1.5, weakestRSSI: Double = -104,
                buildingNeighbours: Int = 5, floorNeighbours: Int = 1, neighbours: Int = 2, candidateAccessPoints: Int = 8) {
        self.floorExponent = floorExponent
        self.positionExponent = positionExponent
        self.weakestRSSI = weakestRSSI
        self.buildingNeighbours = buildingNeighbours
        self.floorNeighbours = floorNeighbours
        self.neighbours = neighbours
        self.candidateAccessPoints = candidateAccessPoints
    }

    /// Every count is at least 1 and at most 1000, and the signal model is finite and usable.
    public var isValid: Bool {
        let counts = [buildingNeighbours, floorNeighbours, neighbours, candidateAccessPoints]
        return counts.allSatisfy { (1...1000).contains($0) } && [floorExponent, positionExponent].allSatisfy { $0.isFinite && $0 > 0 && $0 <= 16 }
            && weakestRSSI.isFinite && weakestRSSI < -1 && weakestRSSI >= -150
    }
}
