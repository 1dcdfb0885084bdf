import NavBundle
import VenueModel

extension GraphBuilder {
    /// A landing per served level, attached to the space it stands in, and the links between
    /// adjacent levels: a chain for stairs, escalators and ramps; for lifts, a car node per level
    /// with boarding and alighting arcs, so the wait is paid once per ride and never per floor.
    func addConnectors() {
        for connector in venue.connectors {
            let levels = connector.levelIDs.compactMap { id in levelIndex[id].map { (id: id, index: $0) } }
                .sorted { venue.levels[$0.index].ordinal < venue.levels[$1.index].ordinal }
            // A connector serving one level links nothing; validation reports it.
            guard levels.count >= 2 else { continue }
            var landings: [Int] = []
            for level in levels {
                let place = landingPlace(connector, levelID: level.id)
                let landing = addNode(place?.position ?? connector.location, level: level.index,
                                      kind: .connectorLanding, label: connector.label)
                register(landing)
                landings.append(landing)
                // A landing in no space stays unlinked on that level; validation reports it.
                if let place { anchors[place.space, default: [:]][level.id, default: []].append(landing) }
            }
            switch connector.kind {
            case .elevator: addLift(connector, landings: landings)
            case .stairs, .escalator, .ramp: addFlights(connector, landings: landings)
            }
        }
    }

    /// How far (metres) a landing left in a void may move to reach its stairwell or lift shaft.
    public static let landingReach = 5.0

    /// The space a landing stands in on a level, and where it stands.
    ///
    /// Normally the connector's own point, in the smallest walkable space covering it or on an
    /// outline within the door tolerance. The top floor of a stairwell is often drawn around the
    /// opening the stairs rise through, leaving the connector's point in a void; the landing then
    /// moves to the nearest outline of a stairwell or lift space within ``landingReach``.
    private func landingPlace(_ connector: Connector, levelID: String) -> (space: Int, position: Coordinate)? {
        let walkable = { (index: Int) in self.venue.spaces[index].kind.isWalkable }
        let location = connector.location
        if let space = locator.spaces(covering: location, levelID: levelID).first(where: walkable)
            ?? locator.spaces(withOutlineNear: location, levelID: levelID, tolerance: parameters.doorTolerance)
            .first(where: walkable) {
            return (space, location)
        }
        let shaftKind: SpaceKind
        switch connector.kind {
        case .elevator: shaftKind = .elevator
        case .stairs: shaftKind = .stairs
        // Escalators and ramps have no space of their own to look for.
        case .escalator, .ramp: return nil
        }
        guard let space = locator.spaces(withOutlineNear: location, levelID: levelID, tolerance: Self.landingReach)
            .first(where: { venue.spaces[$0].kind == shaftKind }),
              let position = locator.nearestOutlinePoint(ofSpace: space, to: location) else { return nil }
        return (space, position)
    }

    private func connectorAttributes(_ connector: Connector) -> ArcAttributes {
        var attributes = ArcAttributes(connector.accessibility, indoor: connector.buildingID != nil)
        attributes.stepCount = connector.stepCount
        return attributes
    }

    private func addFlights(_ connector: Connector, landings: [Int]) {
        let kind: ArcKind = switch connector.kind {
        case .stairs: .stairs
        case .escalator: .escalator
        default: .ramp
        }
        for (lower, upper) in zip(landings, landings.dropFirst()) {
            var attributes = connectorAttributes(connector)
            let rise = venue.levels[graph.nodes[upper].level].ordinal - venue.levels[graph.nodes[lower].level].ordinal
            attributes.rise = rise
            let length = Self.flightLength(connector, rise: rise)
            switch connector.direction {
            case .both:
                addEdge(lower, upper, kind: kind, label: connector.label, attributes: attributes, length: length)
            case .up:
                addEdge(lower, upper, kind: kind, label: connector.label, attributes: attributes, length: length,
                        oneWay: true)
            case .down:
                attributes.rise = -rise
                addEdge(upper, lower, kind: kind, label: connector.label, attributes: attributes, length: length,
                        oneWay: true)
            }
        }
    }

    private func addLift(_ connector: Connector, landings: [Int]) {
        var cars: [Int] = []
        for landing in landings {
            let car = addNode(connector.location, level: graph.nodes[landing].level, kind: .connectorLanding,
                              label: connector.label)
            cars.append(car)
            var boarding = connectorAttributes(connector)
            boarding.connectorPhase = .board
            addEdge(landing, car, kind: .elevator, label: connector.label, attributes: boarding, length: 0) {
                $0.connectorPhase = .alight
            }
        }
        for (lower, upper) in zip(cars, cars.dropFirst()) {
            var ride = connectorAttributes(connector)
            ride.connectorPhase = .ride
            ride.rise = venue.levels[graph.nodes[upper].level].ordinal - venue.levels[graph.nodes[lower].level].ordinal
            addEdge(lower, upper, kind: .elevator, label: connector.label, attributes: ride, length: 0)
        }
    }

    /// Walking length of one flight: treads of 0.3 m per step, or an estimate per storey.
    static func flightLength(_ connector: Connector, rise: Double) -> Double {
        let storeys = max(abs(rise), 0.5)
        switch connector.kind {
        case .stairs, .escalator:
            let steps = Double(connector.stepCount ?? Int(20 * storeys))
            return steps * 0.3
        case .ramp:
            // A storey of 3.5 m climbed at the ramp's incline (6 % when unknown).
            let incline = max(abs(connector.accessibility.incline ?? 6), 1) / 100
            return storeys * 3.5 / incline
        case .elevator:
            return 0
        }
    }
}
