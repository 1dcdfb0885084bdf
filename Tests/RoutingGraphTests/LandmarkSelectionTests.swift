import Foundation
import BundleWriting
import NavBundle
import NavFormat
@testable import RoutingGraph
import Testing
import VenueModel

/// Which landmarks each decision point sees (`GLMK`), on a small plan drawn in metres: a corridor
/// (60 × 3 m) with a room above its west end (10 × 6 m) behind a door at (5, 3), on the ground
/// floor of a building with an upper floor.
struct LandmarkSelectionTests {
    static let source = VenueModel.SourceLocation(file: "plan.geojson")

    static func at(_ x: Double, _ y: Double) -> Coordinate { SmallVenue.at(x, y) }

    static func venue() -> Venue {
        var venue = Venue(id: "plan", name: "Plan")
        venue.levels = [Level(id: "B@0", buildingID: "B", ordinal: 0, name: "Ground", source: source),
                        Level(id: "B@1", buildingID: "B", ordinal: 1, name: "Upper", source: source)]
        venue.spaces = [
            Space(id: "corridor", kind: .corridor, buildingID: "B", levelIDs: ["B@0"],
                  geometry: SmallVenue.rectangle(0, 0, 60, 3), name: "Corridor", source: source),
            Space(id: "room", kind: .room, buildingID: "B", levelIDs: ["B@0"],
                  geometry: SmallVenue.rectangle(0, 3, 10, 9), ref: "B.0.1", source: source),
            Space(id: "upper", kind: .corridor, buildingID: "B", levelIDs: ["B@1"],
                  geometry: SmallVenue.rectangle(0, 0, 60, 3), name: "Upper corridor", source: source),
        ]
        return venue
    }

    /// Nodes: 0 junction (20, 1.5) with three arcs out; 1 junction (12, 1.5); 2 junction (50, 1.5)
    /// with three arcs out; 3 junction (20, 0.5); 4 the unnamed door (5, 3); 5 junction (58, 1.5);
    /// 6 junction upstairs (20, 1.5) with three arcs out. Arc 0 → 2 bends round a corner at (24, 2.5).
    static func graph() -> NavigationGraph {
        var graph = NavigationGraph()
        graph.levelIDs = ["B@0", "B@1"]
        let points: [(Double, Double, Int, NodeKind)] = [
            (20, 1.5, 0, .junction), (12, 1.5, 0, .junction), (50, 1.5, 0, .junction), (20, 0.5, 0, .junction),
            (5, 3, 0, .door), (58, 1.5, 0, .junction), (20, 1.5, 1, .junction), (22, 1.5, 1, .junction),
        ]
        graph.nodes = points.map { GraphNode(coordinate: at($0.0, $0.1), level: $0.2, kind: $0.3, label: nil) }
        func arc(_ tail: Int, _ head: Int, via: [Coordinate] = []) -> GraphArc {
            GraphArc(tail: tail, head: head, length: 1, kind: .walk, label: "Corridor", attributes: ArcAttributes(), via: via)
        }
        graph.arcs = [arc(0, 2, via: [at(24, 2.5)]), arc(0, 1), arc(0, 3), arc(2, 0), arc(2, 5), arc(2, 3),
                      arc(6, 7), arc(6, 7), arc(6, 7), arc(1, 4)]
        return graph
    }

    static func place(_ name: String?, ref: String? = nil, category: String?, kind: PlaceKind = .pointOfInterest,
                      _ x: Double, _ y: Double, level: Int = 0, node: Int? = nil) -> BundleContents.Place {
        let position = at(x, y)
        return BundleContents.Place(kind: kind, ref: ref, name: name, category: category, level: level, node: node,
                                    latitude: position.latitude, longitude: position.longitude)
    }

    static func places() -> [BundleContents.Place] {
        [
            place("Kiosk", category: "kiosk", 22, 1.5, node: 0),                 // 0
            place(nil, category: "kiosk", 18, 1.5),                              // 1: unnamed shop
            place(nil, category: nil, kind: .room, 5, 6),                        // 2: unnamed room
            place("Far shop", category: "bakery", 36, 1.5, node: 1),             // 3: attached 24 m away
            place("Upstairs desk", category: "information", 20, 1.5, level: 1),  // 4
            place("Office", category: "office", kind: .room, 9, 5),              // 5: behind the wall from node 1
        ] + [48.0, 49, 51, 52, 53, 54].enumerated().map { index, x in
            place("Shop \(index)", category: "clothes", x, index < 4 ? 1 : 2)    // 6–11 round node 2
        }
    }

    static func select() -> LandmarkSelection {
        LandmarkSelection(venue: venue(), graph: graph(), places: places())
    }

    /// The landmarks a decision point sees, by name (the door and unnamed ones by kind), best first.
    static func seen(_ selection: LandmarkSelection, _ key: BundleContents.DecisionPoint) -> [String] {
        selection.pairs.filter { $0.key == key }.map { pair in
            let landmark = selection.landmarks[pair.landmark]
            return landmark.name ?? "unnamed \(landmark.kind)"
        }
    }

    @Test func namedBeatsUnnamedAndTheKindsRankAsDocumented() {
        // Kiosk (named, 2 m east) before the unnamed shop (2 m west): both shops, as near.
        #expect(Self.seen(Self.select(), .node(0)) == ["Kiosk", "unnamed shop"])
        let named = BundleFormat.landmarkSalience(naming: .named, kindRank: LandmarkKind.other.rank, distanceMetres: 14)
        let unnamedEntrance = BundleFormat.landmarkSalience(naming: .unnamed, kindRank: LandmarkKind.entrance.rank,
                                                            distanceMetres: 0)
        #expect(named > unnamedEntrance)
        for kind in [LandmarkKind.door, .lift, .stairs, .escalator, .entrance] {
            #expect(kind.rank > LandmarkKind.room.rank && kind.rank > LandmarkKind.shop.rank)
        }
    }

    @Test func aDoorOutranksARoomSeenFromIt() {
        let selection = Self.select()
        // From the door: the named office (4.5 m), the unnamed door itself (0 m), the unnamed shop
        // down the corridor (13 m), and last the unnamed room (3 m), though it is nearest but one.
        let seen = Self.seen(selection, .node(4))
        #expect(seen == ["Office", "unnamed door", "unnamed shop", "unnamed room"])
        let saliences = selection.pairs.filter { $0.key == .node(4) }.map(\.salience)
        #expect(saliences == saliences.sorted(by: >))
    }

    @Test func landmarksOutOfRangeOnAnotherLevelOrBehindAWallAreLeftOut() {
        let selection = Self.select()
        let fromCentre = Self.seen(selection, .node(0))
        // Far shop is 16 m away indoors (limit 15 m); the upstairs desk stands right above.
        #expect(!fromCentre.contains("Far shop"))
        #expect(!fromCentre.contains("Upstairs desk"))
        #expect(Self.seen(selection, .node(6)).contains("Upstairs desk"))
        // The office is 4.9 m from node 1, but the room's wall stands between.
        let fromWest = Self.seen(selection, .node(1))
        #expect(!fromWest.contains("Office"))
        #expect(fromWest.contains("unnamed door"))
        // From the door the office is in view.
        #expect(Self.seen(selection, .node(4)).contains("Office"))
    }

    @Test func atMostFourPerDecisionPointTheMostSalientFirst() {
        let seen = Self.seen(Self.select(), .node(2))
        // Six named shops round node 2: the four within 3 m, in landmark order; not the two beyond.
        #expect(seen == ["Shop 0", "Shop 1", "Shop 2", "Shop 3"])
    }

    @Test func aPlaceKeepsItsPairWithItsOwnNodeHoweverFar() {
        let selection = Self.select()
        // Far shop is 24 m from node 1, beyond the 15 m indoors, but a route to it ends there; the
        // three in view (the office is not, behind its wall) keep their places by salience.
        #expect(Self.seen(selection, .node(1)) == ["Kiosk", "Far shop", "unnamed door", "unnamed shop"])
    }

    @Test func aTrackTheImporterNamedIsKeptByItsRef() {
        // The importer's English "Platform 8a" is the ref alone in the data: each language words
        // it (Gleis 8a, voie 8a); a platform the data names keeps its name.
        let tracks = [Self.place(PlatformVocabulary.displayName(track: "8a"), ref: "8a", category: "platform", 30, 1.5),
                      Self.place("Bahnsteig Süd", ref: "9", category: "platform", 40, 1.5)]
        let selection = LandmarkSelection(venue: Self.venue(), graph: Self.graph(), places: tracks)
        let words = selection.landmarks.filter { $0.kind == .platform }.map { "\($0.name ?? "-") \($0.naming)" }
        #expect(words == ["8a refOnly", "Bahnsteig Süd named"])
    }

    @Test func cornersAreDecisionPoints() {
        // The corner at (24, 2.5): Kiosk 2.2 m away, Far shop 12 m, the unnamed shop 6 m.
        #expect(Self.seen(Self.select(), .corner(arc: 0, corner: 0)) == ["Kiosk", "Far shop", "unnamed shop"])
    }

    @Test func landmarksAreInTheirDocumentedOrder() {
        let landmarks = Self.select().landmarks
        let keys = landmarks.map { ($0.level, BundleFormat.fixedPoint($0.position.latitude), BundleFormat.fixedPoint($0.position.longitude)) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 })
        // Every place with a position and the door.
        #expect(landmarks.count == Self.places().count + 1)
    }

    @Test func theSameInputsGiveTheSameBundle() throws {
        let first = try BundleWriter.image(of: Self.contents())
        let second = try BundleWriter.image(of: Self.contents())
        #expect(first == second)
    }

    /// The plan as bundle contents, with its landmarks.
    static func contents() -> BundleContents {
        let venue = venue(), graph = graph()
        var contents = BundleContents(metadata: BundleMetadata(venueID: "plan", venueName: "Plan", bundleVersion: "1.0.0",
                                                               generator: "test", sources: []))
        contents.levels = venue.levels.map {
            BundleContents.Level(id: $0.id, name: $0.name, buildingID: $0.buildingID, buildingName: nil, ordinal: $0.ordinal)
        }
        contents.nodes = graph.nodes.map {
            BundleContents.Node(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, level: $0.level,
                                kind: $0.kind, label: $0.label)
        }
        contents.arcs = graph.arcs.map {
            BundleContents.Arc(tail: $0.tail, head: $0.head, length: $0.length, kind: $0.kind, label: $0.label, isIndoor: true,
                               via: $0.via.map { BundleContents.Position(latitude: $0.latitude, longitude: $0.longitude) })
        }
        contents.profiles = [BundleContents.Profile(name: "foot", costs: graph.arcs.map { _ in 1000 })]
        contents.places = places()
        let selection = LandmarkSelection(venue: venue, graph: graph, places: contents.places)
        contents.landmarks = selection.landmarks
        contents.landmarkPairs = selection.pairs
        return contents
    }

    @Test func landmarksSurviveTheBundle() throws {
        let contents = Self.contents()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("landmarks-\(UUID().uuidString).navbundle")
        try BundleWriter.write(contents, to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let bundle = try VenueBundle(path: url.path)

        #expect(bundle.landmarkCount == contents.landmarks.count)
        for (index, written) in contents.landmarks.enumerated() {
            let read = try bundle.landmark(index)
            #expect(read.name == written.name && read.place == written.place && read.level == written.level)
            #expect(read.kind == written.kind && read.naming == written.naming)
            #expect(abs(read.latitude - written.position.latitude) < 1e-7 && abs(read.longitude - written.position.longitude) < 1e-7)
        }
        // Node keys keep their node; the one corner (of the arcs' only bend) follows the nodes.
        #expect(bundle.landmarkKeyCount == contents.nodes.count + 1)
        for key in 0..<bundle.landmarkKeyCount {
            let point: BundleContents.DecisionPoint = key < contents.nodes.count ? .node(key) : .corner(arc: 0, corner: 0)
            let expected = contents.landmarkPairs.filter { $0.key == point }
            let read = try bundle.landmarkPairs(atKey: key)
            #expect(read.map(\.landmark) == expected.map(\.landmark))
            #expect(read.map(\.salience) == expected.map(\.salience))
        }
        // Node 2 (50, 1.5) to Shop 0 (48, 1): 2.06 m west-south-west.
        let shop = try #require(contents.landmarks.firstIndex { $0.name == "Shop 0" })
        let pair = try #require(try bundle.landmarkPairs(atKey: 2).first { $0.landmark == shop })
        #expect(pair.distanceDecimetres == 21)
        // atan2(-2, -0.5) is 256 × 0.7109 of a turn: 182.
        #expect(pair.bearing == 182)
        #expect(throws: BundleError.landmarkOutOfRange(contents.landmarks.count, landmarkCount: contents.landmarks.count)) {
            try bundle.landmark(contents.landmarks.count)
        }
        #expect(throws: BundleError.decisionPointOutOfRange(bundle.landmarkKeyCount, keyCount: bundle.landmarkKeyCount)) {
            try bundle.landmarkPairs(atKey: bundle.landmarkKeyCount)
        }
    }
}
