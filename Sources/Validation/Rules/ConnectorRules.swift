import VenueModel

/// `connector-single-level`: stairs or a lift that serve fewer than two levels link nothing.
struct ConnectorLevelsRule: ValidationRule {
    let code = FindingCode.connectorSingleLevel

    func check(_ context: ValidationContext) -> [Issue] {
        context.venue.connectors.filter { $0.levelIDs.count < 2 }.map { connector in
            Issue(code: code,
                  message: "\(connector.kind.rawValue) '\(connector.label)' serves only \(connector.levelIDs.joined(separator: ", ")); it links no levels",
                  location: connector.source, levelID: connector.levelIDs.first, coordinate: connector.location)
        }
    }
}

/// `connector-outside-space`: a landing that stands in no walkable space is unreachable there.
///
/// A top-floor stairwell is often drawn around the opening the stairs rise through; the graph
/// moves such a landing onto a stairwell (or lift shaft) outline within
/// ``ValidationParameters/landingReach``, so that is not reported. A landing the source puts at
/// a vertex of its walkways (a lift node, the end of a flight of steps) is reached by those
/// walkways instead; the graph reports it when none meets it (`landing-not-joined`).
struct ConnectorOutsideSpaceRule: ValidationRule {
    let code = FindingCode.connectorOutsideSpace

    static func landsOnShaft(_ connector: Connector, levelID: String, _ context: ValidationContext) -> Bool {
        let shaft: SpaceKind
        switch connector.kind {
        case .stairs: shaft = .stairs
        case .elevator: shaft = .elevator
        case .escalator, .ramp: return false
        }
        return context.locator.spaces(withOutlineNear: connector.location, levelID: levelID,
                                      tolerance: context.parameters.landingReach)
            .contains { context.venue.spaces[$0].kind == shaft }
    }

    func check(_ context: ValidationContext) -> [Issue] {
        var issues: [Issue] = []
        for connector in context.venue.connectors where !connector.landings.contains(where: { $0.vertexRef != nil }) {
            for levelID in connector.levelIDs where levelID != Level.outdoorID {
                let landing = connector.landings.first { $0.levelID == levelID }
                let location = landing?.location ?? connector.location
                let covering = context.locator.spaces(covering: location, levelID: levelID)
                let near = context.locator.spaces(withOutlineNear: location, levelID: levelID,
                                                  tolerance: context.parameters.doorTolerance)
                guard !(covering + near).contains(where: { context.venue.spaces[$0].kind.isWalkable }),
                      !Self.landsOnShaft(connector, levelID: levelID, context) else { continue }
                issues.append(Issue(code: code,
                                    message: "\(connector.kind.rawValue) '\(connector.label)' stands in no walkable space on level \(levelID)",
                                    location: connector.source, levelID: levelID, coordinate: location))
            }
        }
        return issues
    }
}
