public import Foundation
import VenueModel

extension StagingStore {
    /// Reads the whole store back into the model, in the order it was written.
    ///
    /// No file at `url` is the caller's mistake (``StagingError/missingStore(path:)``); a file
    /// that is damaged, foreign or from another schema version is the data's.
    public static func read(from url: URL) throws(StagingError) -> StagedVenue {
        guard FileManager.default.fileExists(atPath: url.path) else { throw .missingStore(path: url.path) }
        do {
            let database = try SQLiteDatabase(path: url.path, mode: .readOnly)
            return try readContents(database, path: url.path)
        } catch {
            throw error.atStore(url.path, reading: true)
        }
    }

    private static func readContents(_ database: SQLiteDatabase, path: String) throws(StagingError) -> StagedVenue {
        let metadata = try readMetadata(database)
        guard metadata["schema_version"] == String(StagingSchema.version) else {
            throw .unsupportedSchema(path: path, found: metadata["schema_version"],
                                                 expected: StagingSchema.version)
        }
        var venue = Venue(id: metadata["venue_id"] ?? "", name: metadata["venue_name"] ?? "")
        venue.buildings = try rows(of: StagingSchema.buildings, in: database, building(from:))
        venue.levels = try rows(of: StagingSchema.levels, in: database, level(from:))
        venue.spaces = try rows(of: StagingSchema.spaces, in: database, space(from:))
        venue.openings = try rows(of: StagingSchema.openings, in: database, opening(from:))
        venue.connectors = try rows(of: StagingSchema.connectors, in: database, connector(from:))
        venue.paths = try rows(of: StagingSchema.paths, in: database, path(from:))
        venue.pointsOfInterest = try rows(of: StagingSchema.pointsOfInterest, in: database, pointOfInterest(from:))
        venue.events = try rows(of: StagingSchema.events, in: database, event(from:))
        venue.tours = try rows(of: StagingSchema.tours, in: database, tour(from:))
        let sources = try rows(of: StagingSchema.sources, in: database, sourceFile(from:))
        let issues = try rows(of: StagingSchema.issues, in: database, issue(from:))
        return StagedVenue(venue: venue, sources: sources, issues: issues)
    }

    private static func readMetadata(_ database: SQLiteDatabase) throws(StagingError) -> [String: String] {
        let statement = try database.prepare("SELECT key, value FROM metadata")
        var result: [String: String] = [:]
        while try statement.step() {
            if let key = statement.text(at: 0), let value = statement.text(at: 1) { result[key] = value }
        }
        return result
    }

    private static func rows<T>(of table: StagingTable, in database: SQLiteDatabase,
                                _ decode: (StagingRowReader) throws(StagingError) -> T) throws(StagingError) -> [T] {
        let statement = try database.prepare(table.selectStatement)
        let reader = StagingRowReader(statement: statement, table: table)
        var result: [T] = []
        while try statement.step() { result.append(try decode(reader)) }
        return result
    }

    private static func building(from row: StagingRowReader) throws(StagingError) -> Building {
        var footprint: Polygon?
        if case .polygon(let polygon)? = try row.geometry() { footprint = polygon }
        var building = Building(id: try row.requiredText("id"), name: row.text("name"), address: row.text("address"),
                                footprint: footprint, source: try row.source())
        building.localizedNames = try row.names()
        return building
    }

    private static func level(from row: StagingRowReader) throws(StagingError) -> Level {
        var level = Level(id: try row.requiredText("id"), buildingID: row.text("building_id"),
                          ordinal: try row.requiredDouble("ordinal"), name: row.text("name"), source: row.optionalSource())
        level.localizedNames = try row.names()
        return level
    }

    private static func space(from row: StagingRowReader) throws(StagingError) -> Space {
        guard let geometry = try row.geometry(), let spaceGeometry = SpaceGeometry(geometry) else {
            throw .corrupt("spaces row \(try row.requiredText("id")) has no area or point geometry")
        }
        guard let kind = try row.enumeration("kind", as: SpaceKind.self) else {
            throw .corrupt("spaces.kind is NULL")
        }
        var space = Space(id: try row.requiredText("id"), kind: kind, buildingID: row.text("building_id"),
                          levelIDs: try row.levelIDs(), geometry: spaceGeometry, name: row.text("name"),
                          ref: row.text("ref"), category: row.text("category"), capacity: row.int("capacity"),
                          accessibility: try row.accessibility(),
                          access: try row.enumeration("access", as: AccessRestriction.self), source: try row.source())
        space.localizedNames = try row.names()
        space.alternativeNames = try row.names("alt_names")
        space.keywords = try row.keywords()
        space.opensAtFront = row.bool("opens_at_front") ?? false
        return space
    }

    private static func opening(from row: StagingRowReader) throws(StagingError) -> Opening {
        guard case .point(let location)? = try row.geometry() else {
            throw .corrupt("openings row \(try row.requiredText("id")) is not a point")
        }
        var line: [Coordinate]?
        if case .lineString(let coordinates)? = try row.geometry("line_geom") { line = coordinates }
        var opening = Opening(id: try row.requiredText("id"), levelIDs: try row.levelIDs(), location: location, line: line,
                              isEntrance: row.bool("is_entrance") ?? false,
                              doorType: try row.enumeration("door_type", as: DoorType.self),
                              isAutomatic: row.bool("automatic"),
                              access: try row.enumeration("access", as: AccessRestriction.self),
                              name: row.text("name"), ref: row.text("ref"), accessibility: try row.accessibility(),
                              source: try row.source())
        opening.localizedNames = try row.names()
        opening.isMainEntrance = row.bool("is_main_entrance") ?? false
        opening.isInferred = row.bool("inferred") ?? false
        return opening
    }

    private static func connector(from row: StagingRowReader) throws(StagingError) -> Connector {
        guard case .point(let location)? = try row.geometry(),
              let kind = try row.enumeration("kind", as: ConnectorKind.self),
              let direction = try row.enumeration("direction", as: ConnectorDirection.self) else {
            throw .corrupt("connectors row \(try row.requiredText("id")) lacks position, kind or direction")
        }
        var connector = Connector(id: try row.requiredText("id"), kind: kind, buildingID: row.text("building_id"),
                                  levelIDs: try row.levelIDs(), location: location, name: row.text("name"),
                                  ref: row.text("ref"), stepCount: row.int("step_count"), direction: direction,
                                  accessibility: try row.accessibility(), source: try row.source())
        connector.localizedNames = try row.names()
        connector.openingHours = row.text("opening_hours")
        connector.landings = try row.landings()
        if case .lineString(let coordinates)? = try row.geometry("line_geom") { connector.line = coordinates }
        return connector
    }

    private static func path(from row: StagingRowReader) throws(StagingError) -> Path {
        guard case .lineString(let coordinates)? = try row.geometry(),
              let kind = try row.enumeration("kind", as: PathKind.self) else {
            throw .corrupt("paths row \(try row.requiredText("id")) lacks a line or kind")
        }
        var path = Path(id: try row.requiredText("id"), kind: kind, levelID: try row.requiredText("level_id"),
                        coordinates: coordinates, name: row.text("name"), stepCount: row.int("step_count"),
                        isOneWay: row.bool("oneway") ?? false,
                        access: try row.enumeration("access", as: AccessRestriction.self),
                        accessibility: try row.accessibility(), source: try row.source())
        path.vertexRefs = row.text("vertex_refs").map(StagingRowReader.listed)
        path.openingHours = row.text("opening_hours")
        path.barriers = try row.barriers()
        path.carPark = row.text("car_park")
        return path
    }

    private static func tour(from row: StagingRowReader) throws(StagingError) -> Tour {
        let id = try row.requiredText("id")
        guard case .lineString(let coordinates)? = try row.geometry(),
              let kind = try row.enumeration("kind", as: TourKind.self) else {
            throw .corrupt("tours row \(id) lacks a line or kind")
        }
        let levels = try row.levelIDs("vertex_level_ids")
        guard levels.count == coordinates.count else {
            throw .corrupt("tours row \(id) gives \(levels.count) levels for \(coordinates.count) vertices")
        }
        return Tour(id: id, name: try row.requiredText("name"), kind: kind, coordinates: coordinates, levelIDs: levels,
                    source: try row.source())
    }

    private static func pointOfInterest(from row: StagingRowReader) throws(StagingError) -> PointOfInterest {
        var location: Coordinate?
        if case .point(let point)? = try row.geometry() { location = point }
        var poi = PointOfInterest(
            id: try row.requiredText("id"), name: try row.requiredText("name"), ref: row.text("ref"),
            category: try row.requiredText("category"), description: row.text("description"),
            openingHours: row.text("opening_hours"),
            contact: Contact(phone: row.text("phone"), email: row.text("email"), website: row.text("website")),
            geofenceRadius: row.double("geofence_radius"), location: location, buildingID: row.text("building_id"),
            levelID: row.text("level_id"), roomRef: row.text("room_ref"), source: try row.source())
        poi.localizedNames = try row.names()
        poi.alternativeNames = try row.names("alt_names")
        poi.keywords = try row.keywords()
        return poi
    }

    private static func event(from row: StagingRowReader) throws(StagingError) -> Event {
        Event(id: try row.requiredText("id"), title: try row.requiredText("title"),
              placeRef: try row.requiredText("place_ref"), start: try row.requiredInt64("start_epoch"),
              end: try row.requiredInt64("end_epoch"), description: row.text("description"), source: try row.source())
    }

    private static func sourceFile(from row: StagingRowReader) throws(StagingError) -> SourceFile {
        SourceFile(path: try row.requiredText("path"), format: try row.requiredText("format"),
                   size: try row.requiredInt64("size"), sha256: try row.requiredText("sha256"))
    }

    private static func issue(from row: StagingRowReader) throws(StagingError) -> Issue {
        guard let code = try row.enumeration("code", as: FindingCode.self) else {
            throw .corrupt("import_issues.code is NULL")
        }
        guard let severity = try row.enumeration("severity", as: Issue.Severity.self) else {
            throw .corrupt("import_issues.severity is NULL")
        }
        var coordinate: Coordinate?
        if let longitude = row.double("longitude"), let latitude = row.double("latitude") {
            coordinate = Coordinate(latitude: latitude, longitude: longitude)
        }
        return Issue(code: code, severity: severity, message: try row.requiredText("message"),
                     location: row.optionalSource(), levelID: row.text("level_id"), coordinate: coordinate)
    }
}
