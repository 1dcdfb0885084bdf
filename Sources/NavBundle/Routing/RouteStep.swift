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
    public func steps(of route: Route) throws(RouteError) -> [RouteStep] {
        do {
            return try makeSteps(route)
        } catch {
            throw .bundle(error)
        }
    }

    private func makeSteps(_ route: Route) throws(ContainerError) -> [RouteStep] {
        let profile = profileNames.firstIndex(of: route.profile)
        var steps: [RouteStep] = []
        /// A link at the start, waiting for the first step.
        var leading: (length: Double, duration: Double)?
        for (position, arcIndex) in route.arcs.enumerated() {
            let arc = try self.arc(arcIndex)
            let fromLevel = try node(route.nodes[position]).level
            let toLevel = try node(route.nodes[position + 1]).level
            let action = try self.action(for: arc, fromLevel: fromLevel, toLevel: toLevel)
            let cost = try profile.map { (index: Int) throws(ContainerError) in try self.cost(profile: index, arc: arcIndex) }
            let seconds = route.arcSeconds?[position] ?? cost.map { Double($0) / 1000 } ?? 0
            let stepsOnArc = try stepCount(arc: arcIndex)
            if arc.kind == .walk, arc.label == nil, fromLevel == toLevel {
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
                last.endIndex = position + 1
                steps[steps.count - 1] = last
            } else {
                var step = RouteStep(action: action, label: arc.label, fromLevel: fromLevel, toLevel: toLevel,
                                     length: arc.length, duration: seconds, stepCount: stepsOnArc, startIndex: position,
                                     endIndex: position + 1)
                step.isAlongPath = alongPath
                if steps.isEmpty, let link = leading {
                    step.length += link.length
                    step.duration += link.duration
                    step.startIndex = 0
                }
                steps.append(step)
            }
        }
        return steps
    }

    private func action(for arc: ArcRecord, fromLevel: Int, toLevel: Int) throws(ContainerError) -> RouteStep.Action {
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
