import VenueModel

extension IMDFInterpreter {
    mutating func readAddress(_ feature: IMDFFeature) {
        let parts: [String?] = [feature.string("address"), feature.string("unit"),
                     [feature.string("postal_code"), feature.string("locality")].compactMap { $0 }.joined(separator: " "),
                     feature.string("country")]
        let text = parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        if !text.isEmpty { addresses[feature.id] = text }
    }

    mutating func readBuilding(_ feature: IMDFFeature) {
        var footprint: Polygon?
        if case .polygon(let polygon)? = try? GeoJSONGeometry.parse(feature.geometry) { footprint = polygon }
        let names = feature.labels("name")
        var building = Building(id: feature.id, name: language.name(names), address: feature.string("address_id").flatMap { addresses[$0] },
                                footprint: footprint, source: feature.location)
        building.localizedNames = names
        buildings[feature.id] = (BuildingDeclaration(building: building, levels: []), buildings.count)
    }

    /// The ground footprint gives a building without its own geometry its outline.
    mutating func readFootprint(_ feature: IMDFFeature) {
        guard feature.string("category") == "ground",
              case .polygon(let polygon)? = try? GeoJSONGeometry.parse(feature.geometry) else { return }
        for id in feature.identifiers("building_ids") where buildings[id]?.declaration.building.footprint == nil {
            buildings[id]?.declaration.building.footprint = polygon
        }
    }

    /// Levels belong to the buildings they list; the level's short name names it.
    mutating func readLevel(_ feature: IMDFFeature) {
        guard case .number(let ordinal)? = feature.properties?["ordinal"] else {
            errors.append(.invalidInput("a level needs a numeric ordinal", at: feature.location))
            invalidLevels.insert(feature.id)
            return
        }
        let outdoor = feature.properties?["outdoor"]?.bool ?? false
        let shortNames = feature.labels("short_name")
        let labels = shortNames.isEmpty ? feature.labels("name") : shortNames
        let name = language.name(labels)
        var buildingIDs = feature.identifiers("building_ids")
        for id in buildingIDs where buildings[id] == nil {
            report(.unknownReference, "level refers to building \(id), which building.geojson does not have",
                   at: feature.location)
        }
        buildingIDs = buildingIDs.filter { buildings[$0] != nil }
        if !outdoor, buildingIDs.isEmpty {
            report(.levelWithoutBuilding, "an indoor level names no known building; its features are read as outdoors",
                   at: feature.location)
        }
        // An outdoor level (a courtyard, a car park) is the venue's outdoor level, not a storey.
        for id in buildingIDs where !outdoor {
            if buildings[id]?.declaration.levels.contains(where: { $0.ordinal == ordinal }) == true {
                errors.append(.invalidInput("building \(id) has two levels with ordinal \(Level.formatOrdinal(ordinal))",
                                            at: feature.location))
                continue
            }
            buildings[id]?.declaration.levels.append(.init(ordinal: ordinal, name: name, localizedNames: labels,
                                                           source: feature.location))
        }
        levels[feature.id] = LevelInfo(buildingIDs: buildingIDs, ordinal: ordinal, isOutdoor: outdoor || buildingIDs.isEmpty)
    }
}
