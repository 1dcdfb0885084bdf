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
                let landing = addNode(connector.location, level: level.index, kind: .connectorLanding,
                                      label: connector.label)
                register(landing)
                landings.append(landing)
                attachLanding(landing, connector: connector, levelID: level.id)
            }
            switch connector.kind {
            case .elevator: addLift(connector, landings: landings)
            case .stairs, .escalator, .ramp: addFlights(connector, landings: landings)
            }
        }
    }

    private func attachLanding(_ landing: Int, connector: Connector, levelID: String) {
        let walkable = { (index: Int) in self.venue.spaces[index].kind.isWalkable }
        var spaces = locator.spaces(covering: connector.location, levelID: levelID).filter(walkable)
        if spaces.isEmpty {
            spaces = locator.spaces(withOutlineNear: connector.location, levelID: levelID,
                                    tolerance: parameters.doorTolerance).filter(walkable)
        }
        // A landing in no space stays unlinked on that level; validation reports it.
        guard let space = spaces.first else { return }
        anchors[space, default: [:]][levelID, default: []].append(landing)
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
