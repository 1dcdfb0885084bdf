/// The staging store's tables. Documented column by column in `docs/staging-schema.md`; a change
/// here bumps ``version`` and is described there.
enum StagingSchema {
    /// Stored in the `metadata` table; readers refuse other versions.
    static let version = 7

    static let buildings = StagingTable(
        name: "buildings", description: "Buildings and their footprints", geometryType: "POLYGON",
        columns: [.text("id", notNull: true), .text("name"), .text("names"), .text("address")])

    static let levels = StagingTable(
        name: "levels", description: "Levels of each building, and the outdoor level", geometryType: nil,
        columns: [.text("id", notNull: true), .text("building_id"), .real("ordinal", notNull: true), .text("name"),
                  .text("names")],
        provenance: .optional)

    static let spaces = StagingTable(
        name: "spaces", description: "Rooms, corridors, areas, stairwells, lift shafts, obstacles",
        geometryType: "GEOMETRY",
        columns: [.text("id", notNull: true), .text("kind", notNull: true), .text("building_id"),
                  .text("level_ids", notNull: true), .text("name"), .text("names"), .text("alt_names"), .text("keywords"),
                  .text("ref"), .text("category"), .integer("capacity"), .text("access"), .integer("opens_at_front")]
            + StagingTable.Column.accessibility)

    static let openings = StagingTable(
        name: "openings", description: "Doors and entrances", geometryType: "POINT",
        columns: [.text("id", notNull: true), .text("level_ids", notNull: true), .integer("is_entrance", notNull: true),
                  .integer("is_main_entrance", notNull: true), .text("door_type"), .integer("automatic"), .text("access"), .text("name"), .text("names"), .text("ref"),
                  StagingTable.Column(name: "line_geom", type: "BLOB"), .integer("inferred")] + StagingTable.Column.accessibility)

    static let connectors = StagingTable(
        name: "connectors", description: "Stairs, lifts, escalators and ramps between levels", geometryType: "POINT",
        columns: [.text("id", notNull: true), .text("kind", notNull: true), .text("building_id"),
                  .text("level_ids", notNull: true), .text("name"), .text("names"), .text("ref"), .integer("step_count"),
                  .text("direction", notNull: true), .text("opening_hours"), .text("landings"),
                  StagingTable.Column(name: "line_geom", type: "BLOB")] + StagingTable.Column.accessibility)

    static let paths = StagingTable(
        name: "paths", description: "Explicit walkways", geometryType: "LINESTRING",
        columns: [.text("id", notNull: true), .text("kind", notNull: true), .text("level_id", notNull: true),
                  .text("name"), .integer("step_count"), .integer("oneway", notNull: true),
                  .text("access"), .text("vertex_refs"), .text("opening_hours"), .text("barriers"), .text("car_park")]
            + StagingTable.Column.accessibility)

    static let pointsOfInterest = StagingTable(
        name: "pois", description: "Points of interest", geometryType: "POINT",
        columns: [.text("id", notNull: true), .text("name", notNull: true), .text("names"), .text("alt_names"),
                  .text("keywords"), .text("ref"), .text("category", notNull: true),
                  .text("description"), .text("opening_hours"), .text("phone"), .text("email"), .text("website"),
                  .real("geofence_radius"), .text("building_id"), .text("level_id"), .text("room_ref")])

    static let events = StagingTable(
        name: "events", description: "Scheduled events at rooms and points of interest", geometryType: nil,
        columns: [.text("id", notNull: true), .text("title", notNull: true), .text("place_ref", notNull: true),
                  .integer("start_epoch", notNull: true), .integer("end_epoch", notNull: true),
                  .text("start_utc", notNull: true), .text("end_utc", notNull: true), .text("description")])

    static let tours = StagingTable(
        name: "tours", description: "Named routes to follow on foot", geometryType: "LINESTRING",
        columns: [.text("id", notNull: true), .text("name", notNull: true), .text("kind", notNull: true),
                  .text("vertex_level_ids", notNull: true)])

    static let sources = StagingTable(
        name: "sources", description: "The input files this store was built from", geometryType: nil,
        columns: [.text("path", notNull: true), .text("format", notNull: true), .integer("size", notNull: true),
                  .text("sha256", notNull: true)],
        provenance: .none)

    static let issues = StagingTable(
        name: "import_issues", description: "Findings of the importers", geometryType: nil,
        columns: [.text("code", notNull: true), .text("severity", notNull: true), .text("message", notNull: true),
                  .text("level_id"), .real("longitude"), .real("latitude")],
        provenance: .optional)

    static let featureTables = [buildings, spaces, openings, connectors, paths, pointsOfInterest, tours]
    static let attributeTables = [levels, events, sources, issues]

    static let metadataStatement = "CREATE TABLE metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL)"

    /// GeoPackage 1.3 core tables (OGC 12-128r18 §1.1.2 and §1.1.3), with the three SRS rows it requires.
    static let geoPackageCore = """
        CREATE TABLE gpkg_spatial_ref_sys (
          srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL,
          organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
        CREATE TABLE gpkg_contents (
          table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
          description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
          min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
          CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
        CREATE TABLE gpkg_geometry_columns (
          table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
          srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
          CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
          CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
          CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
        INSERT INTO gpkg_spatial_ref_sys VALUES
          ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system'),
          ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system'),
          ('WGS 84 geodetic', 4326, 'EPSG', 4326,
           'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]',
           'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid');
        """

    /// `GPKG` in ASCII, the application id GeoPackage readers look for.
    static let geoPackageApplicationID: Int32 = 0x4750_4B47
    static let geoPackageUserVersion = 10300
}
