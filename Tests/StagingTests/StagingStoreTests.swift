import Foundation
import Testing
@testable import Staging
import VenueModel
import TemporaryFolders

@Suite struct StagingStoreTests {
    static func sampleVenue() -> StagedVenue {
        let a = Coordinate(latitude: 48.15, longitude: 11.58)
        let b = Coordinate(latitude: 48.15, longitude: 11.5801)
        let c = Coordinate(latitude: 48.1501, longitude: 11.5801)
        let d = Coordinate(latitude: 48.1501, longitude: 11.58)
        let square = Polygon(exterior: [a, b, c, d, a])
        let source = SourceLocation(file: "input/rooms.csv", line: 3, column: 1)
        var venue = Venue(id: "test", name: "Test venue")
        venue.buildings = [Building(id: "A", name: "Main", address: "Street 1", footprint: square, source: source)]
        venue.levels = [Level(id: "A@0", buildingID: "A", ordinal: 0, name: "Ground", source: source), .outdoor()]
        venue.spaces = [
            Space(id: "s1", kind: .room, buildingID: "A", levelIDs: ["A@0"], geometry: .polygon(square),
                  name: "Seminar", ref: "A.0.01", category: "seminar", capacity: 30,
                  accessibility: Accessibility(wheelchair: .limited, width: 1.2), access: .private,
                  source: SourceLocation(file: "plan.geojson", feature: "room-1")),
            Space(id: "s2", kind: .room, buildingID: "A", levelIDs: ["A@0", "A@1"], geometry: .point(a),
                  source: source),
            Space(id: "s3", kind: .corridor, buildingID: nil, levelIDs: ["A@0"],
                  geometry: .multiPolygon([square, square]), source: source),
        ]
        venue.openings = [Opening(id: "o1", levelIDs: ["A@0"], location: a, line: [a, b], isEntrance: true,
                                  doorType: .sliding, isAutomatic: true, access: .yes, name: "Main door",
                                  accessibility: Accessibility(lit: true), source: source)]
        venue.openings[0].isMainEntrance = true
        venue.connectors = [Connector(id: "c1", kind: .elevator, buildingID: "A", levelIDs: ["A@0", "A@1"],
                                      location: b, name: "Lift", stepCount: nil, direction: .both, source: source)]
        venue.paths = [Path(id: "p1", kind: .steps, levelID: Level.outdoorID, coordinates: [a, b, c], name: "Walk",
                            stepCount: 4, isOneWay: true,
                            accessibility: Accessibility(surface: "gravel", smoothness: "bad", trackType: "grade3",
                                                         sacScale: "hiking", incline: -6, inclineDirection: .down),
                            source: source)]
        venue.paths[0].vertexRefs = ["node/1", "node/2", "node/3"]
        venue.paths[0].barriers = [
            0: Barrier(kind: "kerb", kerbHeight: 0.12, feature: "node/1"),
            2: Barrier(kind: "gate", access: .private, wheelchair: .limited, width: 0.95, customersOnly: true),
        ]
        venue.paths[0].carPark = "way/9"
        venue.spaces[0].localizedNames = ["de": "Seminarraum", "en": "Seminar room"]
        venue.pointsOfInterest = [PointOfInterest(
            id: "poi1", name: "Café", ref: "CAFE", category: "cafe", description: "Coffee", openingHours: "Mo-Fr 08:00-18:00",
            contact: Contact(phone: "+49 1", email: "a@b.c"), geofenceRadius: 12.5, location: c, buildingID: "A",
            levelID: "A@0", roomRef: "A.0.01", source: source)]
        venue.pointsOfInterest[0].localizedNames = ["fr": "Café"]
        venue.pointsOfInterest[0].alternativeNames = ["en": "Coffee corner"]
        venue.spaces[0].alternativeNames = ["en": "104", "ru": "104"]
        venue.buildings[0].localizedNames = ["ru": "Главный корпус"]
        venue.levels[0].localizedNames = ["de": "Erdgeschoss"]
        venue.openings[0].localizedNames = ["de": "Haupteingang"]
        venue.connectors[0].localizedNames = ["de": "Aufzug"]
        venue.connectors[0].openingHours = "Mo-Fr 07:00-22:00"
        // A drawn flight: landings with their vertices, one between levels, and the line.
        venue.connectors.append(Connector(id: "c2", kind: .escalator, buildingID: "A", levelIDs: ["A@0", "A@1"],
                                          location: b, direction: .up, source: source))
        venue.connectors[1].landings = [
            ConnectorLanding(levelID: "A@0", ordinal: 0, location: Coordinate(latitude: 49.123456789012, longitude: 8.1),
                             vertexRef: "node/7"),
            ConnectorLanding(levelID: nil, ordinal: 0.5, location: b, vertexRef: "node/8"),
        ]
        venue.connectors[1].line = [a, b]
        venue.pointsOfInterest.append(PointOfInterest(id: "poi2", name: "Platform 2", ref: "2", category: "platform",
                                                      location: a, buildingID: nil, levelID: Level.outdoorID, source: source))
        venue.pointsOfInterest[1].keywords = ["B", "Gleis \"2\""]
        venue.spaces[1].keywords = ["hall"]
        venue.spaces[0].opensAtFront = true
        venue.openings[0].isInferred = true
        venue.paths[0].openingHours = "24/7"
        venue.events = [Event(id: "e1", title: "Lecture", placeRef: "A.0.01", start: 1_764_580_500, end: 1_764_586_000,
                              description: "Intro", source: source)]
        venue.tours = [Tour(id: "r:relation/9", name: "Fun Run", kind: .fitnessTrail, coordinates: [a, b, c],
                            levelIDs: [Level.outdoorID, "A@0", Level.outdoorID],
                            source: SourceLocation(file: "input/park.osm", line: 40, feature: "relation/9"))]
        let issues = [Issue(code: .unknownKind, severity: .warning, message: "kind 'x' unknown", location: source,
                            levelID: "A@0", coordinate: a),
                      Issue(code: .unusedColumn, severity: .info, message: "no location")]
        return StagedVenue(venue: venue, sources: [SourceFile(path: "input/rooms.csv", format: "csv", size: 10, sha256: "ab")],
                           issues: issues)
    }

    @Test func roundTripsEveryFeatureKind() throws {
        let directory = try TemporaryFolder("navforge-staging")
        let url = directory.appendingPathComponent("staging.sqlite")
        let staged = Self.sampleVenue()
        try StagingStore.write(staged, to: url, generator: "navforge test")
        let read = try StagingStore.read(from: url)
        #expect(read.venue == staged.venue)
        #expect(read.sources == staged.sources)
        #expect(read.issues == staged.issues)
        // Nothing but the store is left in the folder: the temporary file was renamed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["staging.sqlite"])
    }

    @Test func isAGeoPackage() throws {
        let directory = try TemporaryFolder("navforge-staging")
        let url = directory.appendingPathComponent("staging.sqlite")
        try StagingStore.write(Self.sampleVenue(), to: url, generator: "navforge test")
        let database = try SQLiteDatabase(path: url.path, mode: .readOnly)
        #expect(try database.scalarInt("PRAGMA application_id") == 0x4750_4B47)
        #expect(try database.scalarInt("PRAGMA user_version") == 10300)
        #expect(try database.scalarInt("SELECT count(*) FROM gpkg_geometry_columns") == 7)
        #expect(try database.scalarInt("SELECT count(*) FROM gpkg_contents WHERE data_type = 'features'") == 7)
        #expect(try database.scalarInt("SELECT count(*) FROM gpkg_spatial_ref_sys WHERE srs_id = 4326") == 1)
        #expect(try database.scalarInt("SELECT count(*) FROM spaces WHERE source_file IS NULL") == 0)
    }

    @Test func replacesAnExistingStoreAtomically() throws {
        let directory = try TemporaryFolder("navforge-staging")
        let url = directory.appendingPathComponent("staging.sqlite")
        try StagingStore.write(Self.sampleVenue(), to: url, generator: "one")
        var second = Self.sampleVenue()
        second.venue.spaces.removeLast()
        try StagingStore.write(second, to: url, generator: "two")
        #expect(try StagingStore.read(from: url).venue.spaces.count == 2)
    }

    @Test func removesTemporaryStoresOfInterruptedRuns() throws {
        let directory = try TemporaryFolder("navforge-staging")
        let stale = directory.appendingPathComponent(".staging.sqlite.99999.tmp")
        try Data("half".utf8).write(to: stale)
        try StagingStore.write(Self.sampleVenue(), to: directory.appendingPathComponent("staging.sqlite"), generator: "test")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["staging.sqlite"])
    }

    @Test func reportsAMissingStore() throws {
        let directory = try TemporaryFolder("navforge-staging")
        let url = directory.appendingPathComponent("missing.sqlite")
        #expect(throws: StagingError.self) { try StagingStore.read(from: url) }
    }

    @Test func rejectsAForeignSchema() throws {
        let directory = try TemporaryFolder("navforge-staging")
        let url = directory.appendingPathComponent("other.sqlite")
        let database = try SQLiteDatabase(path: url.path, mode: .create)
        try database.execute("CREATE TABLE metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO metadata VALUES ('schema_version', '99')")
        do {
            _ = try StagingStore.read(from: url)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("schema version 99"))
        }
    }

    @Test func geoPackageBlobsRejectTruncation() throws {
        let blob = GeoPackageGeometry.encode(.polygon(Polygon(exterior: [
            Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1),
            Coordinate(latitude: 1, longitude: 1), Coordinate(latitude: 0, longitude: 0),
        ])))
        for length in [0, 3, 8, 40, blob.count - 1] {
            let error = #expect(throws: StagingError.self) { try GeoPackageGeometry.decode(blob.prefix(length)) }
            #expect(error?.isCorruptGeometry == true)
        }
        var huge = blob
        // Bytes 45-48 hold the ring count (after the 40-byte header, the byte order and the type).
        // Claim four billion rings: the decoder must refuse rather than allocate.
        huge.replaceSubrange(45..<49, with: [0xFF, 0xFF, 0xFF, 0xFF])
        let error = #expect(throws: StagingError.self) { try GeoPackageGeometry.decode(huge) }
        #expect(error?.isCorruptGeometry == true)
    }
}

extension StagingError {
    /// Whether this is the report of a geometry blob that does not decode.
    var isCorruptGeometry: Bool {
        guard case .corruptGeometry = self else { return false }
        return true
    }
}
