import VenueModel

/// A way between levels (`highway=steps` + `level=0;-1`, an escalator, `indoor=pathway` +
/// `level=1-2`), kept until every way has been read so its ends can be placed.
struct FlightDraft {
    var way: OSMWay
    var line: [Coordinate]
    var refs: [String]
    var levels: OSMLevels
    var element: String
}

extension OSMIndoorInterpreter {
    /// Turns each flight into a connector. When its ends can be placed (``OSMFlightLayout``), it
    /// runs between landings at its end nodes, each on its own level (or on a half-landing shared
    /// with other flights), so the walkways of each level meet it exactly there; otherwise it
    /// stands at its middle and meets the spaces around that point.
    mutating func addFlights() {
        let layouts = flightLayouts()
        for (draft, layout) in zip(pendingFlights, layouts) {
            let tags = draft.way.tags
            var reader = OSMTagReader(tags, element: draft.element)
            let kind = flightKind(tags)
            let anchor = draft.line.midpoint ?? draft.line[0]
            var connector = Connector(
                id: modelID(draft.element), kind: kind, buildingID: nil, levelIDs: [], location: anchor,
                name: tags["name"], ref: tags["ref"], stepCount: reader.count("step_count"),
                accessibility: reader.accessibility(), source: location(draft.element))
            connector.localizedNames = reader.localizedNames
            if kind == .ramp, tags["highway"] == "steps", connector.accessibility.wheelchair == nil {
                // A push ramp beside steps is no wheelchair ramp unless tagged so.
                connector.accessibility.wheelchair = tags["ramp:wheelchair"] == "yes" ? .yes : .no
            }
            let flow = conveying(tags, element: draft.element)
            report(reader)
            markUsed(draft.element, tags)

            switch layout {
            case .success(let ends):
                connector.landings = [
                    ConnectorLanding(ordinal: ends.first, location: draft.line[0], vertexRef: draft.refs[0]),
                    ConnectorLanding(ordinal: ends.last, location: draft.line[draft.line.count - 1],
                                     vertexRef: draft.refs[draft.refs.count - 1]),
                ]
                connector.line = draft.line
                connector.direction = Self.direction(flow: flow, oneWay: Self.isOneWayOnFoot(tags, kind: .steps),
                                                     climbs: ends.last > ends.first)
            case .failure(let problem):
                if case .bothEndsOn(let ordinal) = problem {
                    report(.flightEndsOnOneLevel,
                           "\(draft.element) (level=\(draft.levels.text)) has both ends on level \(Level.formatOrdinal(ordinal)), by the walkways, outlines or level tags at its end nodes; it is placed at its middle instead",
                           element: draft.element, coordinate: anchor)
                }
                let oneWay = flow == .forward || flow == .backward || (flow == nil && Self.isOneWayOnFoot(tags, kind: .steps))
                if oneWay {
                    let tag = flow == nil ? "oneway=yes" : "conveying=\(tags["conveying"] ?? "")"
                    report(.flightDirectionUnknown,
                           "\(draft.element) runs one way (\(tag)) but its ends cannot be told apart by level; it is used both ways",
                           element: draft.element, coordinate: anchor)
                }
            }
            pending.connectors.append(.init(feature: connector, anchor: anchor, levels: draft.levels,
                                            element: draft.element))
        }
    }

    /// Each flight's layout, with half-landings that lead nowhere undone.
    private func flightLayouts() -> [Result<OSMFlightLayout, OSMFlightLayout.Problem>] {
        var results: [Result<OSMFlightLayout, OSMFlightLayout.Problem>] = []
        var ends: [(Int64, Int64)] = []
        for draft in pendingFlights {
            let first = draft.way.nodeIDs[0], last = draft.way.nodeIDs[draft.way.nodeIDs.count - 1]
            ends.append((first, last))
            // An end node missing from the file leaves that end unknown; a closed way has no ends.
            let present = draft.refs.first == Self.nodeRef(first) && draft.refs.last == Self.nodeRef(last) && first != last
            results.append(present
                ? OSMFlightLayout.resolve(first: first, last: last, ordinals: draft.levels.ordinals,
                                          rises: Self.rises(draft.way.tags), topology: topology)
                : .failure(.unknown))
        }
        let kept = OSMFlightLayout.validated(results.map { try? $0.get() }, ends: ends)
        return zip(results, kept).map { result, layout in
            if case .failure = result { return result }
            return layout.map { .success($0) } ?? .failure(.unknown)
        }
    }

    /// Escalators (`conveying`), stairs (steps, a step count, Simple Indoor Tagging's
    /// `indoor=pathway` flights), and ramps (everything else, and steps with a ramp beside them).
    private func flightKind(_ tags: OSMTags) -> ConnectorKind {
        if let conveying = tags["conveying"], conveying != "no" { return .escalator }
        if tags["highway"] == "steps" {
            let ramp = ["ramp", "ramp:wheelchair", "ramp:stroller"].contains { tags[$0] == "yes" }
            return ramp ? .ramp : .stairs
        }
        if tags["step_count"] != nil || tags["indoor"] == "pathway" { return .stairs }
        return .ramp
    }

    /// `incline=up` climbs in drawing direction, `down` descends; a signed percentage says the
    /// same by its sign.
    static func rises(_ tags: OSMTags) -> Bool? {
        guard let value = tags["incline"]?.trimmingCharacters(in: .whitespaces).lowercased() else { return nil }
        if value == "up" { return true }
        if value == "down" { return false }
        if value.hasPrefix("-") { return false }
        if let first = value.first, first.isNumber || first == "+" { return true }
        return nil
    }

    /// One-way flights run up or down by level: a conveyor in the direction it runs, a one-way
    /// flight in drawing direction.
    static func direction(flow: Conveying?, oneWay: Bool, climbs: Bool) -> ConnectorDirection {
        switch flow {
        case .forward?: return climbs ? .up : .down
        case .backward?: return climbs ? .down : .up
        case .both?: return .both
        case nil: return oneWay ? (climbs ? .up : .down) : .both
        }
    }
}
