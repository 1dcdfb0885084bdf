import Foundation
import Importers
import Testing
@testable import Pipeline

/// The options of OSM inputs: compressed files told by their names, and `within:` in its three forms.
@Suite struct OSMInputOptionsTests {
    /// A pipeline with one OSM input, its options given as YAML lines under `options:`.
    func parse(path: String = "station.osm.gz", options: String) throws(PipelineFileError) -> PipelineDefinition {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try? Data().write(to: folder.appendingPathComponent(path))
        let yaml = """
            venue:
              id: v
              name: Venue
            version: 1.0.0
            inputs:
              - path: \(path)
                options:
            \(options.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
            stages:
              import:
            """
        return try PipelineFileParser.definition(yaml, url: folder.appendingPathComponent("p.yml"))
    }

    func options(path: String = "station.osm.gz", _ options: String) throws -> OSMImportOptions? {
        guard case .osm(let result) = try parse(path: path, options: options).inputs.first?.format else { return nil }
        return result
    }

    func failure(path: String = "station.osm.gz", _ options: String) -> PipelineFileError? {
        do {
            _ = try parse(path: path, options: options)
            return nil
        } catch {
            return error
        }
    }

    @Test func compressedXMLIsOSMByItsName() throws {
        #expect(try options(path: "station.osm.gz", "building: S") != nil)
        #expect(try options(path: "station.osm.bz2", "building: S") != nil)
        #expect(failure(path: "station.csv.gz", "building: S")?.message.hasPrefix("cannot tell the format of 'station.csv.gz'") == true)
    }

    @Test func withinNamesAWayARelationOrABox() throws {
        #expect(try options("within: way/123")?.within == .way(123))
        #expect(try options("within: relation/456")?.within == .relation(456))
        #expect(try options("within: {south: 49.400, west: 8.670, north: 49.407, east: 8.682}")?.within
            == .box(south: 49.4, west: 8.67, north: 49.407, east: 8.682))
        #expect(try options("within:\n  south: -33.9\n  west: 151.2\n  north: -33.8\n  east: 151.3")?.within
            == .box(south: -33.9, west: 151.2, north: -33.8, east: 151.3))
        #expect(try options("building: S")?.within == nil)
    }

    @Test func badAreasNameTheirLine() {
        // The options start on line 8.
        let range = failure("within: {south: 95, west: 8.670, north: 49.407, east: 8.682}")
        #expect(range?.line == 8 && range?.key == "inputs[0].options.within.south")
        #expect(range?.message == "south must be between -90 and 90 degrees, found 95.0")
        let east = failure("within:\n  south: 49.4\n  west: 8.67\n  north: 49.407\n  east: 181")
        #expect(east?.line == 12 && east?.message == "east must be between -180 and 180 degrees, found 181.0")
        let order = failure("within: {south: 49.407, west: 8.670, north: 49.400, east: 8.682}")
        #expect(order?.line == 8 && order?.key == "inputs[0].options.within")
        #expect(order?.message == "south (49.407) must be less than north (49.4)")
        let antimeridian = failure("within: {south: 49.4, west: 179.5, north: 49.407, east: -179.5}")
        #expect(antimeridian?.message == "west (179.5) must be less than east (-179.5); a box across the antimeridian is not supported")
        #expect(failure("within: {south: 49.4, west: 8.67, north: 49.407}")?.message == "missing required key 'east'")
        let unknown = failure("within: {south: 49.4, west: 8.67, north: 49.407, east: 8.682, top: 1}")
        #expect(unknown?.message == "unknown key; expected one of: south, west, north, east")
        #expect(failure("within: {south: north, west: 8.67, north: 49.407, east: 8.682}")?.message == "expected a number, found 'north'")
    }

    @Test func badReferencesAreRefused() {
        let expected = "expected way/ID, relation/ID or a box {south: S, west: W, north: N, east: E} in degrees"
        #expect(failure("within: way/abc")?.message == "\(expected), found 'way/abc'")
        #expect(failure("within: area/12")?.message == "\(expected), found 'area/12'")
        #expect(failure("within: 123")?.message == "\(expected), found '123'")
        #expect(failure("within: [1, 2, 3, 4]")?.message == expected)
        let node = failure("within: node/5")
        #expect(node?.line == 8 && node?.message == "a node encloses no area; name a closed way (way/ID) or a multipolygon (relation/ID)")
    }

    @Test func theAreaIsPartOfTheCacheKey() throws {
        let one = try parse(options: "within: way/1").inputs[0].canonicalOptions
        let two = try parse(options: "within: way/2").inputs[0].canonicalOptions
        #expect(one != two)
    }
}
