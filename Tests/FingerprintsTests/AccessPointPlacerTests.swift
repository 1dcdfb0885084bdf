import Fingerprints
import NavFormat
import Testing
import VenueModel

/// Where crowds place the access points (docs/crowds.md, "Access points and the areas they
/// serve"): the inventory's position on a venue level, else where the survey heard it loudest.
@Suite struct AccessPointPlacerTests {
    static let levels = [
        RadioMapCompiler.VenueLevel(index: 0, level: Level(id: "B@0", buildingID: "B", ordinal: 0, name: "Ground", source: SourceLocation(file: "v"))),
        RadioMapCompiler.VenueLevel(index: 1, level: Level(id: "B@1", buildingID: "B", ordinal: 1, name: "First", source: SourceLocation(file: "v"))),
    ]

    static func map() -> RadioMap {
        let floors = [RadioMap.Floor(name: "0", building: 0, ordinal: 0, venueLevel: 0),
                      RadioMap.Floor(name: "1", building: 0, ordinal: 1, venueLevel: 1),
                      RadioMap.Floor(name: "9", building: 0, ordinal: 9, venueLevel: nil)]
        func reading(_ point: Int, _ mean: Double) -> RadioMap.Reading {
            RadioMap.Reading(accessPoint: point, mean: mean, standardDeviation: 1, heardCount: 3)
        }
        let points = [
            RadioMap.ReferencePoint(latitude: 48.0, longitude: 11.0, floor: 0, scanCount: 3, readings: [reading(0, -70), reading(1, -60)]),
            RadioMap.ReferencePoint(latitude: 48.1, longitude: 11.1, floor: 1, scanCount: 3, readings: [reading(0, -50), reading(1, -60)]),
            // The loudest of all, on a floor that is no venue level: not a place to stand.
            RadioMap.ReferencePoint(latitude: 48.2, longitude: 11.2, floor: 2, scanCount: 3, readings: [reading(0, -30), reading(2, -40)]),
        ]
        return RadioMap(accessPoints: ["00:0b:86:00:00:01", "00:0b:86:00:00:02", "00:0b:86:00:00:03"], buildings: ["B"],
                        floors: floors, referencePoints: points, scans: [], parameters: LocatorParameters())
    }

    @Test func theInventoryPlacesItAndTheSurveyOtherwise() {
        let inventory = [AccessPoint(id: AccessPointID(bssid: "00-0B-86-00-00-02")!, ssid: "campus", building: "B", level: "1",
                                     position: Coordinate(latitude: 48.5, longitude: 11.5), source: SourceLocation(file: "ap.csv"))]
        let placed = AccessPointPlacer.place(Self.map(), inventory: inventory, venueLevels: Self.levels)
        // The first: heard loudest on a venue level at the second point (-50 beats -70).
        #expect(placed.map(\.key) == ["00:0b:86:00:00:01", "00:0b:86:00:00:02"])
        #expect(placed[0] == AccessPointPlacement(key: "00:0b:86:00:00:01", level: 1, latitude: 48.1, longitude: 11.1, fromInventory: false))
        // The second: where the inventory mounts it, though the survey hears it as well at both points.
        #expect(placed[1] == AccessPointPlacement(key: "00:0b:86:00:00:02", level: 1, latitude: 48.5, longitude: 11.5, fromInventory: true))
        // The third is heard only off the venue's levels: not placed.
    }

    @Test func equalReadingsPlaceItAtTheFirstPoint() {
        let placed = AccessPointPlacer.place(Self.map(), inventory: [], venueLevels: Self.levels)
        // The second access point reads -60 at both venue points: the first point wins.
        #expect(placed.first { $0.key == "00:0b:86:00:00:02" }?.latitude == 48.0)
    }

    @Test func placementsSurviveTheArtifact() throws {
        let placed = AccessPointPlacer.place(Self.map(), inventory: [], venueLevels: Self.levels)
        let data = AccessPointPlacement.encode(placed)
        let decoded = try data.withUnsafeBytes { buffer in try AccessPointPlacement.decode(ByteReader(buffer)) }
        #expect(decoded == placed)
    }
}
