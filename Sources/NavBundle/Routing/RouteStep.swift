
/// One instruction of a route: a stretch of arcs of the same kind through the same place.
public struct RouteStep: Hashable, Sendable {
    public enum Action: String, Hashable, Sendable, Codable {
        /// Through a room, corridor, hall, or along an indoor path.
        case walk
        case walkOutside
        case enterBuilding
        case leaveBuilding
        case stairs
        case elevator
        case escalator
        case ramp
        /// Steps on one level.
        case steps
    }

    public var action: Action
    /// The space, path or connector: "Corridor A.1", "West staircase".
    public var label: String?
    /// Level indexes where the step starts and ends.
    public var fromLevel: Int
    public var toLevel: Int
    /// Metres.
    public var length: Double
    /// Seconds.
    public var duration: Double
    /// Steps climbed or descended, when the bundle counts them (`STPC`).
    public var stepCount: Int?
    /// Change of level ordinal climbed, positive up, when the bundle says (`STPC`): it tells the
    /// way of a step that ends on a half-landing, whose level is not a level of its own.
    public var rise: Double = 0
    /// Along a walkway drawn as a line (a footway, an indoor path), rather than through a space.
    public var isAlongPath = false
    /// Positions in ``Route/nodes`` where the step starts and ends.
    public var startIndex: Int
    public var endIndex: Int

    public var changesLevel: Bool { fromLevel != toLevel }
}

extension VenueBundle {
    /// Groups a route's arcs into steps a person can follow.
    ///
    /// Arcs of the same action through the same place are one step; a threshold between two
    /// entrances is one event. Unnamed links between places (where a door meets a walkway, where
    /// walkways of two ways meet) belong to the step before them, or, at the start, the one after.
    public func steps(of route: Route) throws(BundleError) -> [RouteStep] {
        let profile = profileNames.firstIndex(of: route.profile)
        var steps: [RouteStep] = []
        /// A link at the start, waiting for the first step.
        var leading: (length: Double, duration: Double)?
        for (position, arcIndex) in route.arcs.enumerated() {
            let arc = try self.arc(arcIndex)
            let fromLevel = try node(route.nodes[position]).level
            let toLevel = try node(route.nodes[position + 1]).level
            let action = try self.action(for: arc, fromLevel: fromLevel, toLevel: toLevel)
            let cost = try profile.map { (index: Int) throws(BundleError) in try self.cost(profile: index, arc: arcIndex) }
            let seconds = route.arcSeconds?[position] ?? cost.map { Double($0) / 1000 } ?? 0
            let (stepsOnArc, rise) = try climb(arc: arcIndex)
            // Unnamed links (a door meeting a walkway, walkways of two ways meeting at one spot,
            // even where an unlevelled way meets a level) are no step of their own.
            if arc.kind == .walk, arc.label == nil, fromLevel == toLevel || arc.length < 1 {
                if var last = steps.last {
                    last.length += arc.length
                    last.duration += seconds
                    last.endIndex = position + 1
                    steps[steps.count - 1] = last
                } else {
                    leading = ((leading?.length ?? 0) + arc.length, (leading?.duration ?? 0) + seconds)
                }
                continue
            }
            let alongPath = arc.kind == .indoorPath
            if var last = steps.last, last.action == action, last.label == arc.label, last.isAlongPath == alongPath,
               !Self.standsAlone(action) {
                last.toLevel = toLevel
                last.length += arc.length
                last.duration += seconds
                if let stepsOnArc { last.stepCount = (last.stepCount ?? 0) + stepsOnArc }
                last.rise += rise
                last.endIndex = position + 1
                steps[steps.count - 1] = last
            } else {
                var step = RouteStep(action: action, label: arc.label, fromLevel: fromLevel, toLevel: toLevel,
                                     length: arc.length, duration: seconds, stepCount: stepsOnArc, startIndex: position,
                                     endIndex: position + 1)
                step.isAlongPath = alongPath
                step.rise = rise
                if steps.isEmpty, let link = leading {
                    step.length += link.length
                    step.duration += link.duration
                    step.startIndex = 0
                }
                steps.append(step)
            }
        }
        // A route of unnamed links alone (two nodes at one spot) is still one step.
        if steps.isEmpty, let link = leading, !route.arcs.isEmpty {
            let from = try node(route.nodes[0]).level, to = try node(route.nodes[route.nodes.count - 1]).level
            steps.append(RouteStep(action: .walk, label: nil, fromLevel: from, toLevel: to, length: link.length,
                                   duration: link.duration, stepCount: nil, startIndex: 0, endIndex: route.arcs.count))
        }
        return Self.absorbingShortWalks(steps)
    }

    /// An unnamed walk of less than a metre (where two walkways or a door meet) is part of the
    /// step before it, or at the start, of the one after.
    private static func absorbingShortWalks(_ steps: [RouteStep]) -> [RouteStep] {
        var result: [RouteStep] = []
        var leading: RouteStep?
        for step in steps {
            let short = (step.action == .walk || step.action == .walkOutside) && step.label == nil && step.length < 1
                && !step.changesLevel
            if short, var last = result.popLast() {
                last.length += step.length
                last.duration += step.duration
                last.endIndex = step.endIndex
                result.append(last)
            } else if short, var first = leading {
                // Two short walks of different kinds at the start: both wait for the first step.
                first.length += step.length
                first.duration += step.duration
                first.endIndex = step.endIndex
                leading = first
            } else if short {
                leading = step
            } else {
                var merged = step
                if let first = leading, result.isEmpty {
                    merged.length += first.length
                    merged.duration += first.duration
                    merged.startIndex = first.startIndex
                    leading = nil
                }
                // Two steps of one kind through one place, once a link between them is gone, are one.
                if var last = result.last, last.action == merged.action, last.label == merged.label,
                   last.isAlongPath == merged.isAlongPath, !standsAlone(merged.action) {
                    last.toLevel = merged.toLevel
                    last.length += merged.length
                    last.duration += merged.duration
                    if let count = merged.stepCount { last.stepCount = (last.stepCount ?? 0) + count }
                    last.rise += merged.rise
                    last.endIndex = merged.endIndex
                    result[result.count - 1] = last
                } else {
                    result.append(merged)
                }
            }
        }
        if result.isEmpty, let leading { result.append(leading) }
        return result
    }

    private func action(for arc: ArcRecord, fromLevel: Int, toLevel: Int) throws(BundleError) -> RouteStep.Action {
        switch arc.kind {
        case .walk, .indoorPath: return .walk
        case .outdoorPath: return .walkOutside
        case .steps: return .steps
        case .ramp: return .ramp
        case .stairs: return .stairs
        case .elevator: return .elevator
        case .escalator: return .escalator
        case .entrance:
            let intoBuilding = try level(toLevel).buildingID != nil
            let fromOutside = try level(fromLevel).buildingID == nil
            return intoBuilding && fromOutside ? .enterBuilding : .leaveBuilding
        }
    }

    /// Crossing a threshold is one event even when two entrances follow each other.
    private static func standsAlone(_ action: RouteStep.Action) -> Bool {
        action == .enterBuilding || action == .leaveBuilding
    }
}
