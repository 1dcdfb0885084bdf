import Foundation
import Testing
@testable import Importers
import VenueModel

@Suite struct GeoJSONImporterTests {
    func read(_ features: [String], mapping: GeoJSONMapping = GeoJSONMapping(building: "A")) throws(ImportError) -> ImportedData {
        let text = "{\"type\": \"FeatureCollection\", \"features\": [\n" + features.joined(separator: ",\n") + "\n]}"
        return try GeoJSONImporter.read(Data(text.utf8), file: "plan.geojson", inputID: "plan", mapping: mapping)
    }

    func errors(_ features: [String], mapping: GeoJSONMapping = GeoJSONMapping(building: "A")) -> [String] {
        do {
            _ = try read(features, mapping: mapping)
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    static let square = #"{"type": "Polygon", "coordinates": [[[11.58, 48.15], [11.5801, 48.15], [11.5801, 48.1501], [11.58, 48.15]]]}"#
    static let point = #"{"type": "Point", "coordinates": [11.58005, 48.15]}"#
    static let line = #"{"type": "LineString", "coordinates": [[11.58, 48.15], [11.5802, 48.15]]}"#

    func feature(_ id: String, _ properties: String, _ geometry: String) -> String {
        #"{"type": "Feature", "id": "\#(id)", "properties": {\#(properties)}, "geometry": \#(geometry)}"#
    }

    @Test func classifiesByKindAndGeometry() throws {
        let data = try read([
            feature("r", #""kind": "room", "level": "0", "ref": "A.0.1", "capacity": 30, "wheelchair": "limited""#, Self.square),
            feature("s", #""kind": "stairs", "level": "0-1""#, Self.square),
            feature("d", #""kind": "door", "level": "0", "width": "90 cm", "door": "sliding", "automatic": true"#, Self.point),
            feature("e", #""kind": "entrance", "level": "0""#, Self.line),
            feature("c", #""kind": "stairs", "level": "0-1", "step_count": 20"#, Self.point),
            feature("p", #""kind": "poi", "level": "0", "name": "Printer", "category": "printer""#, Self.point),
            feature("w", #""kind": "steps", "step_count": "4", "incline": "-10%", "lit": "yes""#, Self.line),
        ])
        #expect(data.spaces.map(\.feature.kind) == [.room, .stairs])
        let room = data.spaces[0].feature
        #expect(room.id == "plan:r" && room.ref == "A.0.1" && room.capacity == 30 && room.accessibility.wheelchair == .limited)
        #expect(room.source.feature == "r" && room.source.line == 2)
        #expect(data.spaces[1].levels.value == "0-1" && data.spaces[1].levels.building == "A")
        let door = try #require(data.openings.first?.feature)
        #expect(door.accessibility.width == 0.9 && door.doorType == .sliding && door.isAutomatic == true && !door.isEntrance)
        let entrance = data.openings[1].feature
        #expect(entrance.isEntrance && entrance.line?.count == 2)
        #expect(abs(entrance.location.longitude - 11.5801) < 1e-9)
        #expect(data.connectors.first?.feature.kind == .stairs && data.connectors.first?.feature.stepCount == 20)
        #expect(data.pointsOfInterest.first?.feature.name == "Printer")
        let path = try #require(data.paths.first?.feature)
        #expect(path.kind == .steps && path.stepCount == 4 && path.accessibility.incline == -10 && path.accessibility.lit == true)
    }

    @Test func mapsPropertiesKindsAndLevels() throws {
        let mapping = GeoJSONMapping(building: "B", properties: ["kind": "Layer", "level": "Floor", "ref": "RoomNo"],
                                     kinds: ["A-ROOM": "room", "A-DOOR": "door"], levels: ["EG": "0", "OG1": "1"])
        let data = try read([
            feature("1", #""Layer": "A-ROOM", "Floor": "OG1", "RoomNo": "B.1.01""#, Self.square),
            feature("2", #""Layer": "a-door", "Floor": "EG""#, Self.point),
            feature("3", #""Layer": "A-FURN", "Floor": "EG""#, Self.square),
        ], mapping: mapping)
        #expect(data.spaces.count == 1 && data.spaces[0].feature.ref == "B.1.01")
        #expect(data.spaces[0].levels == LevelReference(building: "B", value: "1", location: data.spaces[0].feature.source))
        #expect(data.openings.count == 1 && data.openings[0].levels.value == "0")
        #expect(data.issues.map(\.code) == [.unknownKind])
        #expect(data.issues[0].location?.feature == "3")
    }

    @Test func badValuesAreErrorsNamingTheFeature() {
        let found = errors([
            feature("r1", #""kind": "room", "level": "0", "capacity": "many""#, Self.square),
            feature("d1", #""kind": "door", "level": "0", "width": "wide""#, Self.point),
            feature("p1", #""kind": "poi", "level": "0""#, Self.point),
            feature("x1", #""kind": "room", "level": "0", "name": {"en": "Hall"}"#, Self.square),
        ])
        #expect(found == [
            "plan.geojson:2:1 (feature r1): capacity: 'many' is not a whole number",
            "plan.geojson:3:1 (feature d1): width: 'wide' is not a length (metres, or a number with m, cm or mm)",
            "plan.geojson:4:1 (feature p1): a point of interest needs a name",
            #"plan.geojson:5:1 (feature x1): property 'name' is an object ({"en":"Hall"}); expected text or a number"#,
        ])
    }

    @Test func badGeometryIsAnError() {
        let tooFew = #"{"type": "Polygon", "coordinates": [[[11.58, 48.15], [11.5801, 48.15], [11.58, 48.15]]]}"#
        let open = #"{"type": "Polygon", "coordinates": [[[11.58, 48.15], [11.5801, 48.15], [11.5801, 48.1501], [11.58, 48.1501]]]}"#
        let projected = #"{"type": "Point", "coordinates": [1289000.5, 6130000.2]}"#
        let found = errors([
            feature("a", #""kind": "room", "level": "0""#, tooFew),
            feature("b", #""kind": "room", "level": "0""#, open),
            feature("c", #""kind": "door", "level": "0""#, projected),
            feature("d", #""kind": "room", "level": "0""#, #"{"type": "Circle", "coordinates": [0, 0]}"#),
        ])
        #expect(found.count == 4)
        #expect(found[0].contains("(feature a)") && found[0].contains("at least 4 positions"))
        #expect(found[1].contains("(feature b)") && found[1].contains("not closed"))
        #expect(found[2].contains("(feature c)") && found[2].contains("outside WGS 84 bounds"))
        #expect(found[3].contains("(feature d)") && found[3].contains("'Circle' is not supported"))
    }

    @Test func geometryErrorsPointAtTheGeometryAndQuoteTheValue() throws {
        let text = feature("e", #""kind": "door", "level": "0""#, #"{"type": "Point", "coordinates": [11.58, "x"]}"#)
        let column = try #require(text.range(of: #""geometry": "#)).upperBound.utf16Offset(in: text) + 1
        #expect(errors([text]) == [
            #"plan.geojson:2:\#(column) (feature e): a position must be [longitude, latitude], found [11.58,"x"]"#,
        ])
    }

    @Test func malformedJSONNamesLineAndColumn() {
        let text = "{\"type\": \"FeatureCollection\",\n \"features\": [\n  {\"type\": \"Feature\" \"id\": 1}\n]}"
        do {
            _ = try GeoJSONImporter.read(Data(text.utf8), file: "bad.geojson", inputID: "bad", mapping: GeoJSONMapping())
            Issue.record("expected an error")
        } catch {
            #expect(error.problems.map(\.description) == ["bad.geojson:3:22: expected ',' or '}' after an object member, found '\"'"])
        }
    }

    @Test func featuresWithoutKindOrGeometryAreSkippedWithAWarning() throws {
        let data = try read([
            feature("n", #""name": "note""#, Self.point),
            #"{"type": "Feature", "id": "g", "properties": {"kind": "room", "level": "0"}, "geometry": null}"#,
        ])
        #expect(data.featureCount == 0)
        #expect(data.issues.map(\.code) == [.unknownKind, .noGeometry])
    }

    @Test func numericIDsAndIndexesNameFeatures() throws {
        let data = try read([
            #"{"type": "Feature", "id": 42, "properties": {"kind": "room", "level": "0"}, "geometry": \#(Self.square)}"#,
            #"{"type": "Feature", "properties": {"kind": "room", "level": "0"}, "geometry": \#(Self.square)}"#,
        ])
        #expect(data.spaces.map(\.feature.id) == ["plan:42", "plan:#1"])
    }
}
