import Foundation
import NavFormat
import Testing
@testable import RoutingGraph
import VenueModel

/// Pins the byte every stored enumeration case is written as, case by case.
///
/// Files already written keep these bytes, so a case that is reordered, renumbered or added with
/// a taken value must fail here rather than silently change what bundles and graph artifacts say.
/// A new case fails too until its byte is added to its table.
@Suite struct StoredEnumCodeTests {
    /// Each case's raw value equals its table entry, and the table names every case once.
    func pin<E: RawRepresentable & CaseIterable & Hashable>(_ type: E.Type, _ table: KeyValuePairs<E, E.RawValue>)
    where E.RawValue: Hashable {
        for (value, raw) in table {
            #expect(value.rawValue == raw, "\(E.self).\(value) is stored as \(value.rawValue), files hold \(raw)")
            #expect(E(rawValue: raw) == value, "\(E.self) reads \(raw) as \(String(describing: E(rawValue: raw)))")
        }
        #expect(Set(table.map(\.key)) == Set(E.allCases), "the table of \(E.self) does not list every case")
        #expect(Set(table.map(\.value)).count == table.count, "two cases of \(E.self) share a byte")
    }

    /// The same for venue enumerations, whose raw values are source words and whose bytes are codes.
    func pin<E: GraphArtifactCode & Hashable>(_ type: E.Type, codes table: KeyValuePairs<E, UInt8>) {
        for (value, code) in table {
            #expect(value.artifactCode == code, "\(E.self).\(value) is stored as \(value.artifactCode), files hold \(code)")
            #expect(E(artifactCode: code) == value)
            #expect(E.code(value) == code)
        }
        #expect(E.code(nil) == 0)
        #expect(E(artifactCode: 0) == nil, "0 stands for an absent \(E.self)")
        #expect(Set(table.map(\.key)) == Set(E.allCases), "the table of \(E.self) does not list every case")
        #expect(Set(table.map(\.value)).count == table.count, "two cases of \(E.self) share a byte")
    }

    @Test func nodeKinds() {
        pin(NodeKind.self, [.junction: 0, .door: 1, .entrance: 2, .room: 3, .connectorLanding: 4, .pointOfInterest: 5])
    }

    @Test func arcKinds() {
        pin(ArcKind.self, [.walk: 0, .outdoorPath: 1, .indoorPath: 2, .stairs: 3, .elevator: 4, .escalator: 5,
                           .ramp: 6, .steps: 7, .entrance: 8])
    }

    @Test func placeKinds() {
        pin(PlaceKind.self, [.room: 0, .pointOfInterest: 1])
    }

    @Test func spaceOutlineKinds() {
        pin(SpaceOutlineKind.self, [.room: 0, .corridor: 1, .area: 2, .stairs: 3, .elevator: 4, .outdoor: 5,
                                    .obstacle: 6])
    }

    @Test func searchFields() {
        pin(SearchField.self, [.ref: 0, .name: 1, .nameWord: 2, .category: 3, .alias: 4])
    }

    @Test func aliasKinds() {
        pin(AliasKind.self, [.localizedName: 0, .alternativeName: 1, .keyword: 2, .platformSynonym: 3])
    }

    @Test func connectorPhases() {
        pin(ArcAttributes.ConnectorPhase.self, [.none: 0, .board: 1, .ride: 2, .alight: 3])
    }

    @Test func graphArtifactPlaceKinds() {
        pin(GraphArtifactLayout.PlaceKeyKind.self, [.space: 0, .pointOfInterest: 1])
    }

    @Test func graphArtifactEgressColumns() {
        pin(GraphArtifactLayout.EgressSection.Column.self, [.exit: 0, .cost: 1, .firstArc: 2])
        #expect(GraphArtifactLayout.EgressSection.columnCount == GraphArtifactLayout.EgressSection.Column.allCases.count)
    }

    @Test func wheelchairAccessCodes() {
        pin(WheelchairAccess.self, codes: [.yes: 1, .limited: 2, .no: 3, .designated: 4])
    }

    @Test func accessRestrictionCodes() {
        pin(AccessRestriction.self, codes: [.yes: 1, .private: 2, .employees: 3, .students: 4, .no: 5])
    }

    @Test func doorTypeCodes() {
        pin(DoorType.self, codes: [.hinged: 1, .sliding: 2, .revolving: 3, .swinging: 4, .folding: 5, .overhead: 6,
                                    .trapdoor: 7, .opening: 8])
    }

    @Test func pathKindAndInclineDirectionCodes() {
        pin(PathKind.self, codes: [.footway: 1, .path: 2, .pedestrian: 3, .corridor: 4, .steps: 5, .ramp: 6, .crossing: 7,
                                   .street: 8, .track: 9])
        pin(InclineDirection.self, codes: [.up: 1, .down: 2])
    }

    @Test func closingRuleBytes() {
        pin(ClosingRule.self, [.access: 1, .carPark: 2, .wheelchairNo: 3, .revolvingDoor: 4, .width: 5, .kerb: 6, .incline: 7,
                               .steps: 8, .escalator: 9, .barrier: 10, .surface: 11, .smoothness: 12, .trackType: 13,
                               .untaggedTrack: 14, .sacScale: 15])
    }

    /// Every coded value survives the artifact: one arc per case of each venue enumeration.
    @Test func everyCodedValueRoundTripsThroughTheArtifact() throws {
        var graph = NavigationGraph()
        graph.levelIDs = ["L0"]
        for index in 0..<2 {
            graph.nodes.append(GraphNode(coordinate: Coordinate(latitude: 49 + Double(index) * 1e-4, longitude: 8.7),
                                         level: 0, kind: .junction, label: nil))
        }
        var facts: [ArcAttributes] = []
        let count = max(WheelchairAccess.allCases.count, AccessRestriction.allCases.count, DoorType.allCases.count,
                        PathKind.allCases.count) + 1
        for index in 0..<count {
            var attributes = ArcAttributes()
            let wheelchair = Array(WheelchairAccess.allCases), access = Array(AccessRestriction.allCases)
            let doors = Array(DoorType.allCases), kinds = Array(PathKind.allCases), directions = Array(InclineDirection.allCases)
            // The last arc leaves every value out, which is stored as 0.
            attributes.wheelchair = index < wheelchair.count ? wheelchair[index] : nil
            attributes.access = index < access.count ? access[index] : nil
            attributes.doorType = index < doors.count ? doors[index] : nil
            attributes.pathKind = index < kinds.count ? kinds[index] : nil
            attributes.inclineDirection = index < directions.count ? directions[index] : nil
            attributes.stepsEstimated = index % 2 == 1
            attributes.surface = index % 2 == 0 ? "gravel" : nil
            attributes.smoothness = index % 3 == 0 ? "bad" : nil
            attributes.trackType = index % 4 == 0 ? "grade3" : nil
            attributes.sacScale = index % 5 == 0 ? "hiking" : nil
            attributes.carPark = index == 1 ? "way/9" : nil
            if index < access.count {
                attributes.barriers = [Barrier(kind: "gate", access: access[index], wheelchair: wheelchair[index % wheelchair.count],
                                               width: index % 2 == 0 ? 0.9 : nil, kerbHeight: index % 3 == 0 ? 0.05 : nil,
                                               customersOnly: index % 2 == 1, feature: "node/\(index)")]
                if index == 0 { attributes.barriers.append(Barrier(kind: "kerb")) }
            }
            attributes.lit = index % 3 == 0 ? nil : index % 3 == 1
            attributes.automaticDoor = index % 3 == 1 ? nil : index % 3 == 2
            attributes.emergencyExit = index % 2 == 0
            facts.append(attributes)
            graph.arcs.append(GraphArc(tail: 0, head: 1, length: 10, kind: .walk, label: nil, attributes: attributes))
        }
        graph.placeNodes = [.space("room"): 0, .pointOfInterest("kiosk"): 1]
        let compiled = CompiledGraph(graph: graph, profiles: [.foot, .wheelchair])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("codes-\(UUID().uuidString).navgraph")
        defer { try? FileManager.default.removeItem(at: url) }
        try compiled.write(to: url)
        let read = try CompiledGraph.read(from: url)
        #expect(read.graph.arcs.map(\.attributes) == facts)
        #expect(read.graph.placeNodes == graph.placeNodes)
        // The ground values are read again from the strings, and each arc's closing rule is kept.
        #expect(read.graph.arcs[0].attributes.ground.surface == .loose)
        #expect(read.profiles.map(\.closingRules) == compiled.profiles.map(\.closingRules))
        #expect(compiled.profiles[1].closingRules.contains(.surface) && compiled.profiles[1].closingRules.contains(.carPark))
    }
}
