import Foundation
@testable import Importers
import VenueModel

/// Small OSM documents written on the fly: a grid of nodes in metres and elements over them.
struct OSMFixture {
    static let projection = LocalProjection(origin: Coordinate(latitude: 51.025, longitude: 13.722))

    private var nodes: [String] = []
    private var elements: [String] = []

    /// A node at (x, y) metres with tags.
    mutating func node(_ id: Int, _ x: Double, _ y: Double, _ tags: [String: String] = [:]) {
        let position = Self.projection.unproject(PlanarPoint(x: x, y: y))
        nodes.append("<node id=\"\(id)\" lat=\"\(position.latitude)\" lon=\"\(position.longitude)\"\(Self.body(tags, "node"))")
    }

    mutating func way(_ id: Int, _ nodeIDs: [Int], _ tags: [String: String]) {
        let refs = nodeIDs.map { "<nd ref=\"\($0)\"/>" }.joined()
        elements.append("<way id=\"\(id)\">\(refs)\(Self.tags(tags))</way>")
    }

    mutating func relation(_ id: Int, _ members: [(String, Int, String)], _ tags: [String: String]) {
        let list = members.map { "<member type=\"\($0.0)\" ref=\"\($0.1)\" role=\"\($0.2)\"/>" }.joined()
        elements.append("<relation id=\"\(id)\">\(list)\(Self.tags(tags))</relation>")
    }

    /// A closed rectangular way from (x0, y0) to (x1, y1); node ids start at `firstNode`.
    mutating func rectangle(_ id: Int, firstNode: Int, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                            _ tags: [String: String]) {
        node(firstNode, x0, y0)
        node(firstNode + 1, x1, y0)
        node(firstNode + 2, x1, y1)
        node(firstNode + 3, x0, y1)
        way(id, [firstNode, firstNode + 1, firstNode + 2, firstNode + 3, firstNode], tags)
    }

    var xml: String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n" + (nodes + elements).joined(separator: "\n")
            + "\n</osm>\n"
    }

    private static func tags(_ tags: [String: String]) -> String {
        tags.keys.sorted().map { key in "<tag k=\"\(escape(key))\" v=\"\(escape(tags[key] ?? ""))\"/>" }.joined()
    }

    private static func body(_ tags: [String: String], _ element: String) -> String {
        tags.isEmpty ? "/>" : ">\(Self.tags(tags))</\(element)>"
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;")
    }

    /// Writes the document and imports it.
    func importData(building: String? = nil) throws -> ImportedData {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID().uuidString).osm")
        try Data(xml.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try OSMImporter.read(url, displayName: "fixture.osm", inputID: "f", options: OSMImportOptions(building: building))
    }

    /// Imports and assembles the venue, as the import stage does.
    func venue() throws -> (venue: Venue, issues: [VenueModel.Issue]) {
        try VenueAssembler(venueID: "v", venueName: "V").assemble([importData()])
    }

    /// A building outline 0..40 × 0..20 m with levels -1..3, the usual frame for indoor fixtures.
    static func building(_ extra: [String: String] = [:]) -> OSMFixture {
        var fixture = OSMFixture()
        var tags = ["building": "university", "ref": "B", "min_level": "-1", "max_level": "3"]
        tags.merge(extra) { _, new in new }
        fixture.rectangle(1, firstNode: 1, 0, 0, 40, 20, tags)
        return fixture
    }
}
