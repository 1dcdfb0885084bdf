import VenueModel

/// A building outline found in the data, with the level facts its tags give.
struct OSMBuilding {
    var id: String
    var name: String?
    var localizedNames: [String: String] = [:]
    var address: String?
    var outline: [Polygon]
    /// The outline's box, to rule most buildings out before testing the polygons.
    var bounds: BoundingBox?
    var element: String
    /// Levels from `min_level`/`max_level` or `building:levels`.
    var taggedLevels: [Double]
    var missingLevels: Set<Double>
    /// Names from `level:ref` and `level_name`, by ordinal.
    var levelNames: [Double: String] = [:]
    /// Ordinals used by the features inside.
    var usedLevels: Set<Double> = []
    /// Ordinals features name one by one; these exist even if `non_existent_levels` says not.
    var explicitLevels: Set<Double> = []
}

extension OSMIndoorInterpreter {
    /// Ways and multipolygons tagged `building=*` become buildings; their ref (or `loc_ref`, or
    /// the OSM id) names them.
    mutating func findBuildings() {
        var candidates: [(tags: OSMTags, element: String, polygons: [Polygon])] = []
        for way in dataset.ways {
            guard let value = way.tags["building"], value != "no" else { continue }
            let element = "way/\(way.id)"
            if let polygon = polygon(of: way, element: element) { candidates.append((way.tags, element, [polygon])) }
        }
        for relation in dataset.relations where relation.tags["type"] == "multipolygon" {
            guard let value = relation.tags["building"], value != "no" else { continue }
            let element = "relation/\(relation.id)"
            if let polygons = polygons(of: relation, element: element) { candidates.append((relation.tags, element, polygons)) }
        }
        var usedIDs = Set<String>()
        for candidate in candidates {
            let tags = candidate.tags
            var id = tags["ref"] ?? tags["loc_ref"] ?? candidate.element.replacingOccurrences(of: "/", with: "-")
            if usedIDs.contains(id) { id = candidate.element.replacingOccurrences(of: "/", with: "-") }
            usedIDs.insert(id)
            let (levels, missing) = taggedLevels(tags, element: candidate.element)
            markUsed(candidate.element, tags)
            if Self.isCarParkBuilding(tags) { addCarPark(candidate.polygons, element: candidate.element) }
            buildings.append(OSMBuilding(
                id: id, name: tags["name"], localizedNames: OSMTagReader(tags, element: candidate.element).localizedNames,
                address: Self.address(tags), outline: candidate.polygons,
                bounds: BoundingBox(covering: candidate.polygons.flatMap(\.exterior)), element: candidate.element, taggedLevels: levels, missingLevels: missing))
        }
    }

    private mutating func taggedLevels(_ tags: OSMTags, element: String) -> ([Double], Set<Double>) {
        var levels: [Double] = []
        let minimum = wholeNumber(tags, "min_level", element: element)
        let maximum = wholeNumber(tags, "max_level", element: element)
        if let minimum, let maximum {
            if minimum <= maximum {
                levels = (minimum...maximum).map(Double.init)
            } else {
                invalidTag("max_level", String(maximum), element: element, "it is below min_level=\(minimum)")
            }
        } else if let count = wholeNumber(tags, "building:levels", element: element) {
            // building:levels counts storeys above ground; the ground floor is level 0.
            if count > 0 { levels = (0..<count).map(Double.init) }
        }
        var missing = Set<Double>()
        if let value = tags["non_existent_levels"] {
            switch OSMLevels.parse(value, key: "non_existent_levels") {
            case .success(let levels): missing = Set(levels.ordinals)
            case .failure(let problem): invalidTag(problem.key, problem.value, element: element, problem.reason)
            }
        }
        return (levels, missing)
    }

    private mutating func wholeNumber(_ tags: OSMTags, _ key: String, element: String) -> Int? {
        guard let value = tags[key] else { return nil }
        guard let number = Int(value.trimmingCharacters(in: .whitespaces)) else {
            invalidTag(key, value, element: element, "expected a whole number")
            return nil
        }
        // Checked before any arithmetic: min_level=-9223372036854775808 must not overflow a subtraction.
        let bound = Int(Self.maximumLevelMagnitude)
        guard number >= -bound, number <= bound else {
            invalidTag(key, value, element: element, "levels lie between -\(bound) and \(bound)")
            return nil
        }
        return number
    }

    static func address(_ tags: OSMTags) -> String? {
        let street = [tags["addr:street"], tags["addr:housenumber"]].compactMap { $0 }.joined(separator: " ")
        let city = [tags["addr:postcode"], tags["addr:city"]].compactMap { $0 }.joined(separator: " ")
        let parts = [street, city].filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The building whose outline holds the point, smallest first when outlines nest. Points on
    /// the outline count as inside: entrances are drawn exactly there.
    ///
    /// A point in an inner ring (a courtyard, a station's open track hall) belongs to the building
    /// when the feature carries levels of it (`ordinals`): the levels the building declares, or
    /// any level when it declares none. Features without a level there are outdoors.
    func building(containing point: Coordinate, ordinals: [Double]? = nil) -> Int? {
        buildings.indices.filter { index in
            let building = buildings[index]
            guard building.bounds?.contains(point, margin: Self.outlineTolerance) == true else { return false }
            return building.outline.contains { polygon in
                if polygon.contains(point) || polygon.exterior.distance(from: point) <= Self.outlineTolerance { return true }
                guard let ordinals, !ordinals.isEmpty, Polygon.ring(polygon.exterior, contains: point) else { return false }
                return building.taggedLevels.isEmpty || Set(ordinals).isSubset(of: building.taggedLevels)
            }
        }.min { area(buildings[$0]) < area(buildings[$1]) }
    }

    /// Metres within which a point counts as on a building outline.
    static let outlineTolerance = 0.5

    private func area(_ building: OSMBuilding) -> Double {
        guard let box = building.bounds else { return 0 }
        return (box.maxLatitude - box.minLatitude) * (box.maxLongitude - box.minLongitude)
    }
}
