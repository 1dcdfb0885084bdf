public import Foundation
import VenueModel

/// Imports a CSV table of buildings, rooms, points of interest, events or tours.
///
/// Rows are read by column name. Every bad row is reported (file:line:column and the value), and
/// nothing of the file is used unless all rows are good.
public enum CSVImporter {
    public static func read(_ data: Data, file: String, inputID: String,
                            options: CSVImportOptions) throws(ImportError) -> ImportedData {
        let table = try CSVTable(data, file: file, delimiter: options.delimiter, renamed: options.columns)
        var context = Context(table: table, inputID: inputID, options: options)
        context.noteUnusedColumns()
        switch options.table {
        case .buildings: context.readBuildings()
        case .rooms: context.readRooms()
        case .pois: context.readPointsOfInterest()
        case .events: context.readEvents()
        case .tours: context.readTours()
        }
        guard context.errors.isEmpty else { throw ImportError(collecting: context.errors) }
        return context.data
    }

    /// The state of one import: the table, what it produced, what went wrong.
    struct Context: CSVTableImport {
        let table: CSVTable
        let inputID: String
        let options: CSVImportOptions
        var data = ImportedData()
        var errors: [ImportError] = []
        /// Reads the outlines, one GEOS context for the whole table.
        let wktReader = WKTReader()

        init(table: CSVTable, inputID: String, options: CSVImportOptions) {
            self.table = table
            self.inputID = inputID
            self.options = options
        }

        mutating func noteUnusedColumns() {
            let unused = table.unusedColumns(CSVImportOptions.fields(of: options.table))
            guard !unused.isEmpty else { return }
            data.issues.append(Issue(
                code: .unusedColumn,
                message: "columns \(unused.map { "'\($0)'" }.joined(separator: ", ")) are not read for a \(options.table.rawValue) table",
                location: SourceLocation(file: table.file, line: table.headerLine)))
        }

        func reader(for row: CSVRow) -> AttributeReader {
            AttributeReader(text: { row.string($0) }, location: { row.location($0) })
        }

        /// A stable id: the row's own ref or id column, else its line.
        func id(for row: CSVRow, preferring field: String) -> String {
            "\(inputID):\(row.string(field) ?? "line\(row.line)")"
        }

        /// A point from `lat` and `lon` columns, when both are given.
        func point(in row: CSVRow) throws(ImportError) -> Coordinate? {
            let latitude = try row.double("lat")
            let longitude = try row.double("lon")
            switch (latitude, longitude) {
            case (nil, nil):
                return nil
            case let (latitude?, longitude?):
                let coordinate = Coordinate(latitude: latitude, longitude: longitude)
                guard coordinate.isValid else {
                    throw .invalidInput("lat/lon \(latitude), \(longitude) lies outside WGS 84 bounds", at: row.location("lat"))
                }
                return coordinate
            case (nil, _):
                throw .invalidInput("lon is given without lat", at: row.location("lon"))
            case (_, nil):
                throw .invalidInput("lat is given without lon", at: row.location("lat"))
            }
        }

        /// Checks the rings of a polygon read from WKT.
        func checked(_ polygons: [Polygon], at location: SourceLocation) throws(ImportError) -> [Polygon] {
            for polygon in polygons {
                if let problem = polygon.structuralProblem() { throw .invalidInput(problem.description, at: location) }
            }
            return polygons
        }
    }
}
