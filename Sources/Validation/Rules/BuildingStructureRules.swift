import VenueModel

/// `building-without-entrance`: a building with rooms or corridors that tags no entrance, so no
/// route from outside reaches it unless the graph can infer entrances on its footprint (then the
/// validate stage drops this finding in favour of the graph's `entrance-inferred`).
struct BuildingEntranceRule: ValidationRule {
    let code = FindingCode.buildingWithoutEntrance

    func check(_ context: ValidationContext) -> [Issue] {
        let venue = context.venue
        let buildingOfLevel = Dictionary(venue.levels.map { ($0.id, $0.buildingID) }, uniquingKeysWith: { a, _ in a })
        var entered = Set<String>()
        // An emergency exit (access=no) lets people out, not in.
        for opening in venue.openings where opening.isEntrance && opening.access != .no {
            for levelID in opening.levelIDs { if let building = buildingOfLevel[levelID] ?? nil { entered.insert(building) } }
        }
        let inhabited = Set(venue.spaces.filter { $0.kind.isWalkable && $0.kind != .outdoor }.compactMap(\.buildingID))
        return venue.buildings.filter { inhabited.contains($0.id) && !entered.contains($0.id) }.map { building in
            let ground = StructureFacts.groundLevel(of: building.id, in: venue)
            return Issue(code: code,
                         message: "building '\(building.displayName)' tags no entrance, and without a footprint to infer one on, no route from outside reaches it; tag its entrances (OSM entrance=*, GeoJSON kind entrance, IMDF opening category pedestrian.principal)",
                         location: building.source, levelID: ground?.id,
                         coordinate: StructureFacts.middle(of: building, onLevel: ground?.id, context))
        }
    }
}

/// `level-without-vertical-connection`: a level of a building with several levels that no stairs,
/// lift, ramp or escalator serves together with another level.
struct LevelConnectionRule: ValidationRule {
    let code = FindingCode.levelWithoutVerticalConnection

    func check(_ context: ValidationContext) -> [Issue] {
        let venue = context.venue
        var served = Set<String>()
        for connector in venue.connectors where connector.levelIDs.count >= 2 { served.formUnion(connector.levelIDs) }
        // Levels with a drawn walkable space: rooms known by a point alone route nowhere anyway.
        let used = Set(venue.spaces.filter { $0.kind.isWalkable && !$0.geometry.polygons.isEmpty }.flatMap(\.levelIDs))
        var issues: [Issue] = []
        // Grouped once: a city has thousands of buildings.
        let levelsOfBuilding = Dictionary(grouping: venue.levels.filter { used.contains($0.id) }, by: { $0.buildingID ?? "" })
        for building in venue.buildings {
            let levels = levelsOfBuilding[building.id] ?? []
            guard levels.count >= 2 else { continue }
            for level in levels where !served.contains(level.id) {
                issues.append(Issue(
                    code: code,
                    message: "level \(level.id) (\(level.displayName)) of building '\(building.displayName)' is served by no stairs, lift, ramp or escalator; routes cannot reach it from the building's other \(levels.count - 1) level\(levels.count == 2 ? "" : "s")",
                    location: level.source ?? building.source, levelID: level.id,
                    coordinate: StructureFacts.middle(of: building, onLevel: level.id, context)))
            }
        }
        return issues
    }
}

/// Facts about buildings and levels the structure rules share.
enum StructureFacts {
    /// The building's ground level: ordinal 0 when it has one, else the lowest.
    static func groundLevel(of building: String, in venue: Venue) -> Level? {
        let levels = venue.levels.filter { $0.buildingID == building }
        return levels.first { $0.ordinal == 0 } ?? levels.min { $0.ordinal < $1.ordinal }
    }

    /// A point to mark a building-wide finding: the middle of the building's spaces on the level
    /// (or of its footprint).
    static func middle(of building: Building, onLevel levelID: String?, _ context: ValidationContext) -> Coordinate? {
        let spaces = context.venue.spaces.filter { space in
            space.buildingID == building.id && (levelID.map(space.levelIDs.contains) ?? true)
        }
        let corners = spaces.flatMap(\.geometry.allCoordinates)
        return BoundingBox(covering: corners.isEmpty ? building.footprint?.rings.flatMap { $0 } ?? [] : corners)?.center
    }
}
