import Foundation
@testable import NavBundle
import NavFormat
import BundleWriting

/// A small hand-made bundle: two levels, a corridor with two rooms, stairs, a profile that may
/// not take the stairs, and egress tables leading out through the ground-floor office.
enum BundleFixture {
    static func contents() -> BundleContents {
        var contents = BundleContents(metadata: BundleMetadata(
            venueID: "fixture", venueName: "Fixture Hall", bundleVersion: "1.2.3", generator: "test",
            sources: [.init(path: "plan.geojson", sha256: String(repeating: "ab", count: 32))]))
        contents.levels = [
            .init(id: "H@0", name: "Ground", buildingID: "H", buildingName: "Hall", ordinal: 0),
            .init(id: "H@1", name: "Upper", buildingID: "H", buildingName: "Hall", ordinal: 1),
        ]
        func node(_ x: Double, _ level: Int, _ kind: NodeKind, _ label: String?) -> BundleContents.Node {
            .init(latitude: 48.15, longitude: 11.58 + x * 1e-5, level: level, kind: kind, label: label)
        }
        contents.nodes = [
            node(0, 0, .room, "H.0.1 Office"),   // 0
            node(1, 0, .door, nil),              // 1
            node(2, 0, .connectorLanding, "Stairs"), // 2
            node(2, 1, .connectorLanding, "Stairs"), // 3
            node(3, 1, .door, nil),              // 4
            node(4, 1, .room, "H.1.1 Lab"),      // 5
        ]
        func both(_ a: Int, _ b: Int, _ length: Double, _ kind: ArcKind, _ label: String) -> [BundleContents.Arc] {
            [.init(tail: a, head: b, length: length, kind: kind, label: label, isIndoor: true),
             .init(tail: b, head: a, length: length, kind: kind, label: label, isIndoor: true)]
        }
        contents.arcs = both(0, 1, 4, .walk, "H.0.1 Office") + both(1, 2, 10, .walk, "Corridor 0")
            + both(2, 3, 6, .stairs, "Stairs") + both(3, 4, 10, .walk, "Corridor 1") + both(4, 5, 4, .walk, "H.1.1 Lab")
        // The lab's arcs bend around one corner of the lab.
        let corner = BundleContents.Position(latitude: 48.15002, longitude: 11.580035)
        contents.arcs[8].via = [corner]
        contents.arcs[9].via = [corner]
        let walking = contents.arcs.map { UInt32($0.length * 1000) }
        let noStairs = contents.arcs.map { $0.kind == .stairs ? BundleFormat.impassable : UInt32($0.length * 1000) }
        contents.profiles = [.init(name: "foot", costs: walking), .init(name: "wheelchair", costs: noStairs)]
        contents.places = [
            .init(kind: .room, ref: "H.0.1", name: "Office", category: "office", buildingName: "Hall", level: 0,
                  node: 0, latitude: 48.15, longitude: 11.58, capacity: 4),
            .init(kind: .room, ref: "H.1.1", name: "Lab", category: "lab", buildingName: "Hall", level: 1, node: 5,
                  latitude: 48.15, longitude: 11.58004, capacity: 20),
            .init(kind: .pointOfInterest, ref: "CAFE", name: "Café Crème", category: "cafe", description: "Coffee",
                  level: 0, node: nil, latitude: 48.1501, longitude: 11.5801, openingHours: "Mo-Fr 08:00-16:00",
                  phone: "+49 1", email: "cafe@example.org", website: "https://example.org", geofenceRadius: 12.5),
        ]
        // The office's node 0 is the way out; the wheelchair profile cannot come down the stairs.
        let none = BundleFormat.none
        contents.egress = [
            .init(exit: [0, 0, 0, 0, 0, 0], cost: [0, 4000, 14000, 20000, 30000, 34000], firstArc: [none, 1, 3, 5, 7, 9]),
            .init(exit: [0, 0, 0, none, none, none], cost: [0, 4000, 14000, none, none, none],
                  firstArc: [none, 1, 3, none, none, none]),
        ]
        contents.events = [.init(place: 1, title: "Open lab", description: "All welcome", start: 1_764_580_500,
                                 end: 1_764_586_000)]
        return contents
    }

    /// Writes the fixture to a temporary file and returns its path; the caller removes the file.
    static func write(_ contents: BundleContents = contents()) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID().uuidString).navbundle")
        try BundleWriter.write(contents, to: url)
        return url.path
    }

    /// Writes the fixture and opens it; the file is removed at once, since the bundle maps it.
    static func open(_ contents: BundleContents = contents()) throws -> VenueBundle {
        let path = try write(contents)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try VenueBundle(path: path)
    }
}
