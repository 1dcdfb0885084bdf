import Foundation
import NavFormat
import Testing
@testable import NavBundle
import BundleWriting

/// A caller's bad index is its own mistake, reported as such, never as damage in the file; and
/// damage in the file is never reported as the caller's mistake.
@Suite struct CallerMistakeTests {
    let bundle: VenueBundle

    init() throws {
        bundle = try VenueBundle(path: try BundleFixture.write())
    }

    @Test(arguments: [-1, 6, 1_000])
    func routesFromNodesOutsideTheGraphAreTheCallersMistake(node: Int) throws {
        #expect(bundle.nodeCount == 6)
        let expected = BundleError.nodeOutOfRange(node, nodeCount: 6)
        #expect(throws: expected) { try bundle.shortestPath(from: node, to: 0, profile: 0) }
        #expect(throws: expected) { try bundle.shortestPath(from: 0, to: node, profile: 0) }
        #expect(throws: expected) { try bundle.shortestPathByDijkstra(from: node, to: 0, profile: 0) }
        #expect(throws: expected) { try bundle.wayOut(from: node, profile: 0) }
        #expect(throws: expected) { try bundle.node(node) }
        #expect(throws: expected) { try bundle.arcIndexes(from: node) }
        #expect(throws: expected) { try bundle.egressEntry(node: node, profile: 0) }
        #expect(throws: expected) { try bundle.isInMainPiece(node: node, profile: 0) }
    }

    @Test func arcsOutsideTheGraphAreTheCallersMistake() {
        for arc in [-1, bundle.arcCount] {
            let expected = BundleError.arcOutOfRange(arc, arcCount: bundle.arcCount)
            #expect(throws: expected) { try bundle.arc(arc) }
            #expect(throws: expected) { try bundle.arcHead(arc) }
            #expect(throws: expected) { try bundle.arcShape(arc) }
            #expect(throws: expected) { try bundle.climb(arc: arc) }
            #expect(throws: expected) { try bundle.cost(profile: 0, arc: arc) }
            // A route is the caller's too: one made up with an arc the graph lacks.
            let route = Route(profile: "foot", nodes: [0, 1], arcs: [arc], length: 1, duration: 1)
            #expect(throws: expected) { try bundle.steps(of: route) }
        }
    }

    @Test func profilesOutsideTheBundleAreTheCallersMistake() {
        for profile in [-1, 2] {
            let expected = BundleError.profileOutOfRange(profile, profileCount: 2)
            #expect(throws: expected) { try bundle.cost(profile: profile, arc: 0) }
            #expect(throws: expected) { try bundle.shortestPath(from: 0, to: 5, profile: profile) }
            #expect(throws: expected) { try bundle.shortestPathByDijkstra(from: 0, to: 5, profile: profile) }
            #expect(throws: expected) { try BundleRouter(bundle: bundle, profile: profile) }
            #expect(throws: expected) { try bundle.wayOut(from: 0, profile: profile) }
            #expect(throws: expected) { try bundle.egressEntry(node: 0, profile: profile) }
            #expect(throws: expected) { try bundle.attachedNode(place: 0, profile: profile) }
            #expect(throws: expected) { try bundle.isInMainPiece(node: 0, profile: profile) }
            #expect(throws: expected) { try bundle.pieces(profile: profile) }
            #expect(throws: expected) { try bundle.snap(latitude: 48.15, longitude: 11.58, level: 0, profile: profile) }
        }
        #expect(throws: BundleError.unknownProfile("bicycle", available: ["foot", "wheelchair"])) {
            try bundle.profileIndex(named: "bicycle")
        }
    }

    @Test func levelsPlacesAndEventsOutsideTheBundleAreTheCallersMistake() {
        let levels = bundle.levelCount, places = bundle.placeCount, events = bundle.eventCount
        #expect(throws: BundleError.levelOutOfRange(levels, levelCount: levels)) { try bundle.level(levels) }
        #expect(throws: BundleError.levelOutOfRange(-1, levelCount: levels)) { try bundle.outlines(onLevel: -1) }
        #expect(throws: BundleError.levelOutOfRange(levels, levelCount: levels)) {
            try bundle.snap(latitude: 48.15, longitude: 11.58, level: levels)
        }
        for place in [-1, places] {
            let expected = BundleError.placeOutOfRange(place, placeCount: places)
            #expect(throws: expected) { try bundle.place(place) }
            #expect(throws: expected) { try bundle.placeSource(place) }
            #expect(throws: expected) { try bundle.placeAliases(place) }
            #expect(throws: expected) { try bundle.attachedNode(place: place, profile: 0) }
            #expect(throws: expected) { try bundle.node(of: .place(place), profile: 0) }
        }
        #expect(throws: BundleError.eventOutOfRange(events, eventCount: events)) { try bundle.event(events) }
        #expect(throws: BundleError.badCoordinate("91.0, 11.58")) { try bundle.snap(latitude: 91, longitude: 11.58, level: 0) }
    }

    @Test func theMessagesNameTheIndexAndTheRange() {
        #expect(BundleError.nodeOutOfRange(9, nodeCount: 6).description == "node 9 is not in this bundle's graph (its nodes are 0 to 5)")
        #expect(BundleError.arcOutOfRange(10, arcCount: 10).description == "arc 10 is not in this bundle's graph (its arcs are 0 to 9)")
        #expect(BundleError.profileOutOfRange(2, profileCount: 2).description == "profile 2 is not in this bundle (its profiles are 0 to 1)")
        #expect(BundleError.levelOutOfRange(0, levelCount: 0).description == "level 0 is not in this bundle (it has none)")
        #expect(BundleError.placeOutOfRange(-1, placeCount: 3).description == "place -1 is not in this bundle (its places are 0 to 2)")
        #expect(BundleError.eventOutOfRange(4, eventCount: 1).description == "event 4 is not in this bundle (its events are 0 to 0)")
    }

    /// The same reads of a damaged record, with the caller's arguments in range: the file's error.
    @Test func aDamagedRecordIsTheFilesFaultNotTheCallers() throws {
        var image = BundleImage(try BundleWriter.image(of: BundleFixture.contents()))
        let nodes = try #require(image.entry("NODE"))
        // Node 0's level (a u16 beside its kind) says 999 of 2 levels.
        let level = nodes.offset + BundleFormat.CountedTable.entries + BundleFormat.NodeEntry.level
        image.setUInt32(image.uint32(at: level) & 0xFFFF_0000 | 999, at: level)
        image.fixChecksums()
        let damaged = try image.open()
        #expect(throws: BundleError.file(.malformedSection(section: "NODE", detail: "node 0 has level 999 or kind 3 out of range"))) {
            try damaged.node(0)
        }
        var stray = BundleImage(try BundleWriter.image(of: BundleFixture.contents()))
        let arcs = try #require(stray.entry("ARCS"))
        // Arc 0's head names node 77 of 6.
        let layout = BundleFormat.ArcSection(nodeCount: 6)
        stray.setUInt32(77, at: arcs.offset + layout.entries + BundleFormat.ArcEntry.head)
        stray.fixChecksums()
        let strayHead = try stray.open()
        #expect(throws: BundleError.file(.malformedSection(section: "ARCS", detail: "arc 0 points to missing node 77"))) {
            try strayHead.arcHead(0)
        }
        expectFileError { _ = try strayHead.shortestPathByDijkstra(from: 0, to: 5, profile: 0) }
    }
}
