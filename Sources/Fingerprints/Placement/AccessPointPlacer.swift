public import NavFormat
public import VenueModel

/// Places a radio map's access points on the venue's levels, for crowd densities
/// (docs/crowds.md, "Access points").
///
/// The inventory's position wins when it gives one on a venue level (its `building` and `level`
/// name the level as survey floors do). Otherwise the access point stands where the survey heard
/// it loudest: at the reference point on a venue level with its strongest mean reading, the first
/// of equals. An access point heard nowhere on a venue level is not placed.
public enum AccessPointPlacer {
    public static func place(_ map: RadioMap, inventory: [AccessPoint],
                             venueLevels: [RadioMapCompiler.VenueLevel]) -> [AccessPointPlacement] {
        var inventoried: [String: (level: Int, position: Coordinate)] = [:]
        for accessPoint in inventory {
            guard let position = accessPoint.position, let level = accessPoint.level,
                  let venue = venueLevels.first(where: { $0.matches(building: accessPoint.building, level: level) }) else { continue }
            if inventoried[accessPoint.id.value] == nil { inventoried[accessPoint.id.value] = (venue.index, position) }
        }
        // The loudest reading of each access point on a venue level.
        var loudest: [Int: (mean: Double, point: Int)] = [:]
        for (index, point) in map.referencePoints.enumerated() where map.floors[point.floor].venueLevel != nil {
            for reading in point.readings {
                if let best = loudest[reading.accessPoint], best.mean >= reading.mean { continue }
                loudest[reading.accessPoint] = (reading.mean, index)
            }
        }
        var placements: [AccessPointPlacement] = []
        for (index, key) in map.accessPoints.enumerated() {
            if let known = inventoried[key] {
                placements.append(AccessPointPlacement(key: key, level: known.level, latitude: known.position.latitude,
                                                       longitude: known.position.longitude, fromInventory: true))
            } else if let best = loudest[index], let level = map.floors[map.referencePoints[best.point].floor].venueLevel {
                let point = map.referencePoints[best.point]
                placements.append(AccessPointPlacement(key: key, level: level, latitude: point.latitude,
                                                       longitude: point.longitude, fromInventory: false))
            }
        }
        return placements
    }
}
