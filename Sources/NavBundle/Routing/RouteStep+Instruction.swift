extension VenueBundle {
    /// What to tell a person for a step, in the words the command line and the route GeoJSON
    /// share: what is walked ("Walk through Corridor A.1", "Walk along Platform 11"), and for a
    /// change of level its means, direction and levels ("Take the stairs down, 24 steps, from
    /// level 0 to level -1", "Take the lift down from level 2 to level -1").
    public func instruction(for step: RouteStep) throws(RouteError) -> String {
        do {
            return try makeInstruction(step)
        } catch {
            throw .bundle(error)
        }
    }

    private func makeInstruction(_ step: RouteStep) throws(ContainerError) -> String {
        let from = try level(step.fromLevel)
        let to = try level(step.toLevel)
        let direction = to.ordinal > from.ordinal ? "up" : "down"
        let levels = "from \(from.shortName) to \(to.shortName)"
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
            guard step.changesLevel else { return "Use \(means)" + (step.stepCount.map { ", \($0) steps" } ?? "") }
            guard let count = step.stepCount else { return "Take \(means) \(direction) \(levels)" }
            return "Take \(means) \(direction), \(count) steps, \(levels)"
        case .steps:
            let count = step.stepCount.map { ", \($0) steps" } ?? ""
            return "Take \(Self.means(step))\(count)"
        }
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
