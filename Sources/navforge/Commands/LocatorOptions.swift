import ArgumentParser
import Fingerprints
import NavFormat

/// The locator parameters and the grouping a command line may override (`docs/wifi.md`).
struct LocatorOptions: ParsableArguments {
    @Option(help: "Exponent of the signal weights for the building and floor votes.")
    var floorExponent: Double?

    @Option(help: "Exponent of the signal weights for choosing the neighbours averaged into the position.")
    var positionExponent: Double?

    @Option(help: "Reference points averaged into the position.")
    var neighbours: Int?

    @Option(help: "Nearest reference points voting on the floor.")
    var floorNeighbours: Int?

    @Option(help: "Nearest reference points voting on the building.")
    var buildingNeighbours: Int?

    @Option(help: "Strongest access points of a scan whose reference points are candidates.")
    var candidateAccessPoints: Int?

    @Option(help: "The signal strength in dBm counted as zero; weaker readings count as not heard.")
    var weakestRssi: Double?

    @Option(help: "Which scans become one reference point: each scan its own (scan), or those taken at one position (position, the default).")
    var referencePoints: Grouping?

    /// The command line's spelling of ``ReferencePointGrouping``.
    enum Grouping: String, ExpressibleByArgument, CaseIterable {
        case scan, position

        var grouping: ReferencePointGrouping { self == .scan ? .scan : .position }
    }

    /// The defaults with the given options applied.
    func parameters() throws -> LocatorParameters {
        var parameters = LocatorParameters()
        if let floorExponent { parameters.floorExponent = floorExponent }
        if let positionExponent { parameters.positionExponent = positionExponent }
        if let neighbours { parameters.neighbours = neighbours }
        if let floorNeighbours { parameters.floorNeighbours = floorNeighbours }
        if let buildingNeighbours { parameters.buildingNeighbours = buildingNeighbours }
        if let candidateAccessPoints { parameters.candidateAccessPoints = candidateAccessPoints }
        if let weakestRssi { parameters.weakestRSSI = weakestRssi }
        guard parameters.isValid else {
            throw ValidationError("locator parameters out of range: counts must be 1 to 1000, exponents above 0 and at most 16, the weakest RSSI between -150 and -1 dBm")
        }
        return parameters
    }
}
