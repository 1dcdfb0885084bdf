/// The shape of one staging table, from which both its DDL and its INSERT are generated, so the
/// two cannot drift apart.
struct StagingTable: Sendable {
    struct Column: Sendable {
        var name: String
        var type: String
    }

    var name: String
    var description: String
    /// The registered GeoPackage geometry column and its type, for feature tables.
    var geometryType: String?
    /// Columns in insert order, without `fid`, `geom` and the provenance columns.
    var columns: [Column]
    var provenance = Provenance.required

    enum Provenance: Sendable {
        /// Every row comes from a source location.
        case required
        /// Some rows are derived (the outdoor level) or concern no single place.
        case optional
        case none
    }

    static let geometryColumn = "geom"
    static func provenanceColumns(fileRequired: Bool) -> [Column] { [
        Column(name: "source_file", type: fileRequired ? "TEXT NOT NULL" : "TEXT"),
        Column(name: "source_line", type: "INTEGER"),
        Column(name: "source_column", type: "INTEGER"),
        Column(name: "source_feature", type: "TEXT"),
    ] }

    /// Every column after `fid`, in insert order.
    var insertColumns: [Column] {
        var all = columns
        if let geometryType { all.append(Column(name: Self.geometryColumn, type: geometryType)) }
        switch provenance {
        case .required: all += Self.provenanceColumns(fileRequired: true)
        case .optional: all += Self.provenanceColumns(fileRequired: false)
        case .none: break
        }
        return all
    }

    var createStatement: String {
        let body = ["fid INTEGER PRIMARY KEY AUTOINCREMENT"] + insertColumns.map { "\($0.name) \($0.type)" }
        return "CREATE TABLE \(name) (\n  " + body.joined(separator: ",\n  ") + "\n)"
    }

    var insertStatement: String {
        let names = insertColumns.map(\.name)
        let placeholders = names.indices.map { "?\($0 + 1)" }
        return "INSERT INTO \(name) (\(names.joined(separator: ", "))) VALUES (\(placeholders.joined(separator: ", ")))"
    }

    var selectStatement: String {
        "SELECT \(insertColumns.map(\.name).joined(separator: ", ")) FROM \(name) ORDER BY fid"
    }
}

extension StagingTable.Column {
    static func text(_ name: String, notNull: Bool = false) -> Self {
        Self(name: name, type: notNull ? "TEXT NOT NULL" : "TEXT")
    }

    static func integer(_ name: String, notNull: Bool = false) -> Self {
        Self(name: name, type: notNull ? "INTEGER NOT NULL" : "INTEGER")
    }

    static func real(_ name: String, notNull: Bool = false) -> Self {
        Self(name: name, type: notNull ? "REAL NOT NULL" : "REAL")
    }

    /// The accessibility attributes every walkable feature table carries.
    static let accessibility: [Self] = [
        .text("wheelchair"), .integer("lit"), .text("surface"), .text("smoothness"), .text("track_type"),
        .text("sac_scale"), .real("width"), .real("incline"), .text("incline_direction"), .real("kerb_height"),
        .integer("tactile_paving"), .integer("handrail"),
    ]
}
