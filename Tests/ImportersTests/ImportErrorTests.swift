import Foundation
import Testing
@testable import Importers
import VenueModel

/// The importers' one error says whose the problem is: the caller's (an option, a path) or the
/// data's, and keeps the place and the words users see.
@Suite struct ImportErrorTests {
    /// A path in a folder that does not exist, so nothing can be at it.
    static let nowhere = FileManager.default.temporaryDirectory
        .appendingPathComponent("navforge-no-such-folder-\(UUID().uuidString)")

    func osm(_ fixture: OSMFixture, options: OSMImportOptions) throws -> ImportedData {
        let url = try CompressionTestWriter.write(Data(fixture.xml.utf8), extension: "osm")
        defer { try? FileManager.default.removeItem(at: url) }
        return try OSMImporter.read(url, displayName: "city.osm", inputID: "c", options: options)
    }

    // MARK: The caller's mistakes

    @Test func aWithinAreaTheFileDoesNotHaveIsAnInvalidOption() throws {
        let expected = ImportError.invalidOption("within way/77: the file has no way/77",
                                                 at: SourceLocation(file: "city.osm", feature: "way/77"))
        #expect(throws: expected) { try osm(OSMFixture.building(), options: OSMImportOptions(within: .way(77))) }
        #expect(expected.description == "city.osm (feature way/77): within way/77: the file has no way/77")
    }

    @Test func anImpossibleBoxIsAnInvalidOption() throws {
        let area = OSMClipArea.box(south: 51.03, west: 13.72, north: 51.02, east: 13.73)
        #expect(throws: ImportError.invalidOption(
            "within box 51.03,13.72,51.02,13.73: south (51.03) must be less than north (51.02)",
            at: SourceLocation(file: "city.osm", feature: "box 51.03,13.72,51.02,13.73"))) {
            try osm(OSMFixture.building(), options: OSMImportOptions(within: area))
        }
    }

    @Test func askingForPBFOfACompressedFileIsAnInvalidOptionButNamingItPBFIsBadInput() throws {
        let url = try CompressionTestWriter.write(CompressionTestWriter.gzip(Data(OSMFixture.building().xml.utf8)),
                                                  extension: "osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        let message = "the file is gzip-compressed, which a PBF file never is: if it holds XML, "
            + "name it .osm.gz or .osm.bz2 (or set encoding: xml); if it holds PBF, decompress it first"
        let location = SourceLocation(file: "map.osm.pbf")
        #expect(throws: ImportError.invalidOption(message, at: location)) {
            try OSMImporter.readDataset(url, displayName: "map.osm.pbf", encoding: .pbf)
        }
        #expect(throws: ImportError.invalidInput(message, at: location)) {
            try OSMImporter.readDataset(url, displayName: "map.osm.pbf", encoding: nil)
        }
    }

    @Test func aPathWithNothingAtItIsAMissingFile() {
        let osm = Self.nowhere.appendingPathComponent("map.osm")
        #expect(throws: ImportError.missingFile("cannot open the XML file", at: SourceLocation(file: "map.osm"))) {
            try OSMImporter.read(osm, displayName: "map.osm", inputID: "m", options: OSMImportOptions())
        }
        let pbf = Self.nowhere.appendingPathComponent("map.osm.pbf")
        #expect(throws: ImportError.missingFile("cannot open the PBF file", at: SourceLocation(file: "map.osm.pbf"))) {
            try OSMImporter.read(pbf, displayName: "map.osm.pbf", inputID: "m", options: OSMImportOptions())
        }
        let imdf = Self.nowhere.appendingPathComponent("venue")
        #expect(throws: ImportError.missingFile("no such file or folder", at: SourceLocation(file: "venue"))) {
            try IMDFImporter.read(imdf, displayName: "venue", inputID: "v", options: IMDFImportOptions())
        }
    }

    @Test func aPathWithSomethingAtItThatCannotBeReadIsAReadFailure() throws {
        // A folder where a file is expected: something is there, so the path is not the caller's mistake.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("navforge-\(UUID().uuidString).osm")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = ImportError.unreadable(folder, "cannot open the XML file", at: SourceLocation(file: "map.osm"))
        #expect(error == .readFailure("cannot open the XML file", at: SourceLocation(file: "map.osm")))
        let missing = ImportError.unreadable(Self.nowhere, "cannot open the XML file", at: SourceLocation(file: "map.osm"))
        #expect(missing == .missingFile("cannot open the XML file", at: SourceLocation(file: "map.osm")))
    }

    // MARK: Bad input data

    @Test func aWithinAreaTheFileCannotCompleteIsBadInput() throws {
        var fixture = OSMFixture.building()
        fixture.relation(51, [("way", 1, "outer"), ("way", 999, "outer")], ["type": "multipolygon"])
        #expect(throws: ImportError.invalidInput("within relation/51: its member way/999 is not in the file",
                                                 at: SourceLocation(file: "city.osm", feature: "relation/51"))) {
            try osm(fixture, options: OSMImportOptions(within: .relation(51)))
        }
    }

    @Test func malformedXMLIsBadInputAtItsLine() throws {
        let text = "<osm>\n<node id='1' lat='1' lon='1'><tag k='a' v='&x;'/></node></osm>\n"
        let url = try CompressionTestWriter.write(Data(text.utf8), extension: "osm")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect {
            try OSMImporter.read(url, displayName: "map.osm", inputID: "m", options: OSMImportOptions())
        } throws: { error in
            guard case .invalidInput(let message, let location) = error as? ImportError else { return false }
            return location == SourceLocation(file: "map.osm", line: 2) && message.hasPrefix("malformed XML")
        }
    }

    @Test func jsonSyntaxErrorsGainTheirFileInTheImporter() {
        #expect(throws: ImportError.jsonSyntax("expected a value, found '}'", line: 1, column: 7)) {
            try JSONParser.parse(Data(#"{"a": }"#.utf8))
        }
        #expect(ImportError.jsonSyntax("expected a value, found '}'", line: 1, column: 7).description
                == "1:7: expected a value, found '}'")
        #expect(throws: ImportError.invalidInput("expected a value, found '}'",
                                                 at: SourceLocation(file: "plan.geojson", line: 1, column: 7))) {
            try GeoJSONImporter.read(Data(#"{"a": }"#.utf8), file: "plan.geojson", inputID: "p",
                                     mapping: GeoJSONMapping(building: "A"))
        }
    }

    @Test func wktRefusalsGainTheirCellAndFeatureInTheTable() throws {
        let reader = WKTReader()
        let trailing = "unexpected 'x' at offset 12 after the end of the geometry"
        #expect(throws: ImportError.wktSyntax(trailing, offset: 12)) {
            try reader.read("POINT (1 2) x")
        }
        let table = try CSVTable(Data("ref,wkt\nA,POINT (1 2) x\nB,POINT 1 2\n".utf8), file: "rooms.csv", delimiter: .comma)
        #expect(throws: ImportError.invalidInput("invalid WKT in column 'wkt': \(trailing)",
                                                 at: SourceLocation(file: "rooms.csv", line: 2, column: 15, feature: "A"))) {
            try table.rows[0].wkt("wkt", feature: "A", reader: reader)
        }
        // GEOS's refusals have no offset: the cell's start.
        do {
            _ = try table.rows[1].wkt("wkt", feature: "B", reader: reader)
            Issue.record("expected an error")
        } catch {
            #expect(error.location == SourceLocation(file: "rooms.csv", line: 3, column: 3, feature: "B"))
            #expect(error.message.hasPrefix("invalid WKT in column 'wkt': GEOS: "))
        }
    }

    // MARK: Several problems

    @Test func oneBadRowIsThrownAloneAndSeveralTogether() throws {
        let options = CSVImportOptions(table: .rooms)
        let one = "building,level,ref,capacity,lat,lon\nA,0,A.0.01,lots,48.15,11.58\n"
        #expect(throws: ImportError.invalidInput("capacity: 'lots' is not a whole number",
                                                 at: SourceLocation(file: "t.csv", line: 2, column: 12))) {
            try CSVImporter.read(Data(one.utf8), file: "t.csv", inputID: "t", options: options)
        }
        let two = one + "A,0,A.0.02,-6,48.15,11.58\n"
        let expected = ImportError.several([
            .invalidInput("capacity: 'lots' is not a whole number", at: SourceLocation(file: "t.csv", line: 2, column: 12)),
            .invalidInput("capacity: '-6' is negative; a count must be 0 or more", at: SourceLocation(file: "t.csv", line: 3, column: 12)),
        ])
        #expect(throws: expected) {
            try CSVImporter.read(Data(two.utf8), file: "t.csv", inputID: "t", options: options)
        }
        #expect(expected.problems.count == 2)
        #expect(expected.description == """
            t.csv:2:12: capacity: 'lots' is not a whole number
            t.csv:3:12: capacity: '-6' is negative; a count must be 0 or more
            """)
    }

    @Test func collectingFlattensAndUnwraps() {
        let first = ImportError.invalidInput("a", at: SourceLocation(file: "f", line: 1))
        let second = ImportError.invalidOption("b", at: SourceLocation(file: "f"))
        #expect(ImportError(collecting: [first]) == first)
        #expect(ImportError(collecting: [.several([first]), second]) == .several([first, second]))
        #expect(ImportError.several([.several([first]), second]).problems == [first, second])
        #expect(first.location == SourceLocation(file: "f", line: 1) && first.message == "a")
        #expect(ImportError.wktSyntax("bad at offset 3", offset: 3).location == nil)
        #expect(ImportError.wktSyntax("GEOS: bad", offset: nil).description == "GEOS: bad")
    }
}
