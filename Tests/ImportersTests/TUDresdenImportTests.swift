import Foundation
import Geometry
import Testing
@testable import Importers
import VenueModel

/// The Andreas-Pfitzmann-Bau of TU Dresden: a real building in Simple Indoor Tagging.
@Suite(.enabled(if: SharedData.has("osm/tu-dresden-apb.osm"), Comment(rawValue: SharedData.missingMessage)))
struct TUDresdenImportTests {
    static let xml = SharedData.file("osm/tu-dresden-apb.osm")

    func venue(_ url: URL) throws -> Venue {
        let data = try OSMImporter.read(url, displayName: "tu-dresden-apb", inputID: "apb", options: OSMImportOptions())
        return try VenueAssembler(venueID: "apb", venueName: "APB").assemble([data]).venue
    }

    @Test(.enabled(if: SharedData.has("osm/tu-dresden-apb.osm.pbf")))
    func xmlAndPBFImportToTheSameVenue() throws {
        let fromXML = try venue(Self.xml)
        let fromPBF = try venue(SharedData.file("osm/tu-dresden-apb.osm.pbf"))
        #expect(fromXML.spaces.count == fromPBF.spaces.count && fromXML.openings.count == fromPBF.openings.count)
        #expect(fromXML == fromPBF)
    }

    @Test func importsLevelsRoomsCorridorsAndDoors() throws {
        let venue = try venue(Self.xml)
        let building = try #require(venue.buildings.first { $0.id == "APB" })
        #expect(building.name == "Andreas-Pfitzmann-Bau")
        let ordinals = venue.levels.filter { $0.buildingID == "APB" }.map(\.ordinal)
        #expect(Set([0.0, 1, 2, 3]).isSubset(of: Set(ordinals)))

        // Every indoor=room outline becomes a space; lift rooms and stairwell rooms keep their role.
        let dataset = try OSMImporter.readDataset(Self.xml, displayName: "apb", encoding: nil)
        let roomWays = Set(dataset.ways.filter { $0.tags["indoor"] == "room" }.map { "way/\($0.id)" })
        let roomSpaces = venue.spaces.filter { roomWays.contains($0.source.feature ?? "") }
        #expect(roomWays.count == 400 && roomSpaces.count == 400)
        let rooms = venue.spaces.filter { $0.kind == .room }.count
        #expect(rooms >= 390)
        let corridors = venue.spaces.filter { $0.kind == .corridor }.count
        #expect(corridors >= 40)

        let locator = SpaceLocator(venue: venue)
        let attached = venue.openings.filter { opening in
            opening.levelIDs.contains { level in
                locator.spaces(withOutlineNear: opening.location, levelID: level, tolerance: 0.5)
                    .contains { venue.spaces[$0].kind.isWalkable }
            }
        }.count
        #expect(attached >= 490)
        print("TU Dresden import: levels \(ordinals.map(Level.formatOrdinal).joined(separator: ", ")); "
              + "\(roomSpaces.count) indoor=room outlines (\(rooms) rooms), \(corridors) corridors, "
              + "\(venue.openings.count) doors of which \(attached) on a space outline, "
              + "\(venue.connectors.count) connectors, \(venue.paths.count) paths, \(venue.pointsOfInterest.count) points of interest")
    }
}
