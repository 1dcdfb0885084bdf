import Foundation
import Testing
@testable import Importers
import VenueModel

/// Features with a `tour` property read as tours (docs/input-formats.md#geojson-rfc-7946).
@Suite struct GeoJSONTourTests {
    func read(_ features: [String], mapping: GeoJSONMapping = GeoJSONMapping(building: "A")) throws(ImportError) -> ImportedData {
        let text = "{\"type\": \"FeatureCollection\", \"features\": [\n" + features.joined(separator: ",\n") + "\n]}"
        return try GeoJSONImporter.read(Data(text.utf8), file: "plan.geojson", inputID: "plan", mapping: mapping)
    }

    func errors(_ features: [String]) -> [String] {
        do {
            _ = try read(features)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    func feature(_ id: String, _ properties: String, _ geometry: String) -> String {
        #"{"type": "Feature", "id": "\#(id)", "properties": {\#(properties)}, "geometry": \#(geometry)}"#
    }

    static let line = #"{"type": "LineString", "coordinates": [[11.58, 48.15], [11.5802, 48.15], [11.5802, 48.1502]]}"#

    @Test func aLineStringWithATourIsATourOnly() throws {
        let data = try read([
            feature("t1", #""tour": "Morning Run", "route": "Running", "kind": "footway", "level": "0""#, Self.line),
            feature("t2", #""tour": "Heritage trail""#, Self.line),
        ])
        #expect(data.paths.isEmpty && data.issues.isEmpty)
        #expect(data.tours.count == 2)
        let run = data.tours[0]
        #expect(run.tour.id == "plan:t1" && run.tour.name == "Morning Run" && run.tour.kind == .running)
        #expect(run.tour.coordinates == [Coordinate(latitude: 48.15, longitude: 11.58), Coordinate(latitude: 48.15, longitude: 11.5802),
                                         Coordinate(latitude: 48.1502, longitude: 11.5802)])
        #expect(run.tour.source.feature == "t1" && run.tour.source.line == 2)
        #expect(run.levels.count == 3 && run.levels.allSatisfy { $0.building == "A" && $0.value == "0" })
        #expect(data.tours[1].tour.kind == .foot)
    }

    @Test func multiLineStringPartsAreChainedAndAGapIsReported() throws {
        // Part 1 drawn against the route, part 2 starting elsewhere.
        let parts = #"{"type": "MultiLineString", "coordinates": [[[11.58, 48.15], [11.5801, 48.15]], "#
            + #"[[11.5802, 48.15], [11.5801, 48.15]], [[11.5803, 48.1501], [11.5804, 48.1501]]]}"#
        let data = try read([feature("t", #""tour": "Loop", "route": "hiking""#, parts)])
        let tour = try #require(data.tours.first?.tour)
        #expect(tour.kind == .hiking)
        #expect(tour.coordinates.map(\.longitude) == [11.58, 11.5801, 11.5802, 11.5803, 11.5804])
        #expect(data.issues.map(\.code) == [.tourIncomplete])
        #expect(data.issues.first?.message.contains("lines 1 and 2 do not meet") == true)
        #expect(data.issues.first?.location?.feature == "t" && data.issues.first?.coordinate?.longitude == 11.5802)
    }

    @Test func badRoutesAndGeometriesAreErrors() {
        let found = errors([
            feature("a", #""tour": "A", "route": "bicycle""#, Self.line),
            feature("b", #""tour": "B""#, #"{"type": "Point", "coordinates": [11.58, 48.15]}"#),
        ])
        #expect(found == [
            "plan.geojson:2:1 (feature a): route: 'bicycle' is not one of foot, hiking, running, fitness_trail",
            "plan.geojson:3:73 (feature b): a tour is a LineString or MultiLineString, found 'Point'",
        ])
    }

    @Test func aRoutePropertyOnOtherFeaturesIsNotRead() throws {
        let data = try read([feature("p", #""kind": "footway", "route": ["a", "b"]"#, Self.line)])
        #expect(data.paths.count == 1 && data.tours.isEmpty)
    }
}
