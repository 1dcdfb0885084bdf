import VenueModel

/// Reads RFC 7946 geometry objects into the model's geometry.
enum GeoJSONGeometry {
    /// What is wrong with a geometry object; the caller knows where it is and adds that.
    ///
    /// Not named `GeometryError`: the `Geometry` module's public error has that name.
    struct Problem: Error {
        var message: String
    }

    /// `nil` for a null geometry; errors name what is wrong with the coordinates.
    static func parse(_ value: JSONValue?) throws(Problem) -> SimpleGeometry? {
        guard let value, case .object(let object) = value else {
            if value == nil || value == .null { return nil }
            throw Problem(message: "geometry is not an object, found \(value?.excerpt() ?? "nothing")")
        }
        let coordinates = object["coordinates"]
        switch object["type"]?.string {
        case "Point":
            return .point(try position(coordinates))
        case "LineString":
            let line = try positions(coordinates)
            guard line.count >= 2 else { throw Problem(message: "a LineString needs at least 2 positions, found \(line.count)") }
            return .lineString(line)
        case "Polygon":
            return .polygon(try polygon(coordinates))
        case "MultiPolygon":
            guard case .array(let members)? = coordinates, !members.isEmpty else {
                throw Problem(message: "a MultiPolygon needs an array of polygons, found \(coordinates?.excerpt() ?? "nothing")")
            }
            var polygons: [Polygon] = []
            for member in members { polygons.append(try polygon(member)) }
            return .multiPolygon(polygons)
        case let other?:
            throw Problem(message: "geometry type '\(other)' is not supported (Point, LineString, Polygon, MultiPolygon)")
        case nil:
            throw Problem(message: "geometry has no type")
        }
    }

    /// The parts of a tour's line: a `LineString`'s one, a `MultiLineString`'s in order; `nil`
    /// for a null geometry. Every part needs at least 2 positions.
    static func lines(_ value: JSONValue?) throws(Problem) -> [[Coordinate]]? {
        guard let value, case .object(let object) = value else {
            if value == nil || value == .null { return nil }
            throw Problem(message: "geometry is not an object, found \(value?.excerpt() ?? "nothing")")
        }
        let coordinates = object["coordinates"]
        switch object["type"]?.string {
        case "LineString":
            let line = try positions(coordinates)
            guard line.count >= 2 else { throw Problem(message: "a LineString needs at least 2 positions, found \(line.count)") }
            return [line]
        case "MultiLineString":
            guard case .array(let members)? = coordinates, !members.isEmpty else {
                throw Problem(message: "a MultiLineString needs an array of lines, found \(coordinates?.excerpt() ?? "nothing")")
            }
            var lines: [[Coordinate]] = []
            for (index, member) in members.enumerated() {
                let line = try positions(member)
                guard line.count >= 2 else {
                    throw Problem(message: "line \(index) of a MultiLineString needs at least 2 positions, found \(line.count)")
                }
                lines.append(line)
            }
            return lines
        case let other?:
            throw Problem(message: "a tour is a LineString or MultiLineString, found '\(other)'")
        case nil:
            throw Problem(message: "geometry has no type")
        }
    }

    private static func position(_ value: JSONValue?) throws(Problem) -> Coordinate {
        guard case .array(let numbers)? = value, numbers.count >= 2,
              let longitude = numbers[0].number, let latitude = numbers[1].number else {
            throw Problem(message: "a position must be [longitude, latitude], found \(value?.excerpt() ?? "nothing")")
        }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        guard coordinate.isValid else {
            throw Problem(message: "position [\(longitude), \(latitude)] lies outside WGS 84 bounds (is it projected, not longitude/latitude?)")
        }
        return coordinate
    }

    private static func positions(_ value: JSONValue?) throws(Problem) -> [Coordinate] {
        guard case .array(let items)? = value else {
            throw Problem(message: "expected an array of positions, found \(value?.excerpt() ?? "nothing")")
        }
        var result: [Coordinate] = []
        result.reserveCapacity(items.count)
        for item in items { result.append(try position(item)) }
        return result
    }

    private static func polygon(_ value: JSONValue?) throws(Problem) -> Polygon {
        guard case .array(let ringValues)? = value, !ringValues.isEmpty else {
            throw Problem(message: "a Polygon needs an array of rings, found \(value?.excerpt() ?? "nothing")")
        }
        var rings: [[Coordinate]] = []
        for ringValue in ringValues { rings.append(try positions(ringValue)) }
        let polygon = Polygon(exterior: rings[0], holes: Array(rings.dropFirst()))
        if let problem = polygon.structuralProblem() { throw Problem(message: "polygon: \(problem)") }
        return polygon
    }
}
