import VenueModel

extension CSVImporter.Context {
    /// `building, level, ref, name, category, capacity, kind, lat/lon or wkt, accessibility...`:
    /// rooms from a booking system or a room list, with an outline or just a point.
    mutating func readRooms() {
        var required = ["ref"]
        if options.building == nil { required.append("building") }
        guard require(required) else { return }
        guard table.hasColumn("wkt") || (table.hasColumn("lat") && table.hasColumn("lon")) else {
            errors.append(.invalidInput("a rooms table needs a 'wkt' column or 'lat' and 'lon' columns",
                                        at: SourceLocation(file: table.file, line: table.headerLine)))
            return
        }
        for row in table.rows {
            self.row { (context: inout Self) throws(ImportError) in
                let ref = try row.required("ref")
                let geometry = try context.roomGeometry(row, ref: ref)
                var attributes = context.reader(for: row)
                let kind = attributes.choice("kind", as: SpaceKind.self) ?? .room
                let space = Space(
                    id: "\(context.inputID):\(ref)", kind: kind, buildingID: nil, levelIDs: [], geometry: geometry,
                    name: row.string("name"), ref: ref, category: row.string("category"),
                    capacity: attributes.count("capacity"), accessibility: attributes.accessibility(),
                    access: attributes.choice("access", as: AccessRestriction.self), source: row.location)
                context.errors += attributes.errors
                guard attributes.errors.isEmpty else { return }
                let building = row.string("building") ?? context.options.building
                context.data.spaces.append(PendingFeature(space, levels: LevelReference(
                    building: building, value: row.string("level"),
                    location: row.string("level") == nil ? row.location : row.location("level"))))
            }
        }
    }

    private func roomGeometry(_ row: CSVRow, ref: String) throws(ImportError) -> SpaceGeometry {
        let place = row.location("wkt", feature: ref)
        switch try row.wkt("wkt", feature: ref, reader: wktReader) {
        case .polygon(let polygon)?:
            return .polygon(try checked([polygon], at: place)[0])
        case .multiPolygon(let polygons)?:
            return .multiPolygon(try checked(polygons, at: place))
        case .point(let coordinate)?:
            // An outline's positions are checked with its rings; a point has none, so here.
            guard coordinate.isValid else {
                throw .invalidInput("position (\(coordinate.longitude), \(coordinate.latitude)) is outside WGS 84 bounds", at: place)
            }
            return .point(coordinate)
        case .lineString?:
            throw .invalidInput("a room cannot be a LINESTRING; give a POLYGON, MULTIPOLYGON or POINT", at: place)
        case nil:
            guard let point = try point(in: row) else {
                throw .invalidInput("row gives neither wkt nor lat/lon", at: row.location)
            }
            return .point(point)
        }
    }
}
