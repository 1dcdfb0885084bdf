import VenueModel

extension OSMIndoorInterpreter {
    /// Whether an area is a car park inside a building: `amenity=parking` with
    /// `parking=multi-storey|underground`, or `building=parking`. Its driveways are for cars.
    static func isCarParkBuilding(_ tags: OSMTags) -> Bool {
        if tags["building"] == "parking" { return true }
        guard tags["amenity"] == "parking", let kind = tags["parking"] else { return false }
        return kind == "multi-storey" || kind == "underground"
    }

    /// Car parks that are not also building outlines (``findBuildings()`` collects those).
    mutating func findCarParks() {
        for way in dataset.ways where way.tags["building"] == nil && Self.isCarParkBuilding(way.tags) {
            guard way.nodeIDs.count >= 4, way.nodeIDs.first == way.nodeIDs.last else { continue }
            let element = "way/\(way.id)"
            if let polygon = polygon(of: way, element: element) { addCarPark([polygon], element: element) }
        }
        for relation in dataset.relations where relation.tags["type"] == "multipolygon"
            && relation.tags["building"] == nil && Self.isCarParkBuilding(relation.tags) {
            let element = "relation/\(relation.id)"
            if let polygons = polygons(of: relation, element: element) { addCarPark(polygons, element: element) }
        }
    }

    mutating func addCarPark(_ polygons: [Polygon], element: String) {
        guard let bounds = BoundingBox(covering: polygons.flatMap(\.exterior)) else { return }
        carParks.append((element, polygons, bounds))
    }

    /// Whether a way is mapped for people on foot, so that it stays open inside a car park: a
    /// walkway rather than a street, or a street with `foot=yes|designated|permissive` or a
    /// sidewalk.
    static func isMappedForPedestrians(_ tags: OSMTags, kind: PathKind) -> Bool {
        guard kind == .street || kind == .track else { return true }
        if let foot = tags["foot"], ["yes", "designated", "permissive"].contains(foot) { return true }
        for key in ["sidewalk", "sidewalk:both", "sidewalk:left", "sidewalk:right"] {
            if let value = tags[key], !["no", "none", "separate"].contains(value) { return true }
        }
        return false
    }

    /// The car park a driveway runs through: the one covering at least half of its length.
    func carPark(containing line: [Coordinate]) -> String? {
        guard line.count >= 2, !carParks.isEmpty, let box = BoundingBox(covering: line) else { return nil }
        let projection = LocalProjection(origin: line[0])
        for carPark in carParks where carPark.bounds.intersects(box) {
            var inside = 0.0, total = 0.0
            for (a, b) in zip(line, line.dropFirst()) {
                let length = projection.distance(a, b)
                total += length
                let middle = Coordinate(latitude: (a.latitude + b.latitude) / 2, longitude: (a.longitude + b.longitude) / 2)
                if carPark.polygons.contains(where: { $0.contains(middle) }) { inside += length }
            }
            if total > 0, inside * 2 >= total { return carPark.element }
        }
        return nil
    }
}
