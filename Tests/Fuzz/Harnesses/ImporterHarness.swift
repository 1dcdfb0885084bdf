import Foundation
import Importers

/// The importers' entry points, each followed by the venue assembler on what it imported.
enum ImporterHarness {
    static func osm(_ data: Data, target: FuzzTarget) {
        // Compressed XML is told by its first bytes, as a pipeline without `encoding` does.
        let (name, encoding): (String, OSMImportOptions.Encoding?) = switch target {
        case .osmPBF: ("input.osm.pbf", .pbf)
        case .osmGzip: ("input.osm.gz", nil)
        case .osmBzip2: ("input.osm.bz2", nil)
        default: ("input.osm", .xml)
        }
        let url = FuzzScratch.file(name, data)
        assemble(try? OSMImporter.read(url, displayName: name, inputID: "fuzz", options: OSMImportOptions(encoding: encoding)))
    }

    static func geojson(_ data: Data) {
        // The mapping of the demo's CAD export, so that property renaming and kind mapping run too.
        let mapped = GeoJSONMapping(building: "B", properties: ["kind": "Layer", "level": "Floor", "ref": "RoomNo", "name": "Label"],
                                    kinds: ["A-CORR": "corridor", "A-DOOR": "door", "A-STAIR": "stairs", "A-LIFT": "elevator"],
                                    levels: ["EG": "0", "OG1": "1", "EG;OG1": "0;1"])
        let mapping = data.first.map { $0 & 1 == 0 } ?? true ? GeoJSONMapping(building: "A") : mapped
        assemble(try? GeoJSONImporter.read(data, file: "input.geojson", inputID: "fuzz", mapping: mapping))
    }

    /// The input is an IMDF delivery's files, each introduced by a line `@@ NAME` (`@@ unit.geojson`).
    static func imdfFolder(_ data: Data) {
        let folder = FuzzScratch.emptyFolder("imdf")
        for (name, contents) in FuzzContainer.files(in: data) {
            try? contents.write(to: folder.appendingPathComponent(name))
        }
        assemble(try? IMDFImporter.read(folder, displayName: "imdf", inputID: "fuzz", options: IMDFImportOptions()))
    }

    static func imdfZip(_ data: Data) {
        let url = FuzzScratch.file("imdf.zip", data)
        assemble(try? IMDFImporter.read(url, displayName: "imdf.zip", inputID: "fuzz", options: IMDFImportOptions()))
    }

    static func csv(_ data: Data, table: CSVImportOptions.Table) {
        let delimiter: CSVDelimiter = data.first.map { $0 & 1 == 0 } ?? true ? .comma : .semicolon
        assemble(try? CSVImporter.read(data, file: "\(table.rawValue).csv", inputID: "fuzz",
                                       options: CSVImportOptions(table: table, delimiter: delimiter, building: table == .rooms ? "A" : nil)))
    }

    static func wkt(_ data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return }
        _ = try? WKTReader().read(text)
    }

    static func survey(_ data: Data, layout: SurveyImportOptions.Layout) {
        _ = try? SurveyImporter.read(data, file: "survey.csv", options: SurveyImportOptions(layout: layout))
    }

    /// Assembles a venue from one input, as the import stage does.
    private static func assemble(_ imported: ImportedData?) {
        guard let imported else { return }
        _ = try? VenueAssembler(venueID: "fuzz", venueName: "Fuzz").assemble([imported])
    }
}
