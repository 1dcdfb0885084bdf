import VenueModel

extension IMDFInterpreter {
    /// Openings are doors drawn as lines along a unit's wall; `pedestrian.principal` marks a main
    /// entrance and `emergencyexit` an exit closed to everyday routes.
    mutating func readOpening(_ feature: IMDFFeature) {
        let line: [Coordinate]
        do {
            switch try GeoJSONGeometry.parse(feature.geometry) {
            case .lineString(let coordinates)?: line = coordinates
            case .point(let point)?: line = [point]
            default:
                errors.append(.invalidInput("an opening needs a LineString geometry", at: feature.location))
                return
            }
        } catch {
            errors.append(.invalidInput(error.message, at: feature.location))
            return
        }
        guard let levels = levelReference(feature.string("level_id"), for: feature) else { return }
        let category = feature.string("category") ?? "pedestrian"
        switch category {
        case "pedestrian", "pedestrian.principal", "pedestrian.transit", "emergencyexit", "service":
            break
        case "automobile", "bicycle":
            // Some exporters write a vehicle category on every door; the door is still walked through.
            openingQuirks[category] = ((openingQuirks[category]?.count ?? 0) + 1, openingQuirks[category]?.first ?? feature.location)
        default:
            report(.unknownCategory, "opening category '\(category)' is not an IMDF opening category; read as a door",
                   at: feature.location)
        }
        var door: JSONObject?
        if case .object(let object)? = feature.properties?["door"] { door = object }
        let doorType = door?["type"]?.string.flatMap { IMDFCategories.doorTypes[$0] }
        let accessControl = feature.identifiers("access_control")
        var access: AccessRestriction? = accessControl.isEmpty ? nil : .private
        if category == "emergencyexit" { access = .no }
        let names = feature.labels("name")
        var opening = Opening(
            id: modelID(feature), levelIDs: [], location: feature.point("display_point") ?? line.midpoint ?? line[0],
            line: line.count > 1 ? line : nil, isEntrance: category == "pedestrian.principal" || category == "emergencyexit",
            doorType: doorType, isAutomatic: door?["automatic"]?.bool, access: access, name: language.name(names),
            accessibility: accessibility(feature), source: feature.location)
        opening.localizedNames = names
        opening.isMainEntrance = category == "pedestrian.principal"
        if let levelID = feature.string("level_id") { openings[feature.id] = (levelID, opening.location) }
        data.openings.append(PendingFeature(opening, levels: levels))
    }

    /// One warning per vehicle category written on doors, with the count, rather than one per door.
    mutating func reportOpeningQuirks() {
        for category in openingQuirks.keys.sorted() {
            guard let found = openingQuirks[category] else { continue }
            report(.openingCategory,
                   "\(found.count) openings are categorised '\(category)' (the first is \(found.first.feature ?? "?")); they are read as doors people walk through",
                   at: found.first)
        }
    }
}
