import Foundation
import NavBundle
@testable import RoutingGraph
import VenueModel
import NavFormat
import BundleWriting

/// A two-storey house drawn in metres: on each level a corridor (20 × 3 m) and a room above it
/// (10 × 6 m) with a door between them; stairs and a lift in the corridor; an entrance on the
/// corridor's west wall with a footway leading to it.
enum SmallVenue {
    static let projection = LocalProjection(origin: Coordinate(latitude: 48.15, longitude: 11.58))

    static func at(_ x: Double, _ y: Double) -> Coordinate {
        projection.unproject(PlanarPoint(x: x, y: y))
    }

    static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> SpaceGeometry {
        .polygon(Polygon(exterior: [at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1), at(x0, y0)]))
    }

    static func venue(stairsWheelchair: WheelchairAccess? = nil, roomDoor: Bool = true) -> Venue {
        let source = VenueModel.SourceLocation(file: "house.geojson")
        var venue = Venue(id: "house", name: "House")
        venue.buildings = [Building(id: "H", name: "House", address: nil, footprint: nil, source: source)]
        venue.levels = [Level(id: "H@0", buildingID: "H", ordinal: 0, name: "Ground", source: source),
                        Level(id: "H@1", buildingID: "H", ordinal: 1, name: "Upper", source: source),
                        .outdoor()]
        for level in 0...1 {
            venue.spaces.append(Space(id: "corridor\(level)", kind: .corridor, buildingID: "H", levelIDs: ["H@\(level)"],
                                      geometry: rectangle(0, 0, 20, 3), name: "Corridor \(level)", source: source))
            venue.spaces.append(Space(id: "room\(level)", kind: .room, buildingID: "H", levelIDs: ["H@\(level)"],
                                      geometry: rectangle(0, 3, 10, 9), name: "Room", ref: "H.\(level).1", source: source))
        }
        if roomDoor {
            venue.openings.append(Opening(id: "door", levelIDs: ["H@0", "H@1"], location: at(5, 3), isEntrance: false,
                                          source: source))
        }
        venue.openings.append(Opening(id: "entrance", levelIDs: ["H@0"], location: at(0, 1.5), isEntrance: true,
                                      name: "Front door", source: source))
        venue.connectors = [
            Connector(id: "stairs", kind: .stairs, buildingID: "H", levelIDs: ["H@0", "H@1"], location: at(18, 1.5),
                      name: "Stairs", stepCount: 18, accessibility: Accessibility(wheelchair: stairsWheelchair),
                      source: source),
            Connector(id: "lift", kind: .elevator, buildingID: "H", levelIDs: ["H@0", "H@1"], location: at(14, 1.5),
                      name: "Lift", source: source),
        ]
        venue.paths = [Path(id: "walk", kind: .footway, levelID: Level.outdoorID, coordinates: [at(-30, 1.5), at(0, 1.5)],
                            name: "Garden path", source: source)]
        venue.pointsOfInterest = [
            PointOfInterest(id: "desk", name: "Desk", category: "desk", location: at(3, 6), buildingID: "H",
                            levelID: "H@1", source: source),
            PointOfInterest(id: "gate", name: "Gate", category: "gate", location: at(-29, 2), buildingID: nil,
                            levelID: Level.outdoorID, source: source),
            PointOfInterest(id: "far", name: "Far away", category: "x", location: at(-500, 2), buildingID: nil,
                            levelID: Level.outdoorID, source: source),
            // Placed by its room's ref alone, written in another case than the room's.
            PointOfInterest(id: "printer", name: "Printer", category: "printer", location: nil, buildingID: "H",
                            levelID: "H@0", roomRef: "h.0.1", source: source),
        ]
        return venue
    }

    /// The compiled graph as a bundle, to route on.
    static func bundle(_ compiled: CompiledGraph) throws -> VenueBundle {
        var contents = BundleContents(metadata: BundleMetadata(venueID: "house", venueName: "House", bundleVersion: "1.0.0",
                                                               generator: "test", sources: []))
        contents.levels = compiled.graph.levelIDs.map {
            BundleContents.Level(id: $0, name: nil, buildingID: $0 == "outdoor" ? nil : "H", buildingName: nil, ordinal: 0)
        }
        contents.nodes = compiled.graph.nodes.map {
            BundleContents.Node(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, level: $0.level,
                                kind: $0.kind, label: $0.label)
        }
        contents.arcs = compiled.graph.arcs.map {
            BundleContents.Arc(tail: $0.tail, head: $0.head, length: $0.length, kind: $0.kind, label: $0.label,
                               isIndoor: $0.attributes.isIndoor,
                               via: $0.via.map { BundleContents.Position(latitude: $0.latitude, longitude: $0.longitude) })
        }
        contents.profiles = compiled.profiles.map { BundleContents.Profile(name: $0.name, costs: $0.costs) }
        contents.egress = compiled.egress.map { BundleContents.Egress(exit: $0.exit, cost: $0.cost, firstArc: $0.firstArc) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("house-\(UUID().uuidString).navbundle")
        try BundleWriter.write(contents, to: url)
        // The bundle maps the file, so the name can go at once.
        defer { try? FileManager.default.removeItem(at: url) }
        return try VenueBundle(path: url.path)
    }
}

extension CompiledGraph {
    /// The graph as it reads back from its artifact file, written to a temporary file and removed.
    func readBackFromArtifact() throws -> CompiledGraph {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("graph-\(UUID().uuidString).navgraph")
        try write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try CompiledGraph.read(from: url)
    }
}
