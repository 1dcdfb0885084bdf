/// How long steps take, from their count and the treads they cover.
extension RoutingProfile {
    /// A step's tread (metres): the length of way one step covers. Blondel's rule (twice the
    /// riser plus the tread is about 63 cm) gives 0.29–0.33 m for risers of 15–17 cm.
    public static let treadDepth = 0.3

    /// Seconds for a flight or a stretch of steps: every step at the profile's pace up or down
    /// (their mean when the data does not say which way is up), and the rest of the arc's length
    /// (landings, paths between flights) walked.
    ///
    /// Flights between levels climb by their rise; steps on one level climb by their `incline`
    /// (`up`, `down` or a slope's sign) relative to the arc. A flight between levels without a
    /// count has 20 steps per storey; steps on one level carry the count the graph gave them
    /// (``StepEstimate``).
    func stepSeconds(_ arc: GraphArc) -> Double {
        let facts = arc.attributes
        let steps: Double
        let perStep: Double
        switch arc.kind {
        case .stairs:
            steps = Double(facts.stepCount ?? Int(20 * max(abs(facts.rise), 0.5)))
            perStep = facts.rise >= 0 ? secondsPerStepUp : secondsPerStepDown
        default:
            steps = Double(facts.stepCount ?? 0)
            let climbs = facts.inclineDirection ?? facts.incline.flatMap { $0 > 0 ? .up : $0 < 0 ? .down : nil }
            switch climbs {
            case .up?: perStep = secondsPerStepUp
            case .down?: perStep = secondsPerStepDown
            case nil: perStep = (secondsPerStepUp + secondsPerStepDown) / 2
            }
        }
        let walked = max(arc.length - steps * Self.treadDepth, 0)
        return steps * perStep + walked / speed
    }
}

/// The number of steps in a stretch of steps whose count the data does not give.
///
/// From a numeric `incline`: the rise over risers of 15 cm (the OSM wiki's figure for stairs on
/// footbridges, the low end of Blondel's comfortable range). Otherwise from the length: 3 steps
/// per metre over the first 5 m (a flight), 1.5 per metre beyond (flights with landings and paths
/// between them). Measured on the Heidelberg extract, whose 586 `highway=steps` ways with a
/// `step_count` have a median of 2.8 steps per metre under 5 m and 1.2 over 40 m.
public enum StepEstimate {
    public static let riserHeight = 0.15
    public static let flightLength = 5.0
    public static let stepsPerMetreInFlight = 3.0
    public static let stepsPerMetreBeyond = 1.5

    /// The steps of a stretch `length` metres long, with its slope in percent when known.
    public static func steps(length: Double, incline: Double?) -> Int {
        if let incline, incline != 0 {
            return max(Int((length * abs(incline) / 100 / riserHeight).rounded()), 1)
        }
        let flight = min(length, flightLength)
        let estimate = flight * stepsPerMetreInFlight + max(length - flightLength, 0) * stepsPerMetreBeyond
        return max(Int(estimate.rounded()), 1)
    }
}
