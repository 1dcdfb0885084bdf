import VenueModel

extension OSMIndoorInterpreter {
    /// Settles each feature's building (the outline its anchor lies in), declares every building's
    /// levels (its tags plus what its features use) and hands the features on with their level
    /// references.
    mutating func assemble() -> ImportedData {
        var data = ImportedData()
        var implicitUsed = Set<Double>()

        func place(_ anchor: Coordinate, _ levels: OSMLevels) -> String {
            if let index = building(containing: anchor, ordinals: levels.ordinals)
                ?? defaultBuilding.flatMap({ name in buildings.firstIndex { $0.id == name } }) {
                buildings[index].usedLevels.formUnion(levels.ordinals)
                buildings[index].explicitLevels.formUnion(levels.explicitOrdinals)
                return buildings[index].id
            }
            implicitUsed.formUnion(levels.ordinals)
            return defaultBuilding ?? inputID
        }

        func reference<Feature>(_ item: PendingFeatures.Item<Feature>) -> LevelReference? {
            guard let levels = item.levels else { return nil }
            return LevelReference(building: place(item.anchor, levels), value: levels.text, location: location(item.element))
        }

        func outdoor(_ element: String) -> LevelReference {
            LevelReference(building: nil, value: nil, location: location(element))
        }
        for item in pending.spaces {
            // Only outdoor spaces (platforms, squares) come without a level; the others were reported.
            guard let levels = reference(item) ?? (item.feature.kind == .outdoor ? outdoor(item.element) : nil) else {
                continue
            }
            data.spaces.append(PendingFeature(item.feature, levels: levels))
        }
        for item in pending.connectors {
            guard let levels = reference(item) else { continue }
            data.connectors.append(PendingFeature(item.feature, levels: levels))
        }
        var buildinglessEntrances: [(element: String, anchor: Coordinate)] = []
        for item in pending.openings {
            if let levels = reference(item) {
                data.openings.append(PendingFeature(item.feature, levels: levels))
            } else if item.feature.isEntrance, unattachedEntrances.contains(item.element),
                      building(containing: item.anchor, ordinals: [0]) == nil {
                // The entrance of a building the data does not draw: nothing here to enter.
                buildinglessEntrances.append((item.element, item.anchor))
            } else if item.feature.isEntrance {
                // An entrance without a level opens onto the ground floor.
                let ground = OSMLevels(text: "0", selector: LevelSelector(terms: [.single(0)]))
                data.openings.append(PendingFeature(item.feature, levels: LevelReference(
                    building: place(item.anchor, ground), value: "0", location: location(item.element))))
            } else {
                report(.missingLevel, "\(item.element) is a door without a level tag, on no levelled outline; it cannot be placed",
                       element: item.element, coordinate: item.anchor)
            }
        }
        if let first = buildinglessEntrances.first {
            let named = buildinglessEntrances.prefix(5).map(\.element).joined(separator: ", ")
            let more = buildinglessEntrances.count > 5 ? ", and \(buildinglessEntrances.count - 5) more" : ""
            issues.append(Issue(
                code: .notModelled,
                message: "\(buildinglessEntrances.count) entrance\(buildinglessEntrances.count == 1 ? "" : "s") without a level lie on no building outline and no levelled walkway: entrances of buildings the data does not draw, left out (\(named)\(more))",
                location: location(first.element), coordinate: first.anchor))
        }
        for item in pending.paths {
            data.paths.append(PendingFeature(item.feature, levels: reference(item) ?? outdoor(item.element)))
        }
        for item in pending.pointsOfInterest {
            data.pointsOfInterest.append(PendingFeature(item.feature, levels: reference(item) ?? outdoor(item.element)))
        }
        for item in pending.walls {
            guard let levels = reference(item) else { continue }
            data.walls.append(PendingFeature(item.feature, levels: levels))
        }
        for draft in tourDrafts {
            // Each member way's building once, found as its path's would be.
            let wayBuildings = draft.ways.map { way in way.levels.map { place(way.anchor, $0) } }
            let levels = draft.vertices.map { vertex in
                LevelReference(building: wayBuildings[vertex.way], value: vertex.ordinal.map(Level.formatOrdinal),
                               location: location(draft.ways[vertex.way].element))
            }
            data.tours.append(PendingTour(draft.tour, levels: levels))
        }

        // The first element naming a level names it (elements are read in id order).
        var implicitNames: [Double: String] = [:]
        for entry in levelNames {
            if let index = building(containing: entry.anchor, ordinals: [entry.ordinal])
                ?? defaultBuilding.flatMap({ name in buildings.firstIndex { $0.id == name } }) {
                if buildings[index].levelNames[entry.ordinal] == nil { buildings[index].levelNames[entry.ordinal] = entry.name }
            } else if implicitNames[entry.ordinal] == nil {
                implicitNames[entry.ordinal] = entry.name
            }
        }
        for building in buildings {
            let contradicted = building.explicitLevels.intersection(building.missingLevels)
            if !contradicted.isEmpty {
                report(.levelNotExistent, "\(building.element) lists levels \(contradicted.sorted().map(Level.formatOrdinal).joined(separator: ", ")) in non_existent_levels, but features are on them; they are kept",
                       element: building.element)
            }
            // Ranges pass over missing levels (a stairwell -1-3 skips a missing 2); named levels stay.
            let declared = Set(building.taggedLevels).union(building.usedLevels)
                .subtracting(building.missingLevels.subtracting(contradicted))
            var model = Building(id: building.id, name: building.name, address: building.address,
                                 footprint: building.outline.first, source: location(building.element))
            model.localizedNames = building.localizedNames
            data.buildings.append(BuildingDeclaration(
                building: model, levels: declared.sorted().map { .init(ordinal: $0, name: building.levelNames[$0]) }))
        }
        if !implicitUsed.isEmpty {
            data.buildings.append(BuildingDeclaration(
                building: Building(id: defaultBuilding ?? inputID, name: nil, address: nil, footprint: nil,
                                   source: SourceLocation(file: file)),
                levels: implicitUsed.sorted().map { .init(ordinal: $0, name: implicitNames[$0]) }))
        }
        data.issues = issues
        return data
    }
}
