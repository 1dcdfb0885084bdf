import VenueModel

extension OSMIndoorInterpreter {
    /// Walkable ways: on one level (or none, outdoors) they are paths used as drawn; spanning
    /// several levels (`highway=steps` + `level=0;1`, `indoor=pathway` + `level=1-2`) they are
    /// flights, which become connectors at their middle.
    mutating func interpretWays() {
        for way in dataset.ways {
            let tags = way.tags
            guard let kind = Self.pathKind(tags) else { continue }
            let element = "way/\(way.id)"
            let closed = way.nodeIDs.count > 2 && way.nodeIDs.first == way.nodeIDs.last
            guard !closed || tags["area"] != "yes" else { continue }
            // A closed indoor=yes way without highway is an area (an exhibit, a counter), not a walkway.
            if closed, tags["indoor"] == "yes", tags["highway"] == nil {
                addIndoorArea(way, element: element)
                continue
            }
            let levels = levels(of: tags, element: element)
            if levels == nil, tags["level"] != nil || tags["repeat_on"] != nil { continue }
            let (line, refs) = coordinates(of: way)
            guard line.count >= 2 else {
                warn("short-way", "\(element) has fewer than two nodes with positions; it is left out", element: element)
                continue
            }
            if let levels, levels.spansSeveral {
                addFlight(tags, line: line, levels: levels, element: element)
                continue
            }
            var reader = OSMTagReader(tags, element: element)
            var path = Path(
                id: modelID(element), kind: kind, levelID: "", coordinates: line, name: tags["name"],
                stepCount: reader.count("step_count"), isOneWay: Self.isOneWayOnFoot(tags, kind: kind),
                access: reader.access(), accessibility: reader.accessibility(), source: location(element))
            path.vertexRefs = refs
            applyRamp(tags, to: &path)
            applyConveying(tags, to: &path, element: element)
            report(reader)
            pending.paths.append(.init(feature: path, anchor: line[0], levels: levels, element: element))
        }
    }

    /// Ramps: steps with a ramp beside them (`ramp:wheelchair`, `ramp:stroller`, `ramp`) can be
    /// passed without climbing; a walkway tagged `ramp=yes` is itself a ramp.
    private func applyRamp(_ tags: OSMTags, to path: inout Path) {
        let wheelchairRamp = tags["ramp:wheelchair"] == "yes"
        let otherRamp = tags["ramp"] == "yes" || tags["ramp:stroller"] == "yes"
        if path.kind == .steps {
            guard wheelchairRamp || otherRamp else { return }
            path.kind = .ramp
            // A push ramp beside steps (for prams and bicycles) is no wheelchair ramp unless tagged so.
            if path.accessibility.wheelchair == nil { path.accessibility.wheelchair = wheelchairRamp ? .yes : .no }
        } else if otherRamp || wheelchairRamp, path.kind != .street {
            path.kind = .ramp
        }
    }

    /// `conveying` on a walkway on one level: a moving walkway, one-way in the direction it runs.
    private mutating func applyConveying(_ tags: OSMTags, to path: inout Path, element: String) {
        guard let conveying = tags["conveying"] else { return }
        switch conveying {
        case "forward":
            path.isOneWay = true
        case "backward":
            path.isOneWay = true
            path.coordinates.reverse()
            path.vertexRefs?.reverse()
        case "yes", "reversible", "no":
            break
        default:
            invalidTag("conveying", conveying, element: element, "expected yes, forward, backward, reversible or no")
        }
    }

    /// A closed `indoor=yes` way: a point of interest at its middle when it names something,
    /// otherwise reported as not modelled.
    private mutating func addIndoorArea(_ way: OSMWay, element: String) {
        let (ring, _) = coordinates(of: way)
        guard !ring.isEmpty else { return }
        let anchor = Polygon(exterior: ring).averageCorner
        if Self.isPointOfInterest(way.tags) {
            addPointOfInterest(way.tags, at: anchor, element: element)
        } else {
            // The IndoorOSM schema that preceded Simple Indoor Tagging drew every room this way.
            let schema = way.tags["buildingpart"].map { "; buildingpart=\($0) is the older IndoorOSM schema, which navforge does not read" } ?? ""
            issues.append(Issue(code: "not-modelled", severity: .info,
                                message: "\(element) is an indoor=yes area that names nothing navforge uses; left out\(schema)",
                                location: location(element), coordinate: anchor))
        }
    }

    /// The path kind of a walkable way, or `nil` for ways people do not walk on.
    static func pathKind(_ tags: OSMTags) -> PathKind? {
        if tags["indoor"] == "pathway" || (tags["indoor"] == "yes" && tags["highway"] == nil) { return .corridor }
        guard let highway = tags["highway"] else { return nil }
        switch highway {
        case "footway":
            return tags["footway"] == "crossing" ? .crossing : .footway
        case "path", "bridleway": return .path
        case "cycleway": return tags["foot"] == "no" ? nil : .path
        case "pedestrian", "living_street": return .pedestrian
        case "steps": return .steps
        case "corridor": return .corridor
        case "residential", "service", "unclassified", "track", "road", "tertiary", "tertiary_link", "secondary",
             "secondary_link", "primary", "primary_link":
            return .street
        default:
            // motorway, trunk, construction, proposed, elevator (handled as a connector), platform, ...
            return nil
        }
    }

    /// Pedestrians ignore a street's `oneway`; only footways and steps tagged one-way (or
    /// `oneway:foot`) bind them.
    static func isOneWayOnFoot(_ tags: OSMTags, kind: PathKind) -> Bool {
        if let foot = tags["oneway:foot"] { return foot == "yes" }
        guard kind != .street, let oneway = tags["oneway"] else { return false }
        return oneway == "yes"
    }

    private mutating func addFlight(_ tags: OSMTags, line: [Coordinate], levels: OSMLevels, element: String) {
        var reader = OSMTagReader(tags, element: element)
        let connectorKind: ConnectorKind
        if let conveying = tags["conveying"], conveying != "no" {
            connectorKind = .escalator
        } else if tags["highway"] == "steps" || tags["step_count"] != nil || tags["indoor"] == "pathway" {
            // indoor=pathway across levels is how stair flights are drawn in Simple Indoor Tagging.
            connectorKind = .stairs
        } else {
            connectorKind = .ramp
        }
        let anchor = line.midpoint ?? line[0]
        var connector = Connector(
            id: modelID(element), kind: connectorKind, buildingID: nil, levelIDs: [], location: anchor,
            name: tags["name"], ref: tags["ref"], stepCount: reader.count("step_count"),
            accessibility: reader.accessibility(), source: location(element))
        connector.localizedNames = reader.localizedNames
        report(reader)
        pending.connectors.append(.init(feature: connector, anchor: anchor, levels: levels, element: element))
    }
}
