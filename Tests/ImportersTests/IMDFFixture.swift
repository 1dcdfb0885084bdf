import Foundation
@testable import Importers
import VenueModel

/// A small IMDF delivery written on the fly: one building with two levels, a walkway, rooms,
/// a stairwell and a lift unit on both levels, doors, an amenity and an occupant.
struct IMDFFixture {
    static let projection = LocalProjection(origin: Coordinate(latitude: 60.007, longitude: 30.38))

    var files: [String: String] = [:]

    static func position(_ x: Double, _ y: Double) -> String {
        let point = projection.unproject(PlanarPoint(x: x, y: y))
        return "[\(point.longitude), \(point.latitude)]"
    }

    static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> String {
        let ring = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)].map { position($0.0, $0.1) }.joined(separator: ", ")
        return #"{"type": "Polygon", "coordinates": [[\#(ring)]]}"#
    }

    static func collection(_ features: [String]) -> String {
        #"{"type": "FeatureCollection", "features": [\#n"# + features.joined(separator: ",\n") + "\n]}"
    }

    static func feature(_ id: String, _ type: String, _ properties: String, _ geometry: String = "null") -> String {
        #"{"id": "\#(id)", "type": "Feature", "feature_type": "\#(type)", "properties": {\#(properties)}, "geometry": \#(geometry)}"#
    }

    /// A typical delivery; tests change parts of it.
    static func standard() -> IMDFFixture {
        var fixture = IMDFFixture()
        fixture.files["manifest.json"] = #"{"version": "1.0.0", "language": "en"}"#
        fixture.files["address.geojson"] = collection([
            feature("addr", "address", #""address": "Polytechnicheskaya 29", "locality": "St. Petersburg", "country": "RU", "postal_code": "195251""#),
        ])
        fixture.files["building.geojson"] = collection([
            feature("bld", "building", #""name": {"en": "Main building", "ru": "Главный корпус"}, "category": "unspecified", "address_id": "addr""#,
                    rectangle(0, 0, 40, 20)),
        ])
        fixture.files["level.geojson"] = collection([
            feature("L1", "level", #""ordinal": 0, "short_name": {"en": "1"}, "outdoor": false, "building_ids": ["bld"]"#, rectangle(0, 0, 40, 20)),
            feature("L2", "level", #""ordinal": 1, "short_name": {"en": "2"}, "outdoor": false, "building_ids": ["bld"]"#, rectangle(0, 0, 40, 20)),
        ])
        var units: [String] = []
        for (level, suffix) in [("L1", "1"), ("L2", "2")] {
            units.append(feature("walk\(suffix)", "unit", #""category": "walkway", "level_id": "\#(level)""#, rectangle(0, 0, 40, 4)))
            units.append(feature("room\(suffix)", "unit", #""category": "classroom", "level_id": "\#(level)", "name": {"en": "Classroom \#(suffix)01", "ru": "Кабинет \#(suffix)01"}, "accessibility": ["wheelchair"]"#,
                                 rectangle(0, 4, 10, 12)))
            units.append(feature("stairs\(suffix)", "unit", #""category": "stairs", "level_id": "\#(level)", "restriction": "restricted""#,
                                 rectangle(30, 4, 34, 10)))
            units.append(feature("lift\(suffix)", "unit", #""category": "elevator", "level_id": "\#(level)""#, rectangle(36, 4, 38, 6)))
        }
        fixture.files["unit.geojson"] = collection(units)
        let door = #"{"type": "LineString", "coordinates": [\#(position(4, 4)), \#(position(6, 4))]}"#
        fixture.files["opening.geojson"] = collection([
            feature("door1", "opening", #""category": "pedestrian", "level_id": "L1", "door": {"type": "sliding", "automatic": true}"#, door),
            feature("main", "opening", #""category": "pedestrian.principal", "level_id": "L1""#,
                    #"{"type": "LineString", "coordinates": [\#(position(0, 1)), \#(position(0, 3))]}"#),
        ])
        fixture.files["amenity.geojson"] = collection([
            feature("atm", "amenity", #""category": "atm", "name": {"en": "Cash machine"}, "unit_ids": ["walk1"], "hours": "24/7""#,
                    #"{"type": "Point", "coordinates": \#(position(20, 2))}"#),
        ])
        fixture.files["anchor.geojson"] = collection([
            feature("anc", "anchor", #""unit_id": "room2""#, #"{"type": "Point", "coordinates": \#(position(5, 8))}"#),
        ])
        fixture.files["occupant.geojson"] = collection([
            feature("occ", "occupant", #""name": {"en": "Dean's office"}, "category": "administration", "anchor_id": "anc", "shortName": {"en": "201"}, "phone": "+7 812 000""#),
        ])
        return fixture
    }

    /// Writes the delivery as a folder.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("imdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
        return url
    }

    /// Writes the delivery as a zip archive, everything inside one folder as exporters do.
    private func archive() throws -> URL {
        var writer = ZipTestWriter()
        for name in files.keys.sorted() { writer.add("venue/\(name)", files[name] ?? "") }
        return try writer.write()
    }

    func read(_ url: URL) throws(ImportError) -> ImportedData {
        try IMDFImporter.read(url, displayName: "campus", inputID: "c", options: IMDFImportOptions())
    }

    /// Reads the delivery written as a folder, which is removed again.
    func readFolder() throws -> ImportedData {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        return try read(url)
    }

    /// Reads the delivery written as a zip archive, which is removed again.
    func readArchive() throws -> ImportedData {
        let url = try archive()
        defer { try? FileManager.default.removeItem(at: url) }
        return try read(url)
    }

    /// The errors reading the delivery as a folder gives, as printed; empty when it reads.
    func errors() -> [String] {
        do {
            _ = try readFolder()
            return []
        } catch let failure as ImportError {
            return failure.problems.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    func venue() throws -> (venue: Venue, issues: [VenueModel.Issue]) {
        try VenueAssembler(venueID: "v", venueName: "V").assemble([readFolder()])
    }
}
