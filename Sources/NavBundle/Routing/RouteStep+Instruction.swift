
extension VenueBundle {
    /// What to tell a person for a step, in the words the command line and the route GeoJSON
    /// share: what is walked ("Walk through Corridor A.1", "Walk along Platform 11"), and for a
    /// change of level its means, direction and levels ("Take the stairs down, 24 steps, from
    /// level 0 to level -1", "Take the lift down from level 2 to level -1").
    public func instruction(for step: RouteStep) throws(BundleError) -> String {
        let from = try level(step.fromLevel)
        let to = try level(step.toLevel)
        // The climb says the way when the bundle has it; otherwise the levels do.
        let climbs = step.rise != 0 ? step.rise > 0 : to.ordinal > from.ordinal
        let direction = climbs ? "up" : "down"
        // A step that ends on a half-landing does not reach the level its node is drawn on: say how
        // far it climbs instead.
        let reachesLevel = step.rise == 0 || abs(step.rise - (to.ordinal - from.ordinal)) < 0.01
        let levels = reachesLevel
            ? "from \(from.shortName) to \(to.shortName)"
            : "\(Self.part(abs(step.rise))) from \(from.shortName)"
        switch step.action {
        case .walk:
            return step.label.map { step.isAlongPath ? "Walk along \($0)" : "Walk through \($0)" } ?? "Walk"
        case .walkOutside:
            return step.label.map { "Walk outside along \($0)" } ?? "Walk outside"
        case .enterBuilding:
            return "Enter \(to.buildingName ?? "the building") through \(step.label ?? "the entrance")"
        case .leaveBuilding:
            return "Leave \(from.buildingName ?? "the building") through \(step.label ?? "the exit")"
        case .stairs, .escalator, .ramp, .elevator:
            let means = Self.means(step)
            guard step.changesLevel || step.rise != 0 else {
                return "Use \(means)" + (step.stepCount.map { ", \($0) steps" } ?? "")
            }
            guard let count = step.stepCount else { return "Take \(means) \(direction) \(levels)" }
            return "Take \(means) \(direction), \(count) steps, \(levels)"
        case .steps:
            let count = step.stepCount.map { ", \($0) steps" } ?? ""
            return "Take \(Self.means(step))\(count)"
        }
    }

    /// "half a level", "a level", "2 levels": how far a step climbs, in words.
    private static func part(_ levels: Double) -> String {
        if abs(levels - 0.5) < 0.01 { return "half a level" }
        if abs(levels - 1) < 0.01 { return "a level" }
        if levels < 1 { return "part of a level" }
        return levels == levels.rounded() ? "\(Int(levels)) levels" : "\(levels) levels"
    }

    /// The connector or way a step uses: its own name, or what it is ("the stairs", "the lift").
    private static func means(_ step: RouteStep) -> String {
        let noun: String
        switch step.action {
        case .stairs: noun = "the stairs"
        case .escalator: noun = "the escalator"
        case .elevator: noun = "the lift"
        case .ramp: noun = "the ramp"
        case .steps: noun = "the steps"
        default: noun = "the way"
        }
        // Unnamed connectors carry their kind as their label (`stairs`, `elevator`).
        guard let label = step.label, !["stairs", "escalator", "elevator", "ramp", "steps"].contains(label) else {
            return noun
        }
        return label
    }
}
