import NavFormat
import VenueModel

extension GraphBuilder {
    /// A landing per served level, attached to the space it stands in, and the links between
    /// them: for lifts, a car node per level with boarding and alighting arcs, so the wait is paid
    /// once per ride and never per floor; for stairs, escalators and ramps, a chain between
    /// adjacent levels, or, for a flight drawn as a way, one arc between its two ends.
    func addConnectors() {
        for connector in venue.connectors {
            if connector.kind != .elevator, connector.landings.count == 2, let line = connector.line {
                addDrawnFlight(connector, line: line)
                continue
            }
            let levels = connector.levelIDs.compactMap { id in levelIndex[id].map { (id: id, index: $0) } }
                .sorted { venue.levels[$0.index].ordinal < venue.levels[$1.index].ordinal }
            // A connector serving one level links nothing; validation reports it.
            guard levels.count >= 2 else { continue }
            var landings: [Int] = []
            for level in levels {
                let drawn = connector.landings.first { $0.levelID == level.id }
                landings.append(addLanding(connector, at: drawn?.location ?? connector.location, level: level.index,
                                           levelID: level.id, vertexRef: drawn?.vertexRef, pinned: drawn != nil))
            }
            let arcsBefore = graph.arcs.count
            switch connector.kind {
            case .elevator: addLift(connector, landings: landings)
            case .stairs, .escalator, .ramp: addFlights(connector, landings: landings)
            }
            for (landing, level) in zip(landings, levels) {
                guard let drawn = connector.landings.first(where: { $0.levelID == level.id }), drawn.vertexRef != nil else { continue }
                pinnedLandings.append(PinnedLanding(connector: connector.id, landing: drawn, node: landing,
                                                    ownNeighbours: neighbours(of: landing, inArcsFrom: arcsBefore)))
            }
        }
    }

    /// How far (metres) a landing left in a void may move to reach its stairwell or lift shaft.
    public static let landingReach = 5.0

    /// The node of a landing on one level. A landing the source places at a vertex of its
    /// walkways (`pinned`) is that vertex's node, shared with the walkways of the level drawn
    /// through it; any other stands where ``landingPlace(_:at:levelID:)`` finds room. Either way
    /// it joins the space it stands in.
    private func addLanding(_ connector: Connector, at location: Coordinate, level: Int, levelID: String,
                            vertexRef: String?, pinned: Bool) -> Int {
        let place = landingPlace(connector, at: location, levelID: levelID)
        let landing: Int
        if pinned {
            landing = node(at: location, level: level)
            if graph.nodes[landing].kind == .junction {
                graph.nodes[landing].kind = .connectorLanding
                graph.nodes[landing].label = connector.label
            }
        } else {
            landing = addNode(place?.position ?? location, level: level, kind: .connectorLanding, label: connector.label)
            register(landing)
        }
        if let vertexRef { shareVertex(vertexRef, node: landing) }
        // A landing in no space stays unlinked on that level unless walkways meet it; validation reports it.
        if let place {
            for (space, spaceLevel) in place.spaces { addAnchor(landing, space: space, levelID: spaceLevel) }
        }
        return landing
    }

    /// The space a landing stands in on a level, and where it stands.
    ///
    /// Normally the landing's own point, in the smallest walkable space covering it or on an
    /// outline within the door tolerance. The top floor of a stairwell is often drawn around the
    /// opening the stairs rise through, leaving the connector's point in a void; the landing then
    /// moves to the nearest outline of a stairwell or lift space within ``landingReach``.
    private func landingPlace(_ connector: Connector, at location: Coordinate,
                              levelID: String) -> (spaces: [(Int, String)], position: Coordinate)? {
        let walkable = { (index: Int) in self.venue.spaces[index].kind.isWalkable }
        let holding = holdingSpaces(of: location, levelID: levelID)
        if !holding.isEmpty { return (holding, location) }
        if let space = locator.spaces(withOutlineNear: location, levelID: levelID, tolerance: parameters.doorTolerance)
            .first(where: walkable) {
            return ([(space, levelID)], location)
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
        return ([(space, levelID)], position)
    }

    private func connectorAttributes(_ connector: Connector) -> ArcAttributes {
        var attributes = ArcAttributes(connector.accessibility, indoor: connector.buildingID != nil)
        attributes.stepCount = connector.stepCount
        return attributes
    }

    /// A flight drawn as a way: one arc along its line between the landings at its two ends,
    /// climbing from the first end's height to the second's, one-way where it runs one way.
    private func addDrawnFlight(_ connector: Connector, line: [Coordinate]) {
        // Both ends are checked before either is added, so a flight never leaves half a landing.
        guard connector.landings.allSatisfy({ landing in
            landing.levelID.map { levelIndex[$0] != nil } ?? connector.levelIDs.contains { levelIndex[$0] != nil }
        }) else { return }
        var ends: [Int] = []
        for landing in connector.landings {
            if let levelID = landing.levelID, let level = levelIndex[levelID] {
                ends.append(addLanding(connector, at: landing.location, level: level, levelID: levelID,
                                       vertexRef: landing.vertexRef, pinned: true))
            } else if let node = halfLanding(landing, of: connector) {
                ends.append(node)
            }
        }
        guard ends.count == 2 else { return }
        let rise = connector.landings[1].ordinal - connector.landings[0].ordinal
        var attributes = connectorAttributes(connector)
        attributes.rise = rise
        let kind = Self.arcKind(connector.kind)
        let corners = Array(line.dropFirst().dropLast())
        let length = zip(line, line.dropFirst()).reduce(0) { $0 + locator.distance($1.0, $1.1) }
        // Up and down are by height; the arc runs from the end the connector may be entered at.
        let forward = connector.direction == .both || (connector.direction == .up) == (rise > 0)
        if connector.direction == .both {
            addEdge(ends[0], ends[1], kind: kind, label: connector.label, attributes: attributes, length: length,
                    via: corners)
        } else if forward {
            addEdge(ends[0], ends[1], kind: kind, label: connector.label, attributes: attributes, length: length,
                    via: corners, oneWay: true)
        } else {
            attributes.rise = -rise
            if let incline = attributes.incline { attributes.incline = -incline }
            addEdge(ends[1], ends[0], kind: kind, label: connector.label, attributes: attributes, length: length,
                    via: corners.reversed(), oneWay: true)
        }
        for (landing, node) in zip(connector.landings, ends) {
            pinnedLandings.append(PinnedLanding(connector: connector.id, landing: landing, node: node,
                                                ownNeighbours: Set(ends).subtracting([node])))
        }
    }

    /// The nodes joined to `node` by the arcs added since `start`: a connector's own links.
    private func neighbours(of node: Int, inArcsFrom start: Int) -> Set<Int> {
        var result = Set<Int>()
        for arc in graph.arcs[start...] {
            if arc.tail == node { result.insert(arc.head) }
            if arc.head == node { result.insert(arc.tail) }
        }
        return result
    }

    /// The node of a half-landing between levels, shared by every flight that meets there. It
    /// stands on the served level nearest its height (the lower one on a tie): which level only
    /// says where to draw it, since it is joined to flights and unlevelled walkways alone.
    private func halfLanding(_ landing: ConnectorLanding, of connector: Connector) -> Int? {
        let key = landing.vertexRef ?? "\(connector.id)@\(landing.location.latitude),\(landing.location.longitude)"
        if let existing = halfLandingNodes[key] { return existing }
        let candidates = connector.levelIDs.compactMap { id in levelIndex[id] }
        guard let level = candidates.min(by: { a, b in
            let da = abs(venue.levels[a].ordinal - landing.ordinal), db = abs(venue.levels[b].ordinal - landing.ordinal)
            return (da, venue.levels[a].ordinal) < (db, venue.levels[b].ordinal)
        }) else { return nil }
        let node = addNode(landing.location, level: level, kind: .connectorLanding, label: connector.label)
        halfLandingNodes[key] = node
        halfLandingHeights[node] = landing.ordinal
        if let vertexRef = landing.vertexRef { shareVertex(vertexRef, node: node) }
        return node
    }

    static func arcKind(_ kind: ConnectorKind) -> ArcKind {
        switch kind {
        case .stairs: return .stairs
        case .escalator: return .escalator
        case .elevator: return .elevator
        case .ramp: return .ramp
        }
    }

    private func addFlights(_ connector: Connector, landings: [Int]) {
        let kind = Self.arcKind(connector.kind)
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
            let car = addNode(graph.nodes[landing].coordinate, level: graph.nodes[landing].level, kind: .connectorLanding,
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

/// A landing the source put at a vertex of its walkways, with its node and the nodes its own
/// connector joins it to: what the finding about landings that meet no walkway looks at.
struct PinnedLanding {
    var connector: String
    var landing: ConnectorLanding
    var node: Int
    var ownNeighbours: Set<Int>
}
