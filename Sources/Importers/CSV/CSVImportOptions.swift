/// How to read one CSV input: which kind of table it is and how its columns are spelt.
public struct CSVImportOptions: Hashable, Sendable {
    /// What the rows of the file describe.
    public enum Table: String, Hashable, Sendable, CaseIterable {
        case buildings
        case rooms
        case pois
        case events
        /// Named routes to follow on foot, one waypoint a row.
        case tours
    }

    public var table: Table
    public var delimiter: CSVDelimiter
    /// Model field → the file's column name, for exports with their own headers.
    public var columns: [String: String]
    /// The building of rows without a `building` column (a file per building).
    public var building: String?

    public init(table: Table, delimiter: CSVDelimiter = .comma, columns: [String: String] = [:], building: String? = nil) {
        self.table = table
        self.delimiter = delimiter
        self.columns = columns
        self.building = building
    }

    /// Every field a table knows, for checking `columns` and warning about unused columns.
    public static func fields(of table: Table) -> [String] {
        switch table {
        case .buildings:
            return ["ref", "name", "address", "levels", "level_names", "footprint"]
        case .rooms:
            return ["building", "level", "ref", "name", "kind", "category", "capacity", "access", "lat", "lon", "wkt"]
                + accessibilityFields
        case .pois:
            return ["ref", "name", "category", "description", "opening_hours", "phone", "email", "website",
                    "geofence_radius", "building", "level", "room", "lat", "lon"]
        case .events:
            return ["id", "place", "title", "start", "end", "description"]
        case .tours:
            return ["tour", "name", "kind", "sequence", "building", "level", "lat", "lon"]
        }
    }

    static let accessibilityFields = ["wheelchair", "lit", "surface", "smoothness", "tracktype", "sac_scale", "width",
                                      "incline", "kerb", "tactile_paving", "handrail"]
}
