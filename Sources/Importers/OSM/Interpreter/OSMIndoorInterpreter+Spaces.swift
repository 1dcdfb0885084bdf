import VenueModel

extension OSMIndoorInterpreter {
    /// Closed ways and multipolygons tagged `indoor=room|corridor|area|wall` become spaces; a lift
    /// room (`highway=elevator`, with or without `indoor`) or a stairwell (`stairs=yes`) on several
    /// levels also becomes the connector that links those levels. `indoor=level` outlines name levels.
    mutating func interpretSpaces() {
        for way in dataset.ways {
            // A lift drawn as an area without an indoor tag is still a lift shaft.
            let liftArea = way.tags["highway"] == "elevator" && way.tags["indoor"] == nil && way.nodeIDs.count > 3
                && way.nodeIDs.first == way.nodeIDs.last
            guard let indoor = liftArea ? "room" : way.tags["indoor"], Self.areaValues.contains(indoor) else { continue }
            let element = "way/\(way.id)"
            guard way.nodeIDs.first == way.nodeIDs.last else {
                if indoor != "wall" {
                    warn("open-outline", "\(element) is tagged indoor=\(indoor) but is not a closed way", element: element)
                }
                continue
            }
            guard let polygon = polygon(of: way, element: element) else { continue }
            addSpace(tags: way.tags, indoor: indoor, polygons: [polygon], element: element)
        }
        for relation in dataset.relations where relation.tags["type"] == "multipolygon" {
            guard let indoor = relation.tags["indoor"], Self.areaValues.contains(indoor) else { continue }
            let element = "relation/\(relation.id)"
            guard let polygons = polygons(of: relation, element: element) else { continue }
            addSpace(tags: relation.tags, indoor: indoor, polygons: polygons, element: element)
        }
    }

    static let areaValues: Set<String> = ["room", "corridor", "area", "wall", "level"]

    private mutating func addSpace(tags: OSMTags, indoor: String, polygons: [Polygon], element: String) {
        let anchor = polygons[0].averageCorner
        guard let levels = levels(of: tags, element: element) else {
            if tags["level"] == nil && tags["repeat_on"] == nil {
                warn("missing-level", "\(element) (indoor=\(indoor)) has no level tag; it cannot be placed", element: element,
                     coordinate: anchor)
            }
            return
        }
        if indoor == "level" {
            recordLevelName(tags, levels: levels, anchor: anchor)
            return
        }
        let isLift = tags["highway"] == "elevator"
        let isStairwell = tags["stairs"] == "yes"
        let kind: SpaceKind = switch indoor {
        case "wall": .obstacle
        case "corridor": .corridor
        case _ where isLift: .elevator
        case _ where isStairwell: .stairs
        case "area": .area
        default: .room
        }
        var reader = OSMTagReader(tags, element: element)
        var space = Space(
            id: modelID(element), kind: kind, buildingID: nil, levelIDs: [],
            geometry: polygons.count == 1 ? .polygon(polygons[0]) : .multiPolygon(polygons),
            name: tags["name"], ref: tags["ref"], category: reader.category, capacity: reader.count("capacity"),
            accessibility: reader.accessibility(), access: reader.access(), source: location(element))
        space.localizedNames = reader.localizedNames
        report(reader)
        pending.spaces.append(.init(feature: space, anchor: anchor, levels: levels, element: element))

        if (isLift || isStairwell), levels.spansSeveral {
            var connectorReader = OSMTagReader(tags, element: element)
            var connector = Connector(
                id: modelID(element + "#connector"), kind: isLift ? .elevator : .stairs, buildingID: nil, levelIDs: [],
                location: anchor, name: tags["name"], ref: tags["ref"], stepCount: connectorReader.count("step_count"),
                accessibility: connectorReader.accessibility(), source: location(element))
            connector.localizedNames = connectorReader.localizedNames
            pending.connectors.append(.init(feature: connector, anchor: anchor, levels: levels, element: element))
        }
    }

    /// `level:ref` (or `level_name`) on a level outline names its level.
    private mutating func recordLevelName(_ tags: OSMTags, levels: OSMLevels, anchor: Coordinate) {
        guard let name = tags["level:ref"] ?? tags["level_name"] ?? tags["name"], levels.ordinals.count == 1 else { return }
        levelNames.append((anchor, levels.ordinals[0], name))
    }
}
