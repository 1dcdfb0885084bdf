import VenueModel

extension CSVImporter.Context {
    /// `ref, name, category, description, opening_hours, phone, email, website, geofence_radius,
    /// building, level, room, lat, lon`.
    mutating func readPointsOfInterest() {
        guard require(["name", "category"]) else { return }
        for row in table.rows {
            self.row { (context: inout Self) throws(ImportError) in
                let location = try context.point(in: row)
                let room = row.string("room")
                guard location != nil || room != nil else {
                    throw .invalidInput("a point of interest needs lat/lon or the room it is in", at: row.location)
                }
                var attributes = context.reader(for: row)
                let radius = attributes.length("geofence_radius")
                let poi = PointOfInterest(
                    id: context.id(for: row, preferring: "ref"), name: try row.required("name"), ref: row.string("ref"),
                    category: try row.required("category"), description: row.string("description"),
                    openingHours: row.string("opening_hours"), contact: attributes.contact(), geofenceRadius: radius,
                    location: location, buildingID: nil, levelID: nil, roomRef: room, source: row.location)
                context.errors += attributes.errors
                guard attributes.errors.isEmpty else { return }
                let building = row.string("building") ?? context.options.building
                context.data.pointsOfInterest.append(PendingFeature(poi, levels: LevelReference(
                    building: building, value: row.string("level"),
                    location: row.string("level") == nil ? row.location : row.location("level"))))
            }
        }
    }
}
