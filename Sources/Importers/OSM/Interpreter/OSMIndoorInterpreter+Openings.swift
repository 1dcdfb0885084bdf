import VenueModel

extension OSMIndoorInterpreter {
    /// Nodes tagged `door=*` or `entrance=*`, and station entrances (`railway=subway_entrance`,
    /// `railway=train_station_entrance`, `public_transport=entrance`), become openings, on the
    /// levels their `level` and `repeat_on` name, or else on the levels of the ways they belong to.
    mutating func interpretOpenings() {
        for node in dataset.taggedNodes {
            let tags = node.tags
            guard Self.isOpening(tags) else { continue }
            let door = tags["door"]
            let entrance = Self.entranceValue(tags)
            let element = "node/\(node.id)"
            let position = Coordinate(latitude: node.latitude, longitude: node.longitude)
            var levels = levels(of: tags, element: element)
            if levels == nil {
                // A level value that was not understood is reported already; guessing would misplace the door.
                guard tags["level"] == nil, tags["repeat_on"] == nil else { continue }
                levels = inheritedLevels(of: node.id)
            }
            var reader = OSMTagReader(tags, element: element)
            var access = reader.access()
            // Emergency exits are kept for egress but closed to everyday routes.
            if entrance == "emergency" || entrance == "exit" && tags["emergency"] == "yes" { access = .no }
            var opening = Opening(
                id: modelID(element), levelIDs: [], location: position, isEntrance: entrance != nil,
                doorType: doorType(door, element: element), isAutomatic: automatic(tags, element: element),
                access: access, name: tags["name"], ref: tags["ref"], accessibility: reader.accessibility(),
                source: location(element))
            opening.localizedNames = reader.localizedNames
            opening.isMainEntrance = entrance == "main"
            if levels == nil, entrance != nil, !Self.isStationEntrance(tags), topology.observedLevels[node.id] == nil {
                unattachedEntrances.insert(element)
            }
            report(reader)
            markUsed(element, tags)
            pending.openings.append(.init(feature: opening, anchor: position, levels: levels, element: element))
        }
    }

    /// A door without level tags is on the levels of the indoor outlines it is part of, when they
    /// agree. An outline whose level is not understood is reported as itself and lends none.
    private func inheritedLevels(of node: Int64) -> OSMLevels? {
        var texts = Set<String>()
        var found: OSMLevels?
        for wayID in doorWays[node] ?? [] {
            guard let way = waysByID[wayID], case .success(let levels?) = OSMLevels.read(way.tags) else { continue }
            texts.insert(levels.text)
            found = levels
        }
        return texts.count == 1 ? found : nil
    }

    /// Whether the node is a door or an entrance of any kind.
    static func isOpening(_ tags: OSMTags) -> Bool {
        // One pass over the keys: every tagged node of a city extract is asked.
        for (key, value) in zip(tags.keys, tags.values) {
            switch key {
            case "door": return true
            case "entrance": if value != "no" { return true }
            case "railway": if value == "subway_entrance" || value == "train_station_entrance" { return true }
            case "public_transport": if value == "entrance" { return true }
            default: continue
            }
        }
        return false
    }

    /// The node's `entrance` value (`yes`, `main`, `emergency`, ...); station entrances without
    /// one are entrances all the same. `entrance=no` is none.
    static func entranceValue(_ tags: OSMTags) -> String? {
        if let value = tags["entrance"] { return value == "no" ? nil : value }
        return isStationEntrance(tags) ? "yes" : nil
    }

    /// `railway=subway_entrance`, `railway=train_station_entrance` or `public_transport=entrance`.
    static func isStationEntrance(_ tags: OSMTags) -> Bool {
        ["subway_entrance", "train_station_entrance"].contains(tags["railway"] ?? "") || tags["public_transport"] == "entrance"
    }

    private mutating func doorType(_ value: String?, element: String) -> DoorType? {
        guard let value else { return nil }
        switch value {
        // `automatic` says how the door opens, not its kind (read with automatic_door).
        case "yes", "automatic": return nil
        case "no": return .opening
        // The deprecated loading-dock door is an overhead door.
        case "loadingdock": return .overhead
        default:
            if let type = DoorType(rawValue: value) { return type }
            invalidTag("door", value, element: element,
                       "expected hinged, sliding, revolving, swinging, folding, overhead, trapdoor, automatic, no or yes")
            return nil
        }
    }

    private mutating func automatic(_ tags: OSMTags, element: String) -> Bool? {
        guard let value = tags["automatic_door"] else { return tags["door"] == "automatic" ? true : nil }
        switch value {
        case "no": return false
        case "yes", "button", "motion", "floor", "continuous", "slowdown_button": return true
        default:
            invalidTag("automatic_door", value, element: element, "expected yes, no, button, motion or continuous")
            return nil
        }
    }
}
