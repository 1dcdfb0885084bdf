import Foundation
import Testing
@testable import NavBundle
import NavFormat
import BundleWriting

@Suite struct BundleRoundTripTests {
    @Test func readsBackWhatWasWritten() throws {
        let contents = BundleFixture.contents()
        let bundle = try BundleFixture.open(contents)
        // The writer completes the metadata from the contents; what the caller gave comes back unchanged.
        var expected = contents.metadata
        expected.format = "1.7"
        expected.profiles = ["foot", "wheelchair"]
        expected.levels = [.init(id: "H@0", name: "Ground", building: "Hall", ordinal: 0),
                           .init(id: "H@1", name: "Upper", building: "Hall", ordinal: 1)]
        expected.boundingBox = .init(south: 48.15, west: 11.58, north: 48.1501, east: 11.5801)
        #expect(bundle.metadata == expected)
        #expect(bundle.levelCount == 2 && bundle.nodeCount == 6 && bundle.arcCount == 10)
        #expect(bundle.profileNames == ["foot", "wheelchair"])
        let level = try bundle.level(1)
        #expect(level.id == "H@1" && level.name == "Upper" && level.buildingName == "Hall" && level.ordinal == 1)
        let node = try bundle.node(2)
        #expect(node.kind == .connectorLanding && node.label == "Stairs" && node.level == 0)
        #expect(abs(node.longitude - 11.58002) < 1e-7)
        let cafe = try bundle.place(2)
        #expect(cafe.name == "Café Crème" && cafe.node == nil && cafe.geofenceRadius == 12.5 && cafe.capacity == nil)
        #expect(cafe.openingHours == "Mo-Fr 08:00-16:00" && cafe.website == "https://example.org")
        let event = try bundle.event(0)
        #expect(event.place == 1 && event.title == "Open lab" && event.end == 1_764_586_000)
    }

    @Test func arcsAreGroupedByTailWithTheirCosts() throws {
        let bundle = try BundleFixture.open()
        var seen = 0
        for node in 0..<bundle.nodeCount {
            for arc in try bundle.arcIndexes(from: node) {
                seen += 1
                let record = try bundle.arc(arc)
                let foot = try bundle.cost(profile: 0, arc: arc)
                #expect(foot == UInt32(record.length * 1000))
                let wheelchair = try bundle.cost(profile: 1, arc: arc)
                #expect((wheelchair == BundleFormat.impassable) == (record.kind == .stairs))
            }
        }
        #expect(seen == bundle.arcCount)
    }

    @Test func identicalContentsGiveIdenticalBytes() throws {
        let first = try BundleWriter.image(of: BundleFixture.contents())
        let second = try BundleWriter.image(of: BundleFixture.contents())
        #expect(first == second)
        #expect(first.count % 8 == 0)
    }

    @Test func routesAndDescribesSteps() throws {
        let bundle = try BundleFixture.open()
        let foot = try bundle.profileIndex(named: "foot")
        let route = try #require(try bundle.shortestPath(from: 0, to: 5, profile: foot))
        #expect(route.nodes == [0, 1, 2, 3, 4, 5])
        #expect(route.length == 34)
        #expect(route.duration == 34)
        let steps = try bundle.steps(of: route)
        #expect(steps.map(\.action) == [.walk, .walk, .stairs, .walk, .walk])
        #expect(steps[2].fromLevel == 0 && steps[2].toLevel == 1 && steps[2].label == "Stairs")
        let wheelchair = try bundle.profileIndex(named: "wheelchair")
        #expect(try bundle.shortestPath(from: 0, to: 5, profile: wheelchair) == nil)
        #expect(throws: BundleError.unknownProfile("bicycle", available: ["foot", "wheelchair"])) { try bundle.profileIndex(named: "bicycle") }
    }

    @Test func writesRouteGeoJSON() throws {
        let bundle = try BundleFixture.open()
        let route = try #require(try bundle.shortestPath(from: 0, to: 5, profile: 0))
        let data = try bundle.geoJSON(for: route, from: "H.0.1", to: "H.1.1")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["type"] as? String == "FeatureCollection")
        let features = try #require(object["features"] as? [[String: Any]])
        #expect(features.count == 5 + 2)
    }

    @Test func resolvesPlacesByRefOrNameIgnoringCaseAndAccents() throws {
        let bundle = try BundleFixture.open()
        #expect(try bundle.resolvePlace("h.1.1").index == 1)
        #expect(try bundle.resolvePlace("cafe creme").index == 2)
        do {
            _ = try bundle.resolvePlace("H.1.2")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("did you mean"))
            #expect(error.description.contains("H.1.1"))
        }
    }

    @Test func searchFindsByWordsAndCapacity() throws {
        let bundle = try BundleFixture.open()
        #expect(try bundle.search("lab").map(\.ref) == ["H.1.1"])
        #expect(try bundle.search("h.").map(\.ref) == ["H.0.1", "H.1.1"])
        #expect(try bundle.search("", minimumCapacity: 10).map(\.ref) == ["H.1.1"])
        #expect(try bundle.search("café").map(\.ref) == ["CAFE"])
    }

    @Test func outlinesComeBackPerLevelWithTheirPlaces() throws {
        var contents = BundleFixture.contents()
        func corner(_ x: Double, _ y: Double) -> BundleContents.Position { .init(latitude: 48.15 + y * 1e-5, longitude: 11.58 + x * 1e-5) }
        let office = [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)]
        let pillar = [corner(-0.2, -0.2), corner(0.2, -0.2), corner(0, 0.2)]
        contents.outlines = [
            .init(level: 1, kind: .room, label: "H.1.1 Lab", place: 1, rings: [office]),
            .init(level: 0, kind: .room, label: "H.0.1 Office", place: 0, rings: [office, pillar]),
            .init(level: 0, kind: .corridor, label: nil, place: nil, rings: [pillar]),
        ]
        let bundle = try BundleFixture.open(contents)
        let ground = try bundle.outlines(onLevel: 0)
        #expect(ground.map(\.label) == ["H.0.1 Office", nil] && ground.map(\.kind) == [.room, .corridor])
        #expect(ground[0].place == 0 && ground[0].rings.count == 2 && ground[1].place == nil)
        for (ring, expected) in zip(ground[0].rings, [office, pillar]) {
            #expect(ring.count == expected.count)
            for (read, written) in zip(ring, expected) {
                #expect(abs(read.latitude - written.latitude) < 1e-7 && abs(read.longitude - written.longitude) < 1e-7)
            }
        }
        #expect(try bundle.outlines(onLevel: 1).map(\.place) == [1])
        #expect(throws: BundleError.levelOutOfRange(2, levelCount: bundle.levelCount)) { try bundle.outlines(onLevel: 2) }
        var broken = contents
        broken.outlines[0].rings = [[corner(0, 0), corner(1, 1)]]
        expectInconsistentContents { _ = try BundleWriter.image(of: broken) }
    }
}
