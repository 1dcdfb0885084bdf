public import Foundation
import VenueModel

/// Writes and reads the staging store, `build/NAME/staging.sqlite`: the normalised model as a
/// SQLite database that is also a GeoPackage, one row per feature with its source location.
public enum StagingStore {
    /// Writes the store atomically: into a temporary file beside `url`, in one transaction, then
    /// renamed over `url`. A failure leaves any previous store untouched.
    public static func write(_ staged: StagedVenue, to url: URL, generator: String) throws(StagingError) {
        let folder = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        // Temporary stores of runs that were killed midway; the caller holds the build lock.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
        let temporary = folder.appendingPathComponent("\(prefix)\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try writeContents(staged, to: temporary.path, generator: generator)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error.atStore(url.path, reading: false)
        }
        // rename(2) replaces the old store in one step; readers see the old or the new file, never half.
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .fileSystem(path: url.path, reason: "cannot move the new store into place: \(reason)")
        }
    }

    private static func writeContents(_ staged: StagedVenue, to path: String, generator: String) throws(StagingError) {
        let database = try SQLiteDatabase(path: path, mode: .create)
        try database.execute("PRAGMA journal_mode = DELETE")
        try database.execute("PRAGMA application_id = \(StagingSchema.geoPackageApplicationID)")
        try database.execute("PRAGMA user_version = \(StagingSchema.geoPackageUserVersion)")
        try database.transaction { () throws(StagingError) in
            try createSchema(in: database, venue: staged.venue)
            try insertMetadata(staged.venue, generator: generator, into: database)
            try insert(staged.venue, into: database)
            try insert(rows: staged.sources.map(row(for:)), into: StagingSchema.sources, database: database)
            try insert(rows: staged.issues.map(row(for:)), into: StagingSchema.issues, database: database)
        }
    }

    private static func createSchema(in database: SQLiteDatabase, venue: Venue) throws(StagingError) {
        try database.execute(StagingSchema.geoPackageCore)
        try database.execute(StagingSchema.metadataStatement)
        let box = venue.boundingBox
        let contents = try database.prepare("""
            INSERT INTO gpkg_contents (table_name, data_type, identifier, description, min_x, min_y, max_x, max_y, srs_id)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            """)
        let geometryColumns = try database.prepare("""
            INSERT INTO gpkg_geometry_columns (table_name, column_name, geometry_type_name, srs_id, z, m)
            VALUES (?1, ?2, ?3, 4326, 0, 0)
            """)
        for table in StagingSchema.featureTables + StagingSchema.attributeTables {
            try database.execute(table.createStatement)
            let isFeatures = table.geometryType != nil
            try contents.run([
                .text(table.name), .text(isFeatures ? "features" : "attributes"), .text(table.name),
                .text(table.description),
                isFeatures ? .from(box?.minLongitude) : nil, isFeatures ? .from(box?.minLatitude) : nil,
                isFeatures ? .from(box?.maxLongitude) : nil, isFeatures ? .from(box?.maxLatitude) : nil,
                isFeatures ? .integer(Int64(GeoPackageGeometry.wgs84)) : nil,
            ])
            if let type = table.geometryType {
                try geometryColumns.run([.text(table.name), .text(StagingTable.geometryColumn), .text(type)])
            }
        }
    }

    private static func insertMetadata(_ venue: Venue, generator: String, into database: SQLiteDatabase) throws(StagingError) {
        let statement = try database.prepare("INSERT INTO metadata (key, value) VALUES (?1, ?2)")
        let entries = [
            ("schema_version", String(StagingSchema.version)),
            ("venue_id", venue.id),
            ("venue_name", venue.name),
            ("generator", generator),
        ]
        for (key, value) in entries { try statement.run([.text(key), .text(value)]) }
    }

    private static func insert(_ venue: Venue, into database: SQLiteDatabase) throws(StagingError) {
        try insert(rows: venue.buildings.map(row(for:)), into: StagingSchema.buildings, database: database)
        try insert(rows: venue.levels.map(row(for:)), into: StagingSchema.levels, database: database)
        try insert(rows: venue.spaces.map(row(for:)), into: StagingSchema.spaces, database: database)
        try insert(rows: venue.openings.map(row(for:)), into: StagingSchema.openings, database: database)
        try insert(rows: venue.connectors.map(row(for:)), into: StagingSchema.connectors, database: database)
        try insert(rows: venue.paths.map(row(for:)), into: StagingSchema.paths, database: database)
        try insert(rows: venue.pointsOfInterest.map(row(for:)), into: StagingSchema.pointsOfInterest, database: database)
        try insert(rows: venue.events.map(row(for:)), into: StagingSchema.events, database: database)
        try insert(rows: venue.tours.map(row(for:)), into: StagingSchema.tours, database: database)
    }

    private static func insert(rows: [[SQLiteValue?]], into table: StagingTable, database: SQLiteDatabase) throws(StagingError) {
        let statement = try database.prepare(table.insertStatement)
        for row in rows { try statement.run(row) }
    }
}

// MARK: - Rows

extension StagingStore {
    static func row(for building: Building) -> [SQLiteValue?] {
        var row = StagingRowBuilder()
        row.add(building.id)
        row.add(building.name)
        row.add(names: building.localizedNames)
        row.add(building.address)
        row.add(geometry: building.footprint.map(SimpleGeometry.polygon))
        row.add(source: building.source)
        return row.values
    }

    static func row(for level: Level) -> [SQLiteValue?] {
        var row = StagingRowBuilder()
        row.add(level.id)
        row.add(level.buildingID)
        row.add(level.ordinal)
        row.add(level.name)
        row.add(names: level.localizedNames)
        row.add(source: level.source)
        return row.values
    }

    static func row(for space: Space) -> [SQLiteValue?] {
        var row = StagingRowBuilder()
        row.add(space.id)
        row.add(space.kind.rawValue)
        row.add(space.buildingID)
        row.add(levelIDs: space.levelIDs)
        row.add(space.name)
        row.add(names: space.localizedNames)
        row.add(names: space.alternativeNames)
        row.add(keywords: space.keywords)
        row.add(space.ref)
        row.add(space.category)
        row.add(space.capacity)
        row.add(space.access?.rawValue)
        row.add(space.opensAtFront)
        row.add(space.accessibility)
        row.add(geometry: space.geometry.simpleGeometry)
        row.add(source: space.source)
        return row.values
    }

    static func row(for opening: Opening) -> [SQLiteValue?] {
        var row = StagingRowBuilder()
        row.add(opening.id)
        row.add(levelIDs: opening.levelIDs)
        row.add(opening.isEntrance)
        row.add(opening.isMainEntrance)
        row.add(opening.doorType?.rawValue)
        row.add(opening.isAutomatic)
        row.add(opening.access?.rawValue)
        row.add(opening.name)
        row.add(names: opening.localizedNames)
        row.add(opening.ref)
        row.add(opening.line.map { .blob(GeoPackageGeometry.encode(.lineString($0))) })
        row.add(opening.isInferred)
        row.add(opening.accessibility)
        row.add(geometry: .point(opening.location))
        row.add(source: opening.source)
        return row.values
    }

    static func row(for connector: Connector) -> [SQLiteValue?] {
        var row = StagingRowBuilder()
        row.add(connector.id)
        row.add(connector.kind.rawValue)
        row.add(connector.buildingID)
        row.add(levelIDs: connector.levelIDs)
        row.add(connector.name)
        row.add(names: connector.localizedNames)
        row.add(connector.ref)
        row.add(connector.stepCount)
        row.add(connector.direction.rawValue)
        row.add(connector.openingHours)
        row.add(landings: connector.landings)
        row.add(connector.line.map { .blob(GeoPackageGeometry.encode(.lineString($0))) })
        row.add(connector.accessibility)
        row.add(geometry: .point(connector.location))
        row.add(source: connector.source)
        return row.values
    }

    static func row(for path: Path) -> [SQLiteValue?] {
        var row = StagingRowBuilder()
        row.add(path.id)
        row.add(path.kind.rawValue)
        row.add(path.levelID)
        row.add(path.name)
        row.add(path.stepCount)
        row.add(path.isOneWay)
        row.add(path.access?.rawValue)
        row.add(path.vertexRefs?.joined(separator: ";"))
        row.add(path.openingHours)
        row.add(barriers: path.barriers)
        row.add(path.carPark)
        row.add(path.accessibility)
        row.add(geometry: .lineString(path.coordinates))
        row.add(source: path.source)
        return row.values
    }

    static func row(for tour: Tour) -> [SQLiteValue?] {
        var row = StagingRowBuilder()
        row.add(tour.id)
        row.add(tour.name)
        row.add(tour.kind.rawValue)
        row.add(levelIDs: tour.levelIDs)
        row.add(geometry: .lineString(tour.coordinates))
        row.add(source: tour.source)
        return row.values
    }

    static func row(for poi: PointOfInterest) -> [SQLiteValue?] {
        var row = StagingRowBuilder()
        row.add(poi.id)
        row.add(poi.name)
        row.add(names: poi.localizedNames)
        row.add(names: poi.alternativeNames)
        row.add(keywords: poi.keywords)
        row.add(poi.ref)
        row.add(poi.category)
        row.add(poi.description)
        row.add(poi.openingHours)
        row.add(poi.contact.phone)
        row.add(poi.contact.email)
        row.add(poi.contact.website)
        row.add(poi.geofenceRadius)
        row.add(poi.buildingID)
        row.add(poi.levelID)
        row.add(poi.roomRef)
        row.add(geometry: poi.location.map(SimpleGeometry.point))
        row.add(source: poi.source)
        return row.values
    }

    static func row(for event: Event) -> [SQLiteValue?] {
        var row = StagingRowBuilder()
        row.add(event.id)
        row.add(event.title)
        row.add(event.placeRef)
        row.add(event.start)
        row.add(event.end)
        row.add(utcTimestamp(event.start))
        row.add(utcTimestamp(event.end))
        row.add(event.description)
        row.add(source: event.source)
        return row.values
    }

    static func row(for source: SourceFile) -> [SQLiteValue?] {
        [.text(source.path), .text(source.format), .integer(source.size), .text(source.sha256)]
    }

    static func row(for issue: Issue) -> [SQLiteValue?] {
        var row = StagingRowBuilder()
        row.add(issue.code.rawValue)
        row.add(issue.severity.rawValue)
        row.add(issue.message)
        row.add(issue.levelID)
        row.add(issue.coordinate?.longitude)
        row.add(issue.coordinate?.latitude)
        row.add(source: issue.location)
        return row.values
    }

    /// `2026-12-01T09:15:00Z`: readable in `sqlite3` without date functions.
    static func utcTimestamp(_ seconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
