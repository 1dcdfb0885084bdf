import VenueModel

extension OSMIndoorInterpreter {
    /// Closed ways and multipolygons that enclose a space become spaces (``spaceKind(_:)`` says
    /// which); a lift shaft or stairwell on several levels also becomes the connector that links
    /// them, unless a lift node or drawn flights inside already do. `indoor=level` outlines name
    /// levels. Platforms are also remembered to be named by their tracks.
    mutating func interpretSpaces() {
        for way in dataset.ways {
            let tags = way.tags
            let element = "way/\(way.id)"
            let closed = way.nodeIDs.count > 1 && way.nodeIDs.first == way.nodeIDs.last
            // An open way is no area; only an indoor tag on one is worth a finding. Most ways of a
            // city are open, and this spares them the rest of the questions.
            guard closed || tags["indoor"] != nil else { continue }
            // Walls drawn as lines tell the assembler where outlines are solid (closed
            // `indoor=wall` ways are obstacles, below).
            if (tags["indoor"] == "wall" && !closed) || (tags["barrier"] == "wall" && tags["indoor"] == nil && tags["level"] != nil) {
                addWall(way, element: element)
            }
            guard let kind = Self.spaceKind(tags) else {
                if closed, way.nodeIDs.count > 3, tags["indoor"] == "yes", tags["highway"] == nil {
                    addUnclassifiedIndoorArea(way, element: element)
                }
                continue
            }
            guard closed else {
                // Unclosed walls are lines between rooms, not areas; platforms drawn as lines are paths.
                if kind != .wall, Self.walkwayKind(way) == nil, tags["highway"] != "elevator" {
                    report(.openOutline, "\(element) is tagged \(Self.describe(tags)) but is not a closed way", element: element)
                }
                continue
            }
            guard let polygon = polygon(of: way, element: element) else {
                if kind == .platform { keepBrokenPlatform(tags, nodes: way.nodeIDs, element: element) }
                continue
            }
            addSpace(tags: tags, kind: kind, polygons: [polygon], element: element)
        }
        for relation in dataset.relations where relation.tags["type"] == "multipolygon" {
            guard let kind = Self.spaceKind(relation.tags) else { continue }
            let element = "relation/\(relation.id)"
            guard let polygons = polygons(of: relation, element: element) else {
                if kind == .platform {
                    let nodes = relation.members.filter { $0.type == .way }.flatMap { waysByID[$0.id]?.nodeIDs ?? [] }
                    keepBrokenPlatform(relation.tags, nodes: nodes, element: element)
                }
                continue
            }
            addSpace(tags: relation.tags, kind: kind, polygons: polygons, element: element)
        }
    }

    /// What an area element is, before its levels are known.
    enum AreaKind: Equatable {
        case space(SpaceKind)
        case lift
        case stairwell
        case platform
        /// A walkable area with no indoor tag: a hall on a level, a square outdoors.
        case walkable
        case level
        case wall
    }

    /// The kind of space a closed way or multipolygon encloses, or `nil` when it is none:
    /// - `indoor=room|area|corridor|wall|level` as Simple Indoor Tagging says, with lifts
    ///   (`highway=elevator`, `building:part=elevator`) and stairwells (`stairs=yes`,
    ///   `building:part=stairs`) among rooms and areas;
    /// - `indoor=yes` by what else it carries: a lift, a stairwell, a corridor part, a shop or
    ///   other room-like use (a room entered through its front), or a walkable part or area;
    /// - without `indoor`: platforms, lift areas (`highway=elevator`), walkable areas
    ///   (`area=yes` footways and squares), and shops or amenities drawn with a `level`.
    static func spaceKind(_ tags: OSMTags) -> AreaKind? {
        // Read only for indoor areas: most ways of a city are none, and every lookup scans the tags.
        var part: String? { tags["building:part"] }
        var lift: Bool { tags["highway"] == "elevator" || part == "elevator" }
        var stairs: Bool { tags["stairs"] == "yes" || part == "stairs" || part == "staircase" }
        switch tags["indoor"] {
        case "level": return .level
        case "wall": return .wall
        case "corridor": return .space(.corridor)
        case "room", "area":
            if lift { return .lift }
            if stairs { return .stairwell }
            return .space(tags["indoor"] == "area" ? .area : .room)
        case "yes":
            if lift || tags["elevator"] == "yes" { return .lift }
            if stairs || tags["highway"] == "steps" { return .stairwell }
            if part == "corridor" { return .space(.corridor) }
            if isRoomLike(tags) { return .space(.room) }
            if tags["area"] == "yes" || part != nil || (tags["highway"] != nil && pathKind(tags) != nil) { return .walkable }
            return nil
        case nil:
            if isPlatform(tags) { return tags["area"] == "no" ? nil : .platform }
            if tags["highway"] == "elevator" { return .lift }
            if tags["area"] == "yes", let kind = pathKind(tags), kind != .street, kind != .track { return .walkable }
            if tags["level"] != nil, isRoomLike(tags) { return .space(.room) }
            return nil
        default:
            return nil
        }
    }

    /// Tags that make an enclosed area a room people visit: a shop, an amenity (not street
    /// furniture), an office, a workshop, a practice, or `room=*`.
    static func isRoomLike(_ tags: OSMTags) -> Bool {
        if let shop = tags["shop"], shop != "no" { return true }
        if let amenity = tags["amenity"], !ignoredAmenities.contains(amenity) { return true }
        return ["office", "craft", "healthcare", "room"].contains { tags[$0] != nil }
    }

    /// A shop, or an amenity that serves whoever walks in (a café, a pharmacy, a bank): rooms
    /// that open to the concourse in front of them.
    static func servesPassersBy(_ tags: OSMTags) -> Bool {
        if let shop = tags["shop"], shop != "no" { return true }
        guard let amenity = tags["amenity"] else { return false }
        return ["cafe", "restaurant", "fast_food", "bar", "pub", "ice_cream", "food_court", "pharmacy", "bank",
                "bureau_de_change", "post_office", "ticket_office", "car_rental", "bicycle_rental", "library",
                "travel_agency"].contains(amenity)
    }

    private static func describe(_ tags: OSMTags) -> String {
        for key in ["indoor", "railway", "public_transport", "highway", "building:part", "shop", "amenity"] {
            if let value = tags[key] { return "\(key)=\(value)" }
        }
        return "as an area"
    }

    private mutating func addSpace(tags: OSMTags, kind area: AreaKind, polygons: [Polygon], element: String) {
        let anchor = polygons[0].averageCorner
        let levels = levels(of: tags, element: element)
        if levels == nil, tags["level"] != nil || tags["repeat_on"] != nil { return }
        if area == .level {
            if let levels { recordLevelName(tags, levels: levels, anchor: anchor, element: element) }
            return
        }
        // Platforms and walkable areas without a level lie outdoors; indoor spaces need one.
        let outdoors = levels == nil && (area == .platform || area == .walkable)
        guard levels != nil || outdoors else {
            report(.missingLevel, "\(element) (\(Self.describe(tags))) has no level tag; it cannot be placed", element: element,
                   coordinate: anchor)
            return
        }
        let kind: SpaceKind = switch area {
        case .space(let kind): kind
        case .lift: .elevator
        case .stairwell: .stairs
        case .platform, .walkable: outdoors ? .outdoor : .area
        case .wall, .level: .obstacle
        }
        var reader = OSMTagReader(tags, element: element)
        var space = Space(
            id: modelID(element), kind: kind, buildingID: nil, levelIDs: [],
            geometry: polygons.count == 1 ? .polygon(polygons[0]) : .multiPolygon(polygons),
            name: tags["name"], ref: area == .platform ? nil : tags["ref"],
            category: area == .platform ? PlatformVocabulary.category : reader.category,
            capacity: reader.count("capacity"), accessibility: reader.accessibility(), access: reader.access(),
            source: location(element))
        space.localizedNames = reader.localizedNames
        // Units drawn without Simple Indoor Tagging's rooms and doors (a shop in a station) are
        // entered across their fronts; so are shops and cafés drawn as rooms, which serve whoever
        // walks past: without a door they open toward the walkway they face.
        space.opensAtFront = kind == .room && (tags["indoor"] != "room" || Self.servesPassersBy(tags))
        report(reader)
        markUsed(element, tags)
        if area == .platform {
            platformDrafts.append(PlatformDraft(element: element, tags: tags, shape: .area(polygons[0]), levels: levels,
                                                spaceIndex: pending.spaces.count))
        }
        pending.spaces.append(.init(feature: space, anchor: anchor, levels: levels, element: element))

        guard let levels, levels.spansSeveral, area == .lift || area == .stairwell else { return }
        // A lift node in the shaft, or flights drawn in the stairwell, link the levels already;
        // the shaft or stairwell is then the space their landings stand in.
        let ordinals = Set(levels.ordinals)
        if area == .lift, liftNodes.contains(where: { !$0.ordinals.isDisjoint(with: ordinals) && polygons.contains(point: $0.position) }) {
            return
        }
        if area == .stairwell, Self.flightsCover(levels.ordinals, in: polygons, pending.connectors.map(\.feature)) {
            return
        }
        var connectorReader = OSMTagReader(tags, element: element)
        var connector = Connector(
            id: modelID(element + "#connector"), kind: area == .lift ? .elevator : .stairs, buildingID: nil,
            levelIDs: [], location: anchor, name: tags["name"], ref: tags["ref"],
            stepCount: connectorReader.count("step_count"), accessibility: connectorReader.accessibility(),
            source: location(element))
        connector.localizedNames = connectorReader.localizedNames
        pending.connectors.append(.init(feature: connector, anchor: anchor, levels: levels, element: element))
    }

    /// A wall drawn as a way: a line on its levels that no inferred opening crosses.
    private mutating func addWall(_ way: OSMWay, element: String) {
        let tags = way.tags
        let levels = levels(of: tags, element: element)
        let (line, _) = coordinates(of: way)
        guard let levels, line.count >= 2 else { return }
        markUsed(element, tags)
        pending.walls.append(.init(feature: WallLine(line: line, source: location(element)), anchor: line[0],
                                   levels: levels, element: element))
    }

    /// A platform whose outline cannot be built (an extract cut through it) still has its tracks:
    /// its places stand on what remains of the outline, and the outline finding says why it is no area.
    private mutating func keepBrokenPlatform(_ tags: OSMTags, nodes: [Int64], element: String) {
        let positions = nodes.compactMap { dataset.positions[$0] }
        guard !positions.isEmpty else { return }
        let levels = levels(of: tags, element: element)
        if levels == nil, tags["level"] != nil || tags["repeat_on"] != nil { return }
        let shape: PlatformDraft.Shape = positions.count > 1 ? .line(positions) : .point(positions[0])
        platformDrafts.append(PlatformDraft(element: element, tags: tags, shape: shape, levels: levels))
    }

    /// Whether flights drawn inside a stairwell (with an end in it) climb through every pair of
    /// adjacent levels it serves, alone or one after another across half-landings.
    static func flightsCover(_ ordinals: [Double], in polygons: [Polygon], _ connectors: [Connector]) -> Bool {
        let spans = connectors.filter { connector in
            connector.kind != .elevator && connector.landings.count == 2
                && connector.landings.contains { polygons.contains(point: $0.location) }
        }.map { connector -> ClosedRange<Double> in
            let heights = connector.landings.map(\.ordinal)
            return (heights.min() ?? 0)...(heights.max() ?? 0)
        }
        return zip(ordinals, ordinals.dropFirst()).allSatisfy { low, high in
            // Walk up from the lower level through spans that start at or below where we are.
            var reached = low
            var progress = true
            while reached < high, progress {
                progress = false
                for span in spans where span.lowerBound <= reached && span.upperBound > reached {
                    reached = span.upperBound
                    progress = true
                }
            }
            return reached >= high
        }
    }

    /// A closed `indoor=yes` way that names no use: a point of interest at its middle when it
    /// names something, otherwise reported as not modelled.
    private mutating func addUnclassifiedIndoorArea(_ way: OSMWay, element: String) {
        let (ring, _) = coordinates(of: way)
        guard !ring.isEmpty else { return }
        let anchor = Polygon(exterior: ring).averageCorner
        if Self.isPointOfInterest(way.tags) {
            addPointOfInterest(way.tags, at: anchor, element: element)
        } else {
            // The IndoorOSM schema that preceded Simple Indoor Tagging drew every room this way.
            let schema = way.tags["buildingpart"].map { "; buildingpart=\($0) is the older IndoorOSM schema, which navforge does not read" } ?? ""
            markUsed(element)
            issues.append(Issue(code: .notModelled,
                                message: "\(element) is an indoor=yes area that names nothing navforge uses; left out\(schema)",
                                location: location(element), coordinate: anchor))
        }
    }

    /// `level:ref` (or `level_name`, or the name of an `indoor=level` outline) names its level.
    private mutating func recordLevelName(_ tags: OSMTags, levels: OSMLevels, anchor: Coordinate, element: String) {
        markUsed(element, tags)
        guard let name = tags["level:ref"] ?? tags["level_name"] ?? tags["name"], levels.ordinals.count == 1 else { return }
        levelNames.append((anchor, levels.ordinals[0], name))
    }
}

extension Array where Element == Polygon {
    func contains(point: Coordinate) -> Bool {
        contains { $0.contains(point) }
    }
}
