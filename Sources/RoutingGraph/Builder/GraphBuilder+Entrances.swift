
extension GraphBuilder {
    /// An opening on one level, by opening index and level id.
    struct OpeningLevel: Hashable {
        var opening: Int
        var levelID: String
    }

    /// Doors taken as entrances in buildings whose data tags none: on the building's ground level
    /// (its lowest level with ordinal 0 or more), opening into exactly one space, and lying on the
    /// building's footprint, within the thickness of an outer wall. Without them such a building
    /// cannot be entered at all; each building so treated is reported once.
    /// How far (metres) a door may lie inside the footprint and still be on the outer wall: plans
    /// draw rooms inside the walls and footprints outside them, and old buildings' walls are thick.
    static let outerWallThickness = 2.0

    func inferredEntrances() -> Set<OpeningLevel> {
        let levelsByID = Dictionary(venue.levels.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var tagged = Set<String>()
        var candidates: [String: [OpeningLevel]] = [:]
        for (index, opening) in venue.openings.enumerated() {
            for levelID in opening.levelIDs {
                let spaces = locator.spaces(withOutlineNear: opening.location, levelID: levelID,
                                            tolerance: parameters.doorTolerance)
                    .filter { venue.spaces[$0].kind.isWalkable }
                let buildings = Set(spaces.compactMap { venue.spaces[$0].buildingID })
                    .union([levelsByID[levelID]?.buildingID].compactMap { $0 })
                if opening.isEntrance {
                    tagged.formUnion(buildings)
                } else if spaces.count == 1, let building = buildings.first, buildings.count == 1 {
                    candidates[building, default: []].append(OpeningLevel(opening: index, levelID: levelID))
                }
            }
        }
        var result = Set<OpeningLevel>()
        for building in venue.buildings where !tagged.contains(building.id) {
            guard let footprint = building.footprint, let found = candidates[building.id],
                  let outline = SpaceOutline(polygons: [footprint], projection: locator.projection) else { continue }
            let groundLevel = venue.levels.filter { $0.buildingID == building.id && $0.ordinal >= 0 }
                .min { ($0.ordinal, $0.id) < ($1.ordinal, $1.id) }?.id
            let doors = found.filter { candidate in
                candidate.levelID == groundLevel
                    && outline.distanceToOutline(locator.projection.project(venue.openings[candidate.opening].location))
                        <= max(parameters.doorTolerance, Self.outerWallThickness)
            }
            guard !doors.isEmpty else { continue }
            result.formUnion(doors)
            report(.entranceInferred,
                   "building \(building.displayName) tags no entrance; \(doors.count) ground-floor doors on its footprint are taken as entrances",
                   at: building.source, level: groundLevel)
        }
        return result
    }
}
