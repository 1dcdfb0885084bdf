import VenueModel

extension OSMIndoorInterpreter {
    /// Lift nodes become connectors; platform nodes (a bus stop's pole) become platforms; nodes
    /// naming an amenity, shop, office or the like become points of interest. Stop positions
    /// are read with the platforms they serve (``addPlatformPlaces()``).
    mutating func interpretNodes() {
        for node in dataset.taggedNodes {
            let tags = node.tags
            let element = "node/\(node.id)"
            let position = Coordinate(latitude: node.latitude, longitude: node.longitude)
            if tags["highway"] == "elevator" {
                addLift(tags, at: position, node: node.id, element: element)
            } else if Self.isPlatform(tags) {
                addPlatformPoint(tags, at: position, element: element)
            } else if Self.isStopPosition(tags) || Self.isOpening(tags) {
                continue
            } else if Self.isPointOfInterest(tags) {
                addPointOfInterest(tags, at: position, element: element)
            }
        }
    }

    /// A lift node serves every level its `level` names, with a landing on each at the node: the
    /// walkways of each level that share the node meet the lift there, and only there.
    private mutating func addLift(_ tags: OSMTags, at position: Coordinate, node: Int64, element: String) {
        guard let levels = levels(of: tags, element: element) else {
            if tags["level"] == nil, tags["repeat_on"] == nil {
                report(.elevatorWithoutLevels, "\(element) is a lift (highway=elevator) but names no levels it serves",
                       element: element, coordinate: position)
            }
            return
        }
        guard levels.spansSeveral else {
            report(.elevatorWithoutLevels, "\(element) is a lift serving only level \(levels.text); give level=0;1 or a range",
                   element: element, coordinate: position)
            return
        }
        var reader = OSMTagReader(tags, element: element)
        var connector = Connector(
            id: modelID(element), kind: .elevator, buildingID: nil, levelIDs: [], location: position, name: tags["name"],
            ref: tags["ref"], accessibility: reader.accessibility(), source: location(element))
        connector.localizedNames = reader.localizedNames
        connector.landings = levels.ordinals.map {
            ConnectorLanding(ordinal: $0, location: position, vertexRef: Self.nodeRef(node))
        }
        report(reader)
        markUsed(element, tags)
        liftNodes.append((position, Set(levels.ordinals)))
        pending.connectors.append(.init(feature: connector, anchor: position, levels: levels, element: element))
    }

    private mutating func addPlatformPoint(_ tags: OSMTags, at position: Coordinate, element: String) {
        let levels = levels(of: tags, element: element)
        if levels == nil, tags["level"] != nil || tags["repeat_on"] != nil { return }
        platformDrafts.append(PlatformDraft(element: element, tags: tags, shape: .point(position), levels: levels))
    }

    /// Street furniture is left out: nobody routes to a waste basket.
    static let ignoredAmenities: Set<String> = ["waste_basket", "bench", "grit_bin", "recycling", "waste_disposal",
                                                "parking_space", "smoking_area", "clock", "post_box", "shelter"]

    /// Amenities, shops, offices and the like; and, indoors (with a level), anything with a name.
    static func isPointOfInterest(_ tags: OSMTags) -> Bool {
        if let amenity = tags["amenity"] { return !ignoredAmenities.contains(amenity) }
        if tags["toilets"] == "yes" { return true }
        return ["shop", "office", "tourism", "healthcare", "craft"].contains { tags[$0] != nil }
            || (tags["name"] != nil && tags["level"] != nil && tags["highway"] == nil && tags["indoor"] != "wall")
    }

    mutating func addPointOfInterest(_ tags: OSMTags, at position: Coordinate, element: String) {
        var reader = OSMTagReader(tags, element: element)
        let category = reader.category ?? "poi"
        let levels = levels(of: tags, element: element)
        if levels == nil, tags["level"] != nil || tags["repeat_on"] != nil { return }
        var poi = PointOfInterest(
            id: modelID(element), name: tags["name"] ?? Self.humanize(category), ref: tags["ref"], category: category,
            description: tags["description"], openingHours: tags["opening_hours"],
            contact: Contact(phone: tags["phone"] ?? tags["contact:phone"], email: tags["email"] ?? tags["contact:email"],
                             website: tags["website"] ?? tags["contact:website"] ?? tags["url"]),
            // The radius within which a person is near it (docs/geofences.md), as the CSV column names it.
            geofenceRadius: reader.length("geofence_radius"),
            location: position, buildingID: nil, levelID: nil, source: location(element))
        poi.localizedNames = reader.localizedNames
        report(reader)
        markUsed(element, tags)
        pending.pointsOfInterest.append(.init(feature: poi, anchor: position, levels: Self.firstLevel(levels),
                                              element: element))
    }

    /// `vending_machine` → `Vending machine`.
    static func humanize(_ category: String) -> String {
        let words = category.replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
