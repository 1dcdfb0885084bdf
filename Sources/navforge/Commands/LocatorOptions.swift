import ArgumentParser
import Fingerprints
import NavFormat

/// The locator parameters a command line may override (`docs/wifi.md`).
struct LocatorOptions: ParsableArguments {
    @Option(help: "Exponent of the signal weights for scoring the floors.")
    var floorExponent: Double?

    @Option(help: "Nearest survey scans whose distances a floor's score averages.")
    var floorScans: Int?

    @Option(help: "Nearest spots (a position's scans averaged) whose distances a floor's score averages.")
    var floorSpots: Int?

    @Option(help: "Exponent of the signal weights for choosing the neighbours averaged into the position.")
    var positionExponent: Double?

    @Option(help: "Neighbours on the chosen floor averaged into the position (fixes the position rule).")
    var neighbours: Int?

    @Option(help: "Which neighbours make the position: scans, spots or both (fixes the position rule).")
    var positionFrom: Source?

    @Option(help: "How the position's neighbours weigh: inverse-distance or equal (fixes the position rule).")
    var positionWeights: Weights?

    @Option(help: "The ratio of the second-best floor's score to the best's at which the confidence is 0.9.")
    var certainRatio: Double?

    @Option(help: "The signal strength in dBm counted as zero; weaker readings count as not heard.")
    var weakestRssi: Double?

    /// The command line's spelling of ``LocatorParameters/PositionRule/Source``.
    enum Source: String, ExpressibleByArgument, CaseIterable {
        case scans, spots, both

        var source: LocatorParameters.PositionRule.Source {
            switch self {
            case .scans: .scans
            case .spots: .spots
            case .both: .both
            }
        }
    }

    enum Weights: String, ExpressibleByArgument, CaseIterable {
        case inverseDistance = "inverse-distance"
        case equal
    }

    /// Whether the options fix the position rule; otherwise it is chosen by cross-validation on
    /// the training survey, as the `fingerprints` stage chooses it.
    var fixesPositionRule: Bool { neighbours != nil || positionFrom != nil || positionWeights != nil }

    /// The defaults with the given options applied.
    func parameters() throws -> LocatorParameters {
        var parameters = LocatorParameters()
        if let floorExponent { parameters.floorExponent = floorExponent }
        if let floorScans { parameters.floorScans = floorScans }
        if let floorSpots { parameters.floorSpots = floorSpots }
        if let positionExponent { parameters.positionExponent = positionExponent }
        if let neighbours { parameters.position.neighbours = neighbours }
        if let positionFrom { parameters.position.source = positionFrom.source }
        if let positionWeights { parameters.position.inverseDistance = positionWeights == .inverseDistance }
        if let certainRatio { parameters.certainRatio = certainRatio }
        if let weakestRssi { parameters.weakestRSSI = weakestRssi }
        guard parameters.isValid else {
            throw ValidationError("locator parameters out of range: counts must be 1 to 1000, exponents above 0 and at most 16, "
                                  + "the certain ratio above 1 and at most 100, the weakest RSSI between -150 and -1 dBm")
        }
        return parameters
    }
}
