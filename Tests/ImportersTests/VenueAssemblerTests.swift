import Testing
@testable import Importers
import VenueModel

@Suite struct VenueAssemblerTests {
    typealias Location = VenueModel.SourceLocation

    func declaration(_ id: String, _ ordinals: [Double]) -> BuildingDeclaration {
        BuildingDeclaration(building: Building(id: id, name: nil, address: nil, footprint: nil,
                                               source: Location(file: "b.csv", line: 2)),
                            levels: ordinals.map { .init(ordinal: $0, name: nil) })
    }

    func space(_ id: String, building: String?, level: String?) -> PendingFeature<Space> {
        let location = Location(file: "p.geojson", line: 7, feature: id)
        return PendingFeature(Space(id: id, kind: .room, buildingID: nil, levelIDs: [],
                                    geometry: .point(Coordinate(latitude: 48, longitude: 11)), source: location),
                              levels: LevelReference(building: building, value: level, location: location))
    }

    func assemble(_ spaces: [PendingFeature<Space>]) throws(ImportError) -> Venue {
        try assembleWithIssues(spaces).venue
    }

    func assembleWithIssues(_ spaces: [PendingFeature<Space>]) throws(ImportError) -> (venue: Venue, issues: [VenueModel.Issue]) {
        var buildings = ImportedData()
        buildings.buildings = [declaration("A", [-1, 0, 0.5, 1, 2]), declaration("B", [0])]
        var features = ImportedData()
        features.spaces = spaces
        return try VenueAssembler(venueID: "v", venueName: "V").assemble([buildings, features])
    }

    @Test func resolvesSinglesListsAndRanges() throws {
        let venue = try assemble([
            space("a", building: "A", level: "1"),
            space("b", building: "A", level: "0;2"),
            space("c", building: "A", level: "-1-1"),
            space("d", building: "B", level: nil),
        ])
        #expect(venue.spaces.map(\.levelIDs) == [["A@1"], ["A@0", "A@2"], ["A@-1", "A@0", "A@0.5", "A@1"], ["B@0"]])
        #expect(venue.spaces.map(\.buildingID) == ["A", "A", "A", "B"])
        #expect(venue.levels.map(\.id) == ["A@-1", "A@0", "A@0.5", "A@1", "A@2", "B@0"])
    }

    @Test func unknownLevelValuesLeaveTheFeatureOutAsErrorFindings() throws {
        let (venue, issues) = try assembleWithIssues([
            space("a", building: "A", level: "5"), space("c", building: "A", level: "GF"),
            space("f", building: "A", level: "3-9"), space("ok", building: "A", level: "1"),
        ])
        #expect(venue.spaces.map(\.id) == ["ok"])
        #expect(issues.map(\.code) == [.unknownLevel, .unknownLevel, .unknownLevel])
        #expect(issues.allSatisfy { $0.severity == .error })
        #expect(issues.map(\.description) == [
            "p.geojson:7 (feature a): unknown level '5' in building 'A' (declared: -1, 0, 0.5, 1, 2); the feature is left out [unknown-level]",
            "p.geojson:7 (feature c): level value 'GF' is not understood: 'GF' is neither a number nor a range like -1-3; the feature is left out [unknown-level]",
            "p.geojson:7 (feature f): no declared level of building 'A' lies in '3-9' (declared: -1, 0, 0.5, 1, 2); the feature is left out [unknown-level]",
        ])
    }

    @Test func unknownBuildingsAndMissingLevelsAreErrorsWithTheirPlace() {
        do {
            _ = try assemble([
                space("b", building: "Z", level: "0"),
                space("d", building: "A", level: nil),
                space("e", building: nil, level: "0"),
            ])
            Issue.record("expected errors")
        } catch {
            let messages = error.problems.map(\.description)
            #expect(messages.count == 3)
            #expect(messages[0].contains("unknown building 'Z' (declared: A, B)"))
            #expect(messages[1].contains("no level given, and building 'A' has several"))
            #expect(messages[2].contains("no building"))
        }
    }

    @Test func outdoorFeaturesUseTheOutdoorLevel() throws {
        let venue = try assemble([space("a", building: nil, level: nil)])
        #expect(venue.spaces[0].levelIDs == [Level.outdoorID])
        #expect(venue.levels.last?.id == Level.outdoorID)
    }

    @Test func duplicateIDsAndBuildingsAreErrors() {
        var first = ImportedData()
        first.buildings = [declaration("A", [0]), declaration("A", [1])]
        first.spaces = [space("x", building: "A", level: "0"), space("x", building: "A", level: "0")]
        do {
            _ = try VenueAssembler(venueID: "v", venueName: "V").assemble([first])
            Issue.record("expected errors")
        } catch {
            let messages = error.problems.map(\.description)
            #expect(messages.contains { $0.contains("building 'A' is declared twice") })
            #expect(messages.contains { $0.contains("space id 'x' is used twice") })
        }
    }

    @Test func severalInputsMayDeclareOneBuilding() throws {
        var plan = ImportedData()
        plan.buildings = [declaration("A", [0, 1])]
        plan.spaces = [space("hall", building: "A", level: "0")]
        var station = ImportedData()
        var named = declaration("A", [-1, 0])
        named.building.name = "Central Station"
        station.buildings = [named]
        station.spaces = [space("platform", building: "A", level: "-1")]
        let (venue, issues) = try VenueAssembler(venueID: "v", venueName: "V").assemble([plan, station])
        #expect(issues.isEmpty)
        #expect(venue.buildings.map(\.id) == ["A"] && venue.buildings[0].name == "Central Station")
        #expect(venue.levels.map(\.id) == ["A@-1", "A@0", "A@1"])
        #expect(venue.spaces.map(\.levelIDs) == [["A@0"], ["A@-1"]])
    }
}
