import Foundation
import Testing
@testable import NavBundle
import NavFormat
import BundleWriting

/// Egress tables and arc corners, written and read back.
@Suite struct BundleEgressTests {
    @Test func followsTheEgressTableToTheExit() throws {
        let bundle = try BundleFixture.open()
        #expect(bundle.hasEgress)
        let foot = try #require(try bundle.wayOut(from: 5, profile: 0))
        #expect(foot.nodes == [5, 4, 3, 2, 1, 0] && foot.length == 34 && foot.duration == 34)
        #expect(try bundle.wayOut(from: 5, profile: 1) == nil, "no wheelchair way down the stairs")
        #expect(try bundle.wayOut(from: 2, profile: 1)?.nodes == [2, 1, 0])
        let atExit = try #require(try bundle.wayOut(from: 0, profile: 0))
        #expect(atExit.nodes == [0] && atExit.arcs.isEmpty && atExit.duration == 0)
        #expect(throws: BundleError.profileOutOfRange(7, profileCount: 2)) { try bundle.wayOut(from: 0, profile: 7) }
    }

    @Test func aWayOutThroughADoorClosedToEverydayRoutesIsTimedFromTheTable() throws {
        var contents = BundleFixture.contents()
        // The office door (arc 1, node 1 → 0) is an emergency exit: closed in PROF, open in EGRS.
        contents.profiles[0].costs[1] = BundleFormat.impassable
        let bundle = try BundleFixture.open(contents)
        let route = try #require(try bundle.wayOut(from: 5, profile: 0))
        let steps = try bundle.steps(of: route)
        #expect(steps.map(\.duration).reduce(0, +) == route.duration)
        #expect(steps.allSatisfy { $0.duration < 60 })
    }

    @Test func egressSurvivesTheWriterRegroupingArcsByTail() throws {
        var contents = BundleFixture.contents()
        // Arcs handed over in reverse; the writer groups them by tail and must remap first arcs.
        let count = contents.arcs.count
        contents.arcs.reverse()
        for index in contents.profiles.indices { contents.profiles[index].costs.reverse() }
        for index in contents.egress.indices {
            contents.egress[index].firstArc = contents.egress[index].firstArc.map {
                $0 == BundleFormat.none ? $0 : UInt32(count - 1) - $0
            }
        }
        let bundle = try BundleFixture.open(contents)
        #expect(try bundle.wayOut(from: 5, profile: 0)?.nodes == [5, 4, 3, 2, 1, 0])
    }

    @Test func readsArcCornersAndDrawsRoutesAlongThem() throws {
        let bundle = try BundleFixture.open()
        let labArc = try #require(try bundle.arcIndexes(from: 4).first { try bundle.arcHead($0) == 5 })
        #expect(try bundle.arcShape(labArc) == [BundleContents.Position(latitude: 48.15002, longitude: 11.580035)])
        #expect(try bundle.arcShape(0).isEmpty)

        let route = try #require(try bundle.shortestPath(from: 0, to: 5, profile: 0))
        let data = try bundle.geoJSON(for: route, from: "H.0.1", to: "H.1.1")
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let lines = (object["features"] as? [[String: Any]] ?? []).compactMap { $0["geometry"] as? [String: Any] }
            .filter { $0["type"] as? String == "LineString" }.map { $0["coordinates"] as? [[Double]] ?? [] }
        #expect(lines.last?.count == 3, "the last step passes the lab's corner")
        #expect(lines.last?[1] == [11.580035, 48.15002])
    }

    @Test func aBundleWithoutEgressSaysSo() throws {
        var contents = BundleFixture.contents()
        contents.egress = []
        let bundle = try BundleFixture.open(contents)
        #expect(!bundle.hasEgress)
        #expect(throws: BundleError.noEgress) { try bundle.wayOut(from: 5, profile: 0) }
    }

    @Test func aFormat01BundleStillOpensAndRoutes() throws {
        // The same bundle as format 0.1 wrote it: no corners, no egress, no bearings of corners.
        let current = try BundleFixture.open().file
        var writer = ContainerWriter(kind: ContainerKind(magic: "NAVFBNDL", major: 0, minor: 1))
        let later = [BundleFormat.Tag.shapes, BundleFormat.Tag.egress, BundleFormat.Tag.arcBearings]
        for entry in current.sections where !later.contains(entry.tag) {
            let section = try #require(current.section(entry.tag))
            writer.add(entry.tag, Data(try section.bytes(offset: 0, count: section.count)))
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("old-\(UUID().uuidString).navbundle")
        try writer.image().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let old = try VenueBundle(path: url.path)
        #expect(old.file.minor == 1 && !old.hasEgress)
        #expect(try old.shortestPath(from: 0, to: 5, profile: 0)?.length == 34)
        #expect(try old.arcShape(8).isEmpty)
        #expect(throws: BundleError.noEgress) { try old.wayOut(from: 5, profile: 0) }
    }

    @Test func theWriterRefusesAFirstArcThatDoesNotLeaveItsNode() {
        var contents = BundleFixture.contents()
        contents.egress[0].firstArc[3] = 1
        expectInconsistentContents { _ = try BundleWriter.image(of: contents) }
    }

    @Test func aLoopInTheTableIsAnErrorNotAHang() throws {
        var contents = BundleFixture.contents()
        // Node 1 leads to 2 and node 2 back to 1: each arc leaves its node, so only the reader can tell.
        contents.egress[0].firstArc[1] = 2
        contents.egress[0].firstArc[2] = 3
        let bundle = try BundleFixture.open(contents)
        expectFileError { _ = try bundle.wayOut(from: 1, profile: 0) }
        #expect(try bundle.wayOut(from: 5, profile: 1) == nil)
    }

    @Test func onlyNodesWithAWayToTakeHaveEntries() throws {
        var contents = BundleFixture.contents()
        // Node 5 made an exit of its own in both profiles: it joins the office's node 0 as an entryless node.
        for index in contents.egress.indices {
            contents.egress[index].exit[5] = 5
            contents.egress[index].cost[5] = 0
            contents.egress[index].firstArc[5] = BundleFormat.none
        }
        let bundle = try BundleFixture.open(contents)
        typealias Section = BundleFormat.EgressSection
        let section = try #require(bundle.file.section(BundleFormat.Tag.egress, version: Section.version))
        #expect(try section.uint32(at: Section.entryCount) == 4)
        #expect(try section.uint64(at: Section.bits) == 0b011110, "nodes 1 to 4 have entries")
        #expect(try section.uint32(at: Section.ranks(nodeCount: 6)) == 0)
        #expect(section.count == Section.tables(nodeCount: 6) + 2 * 4 * BundleFormat.EgressEntry.size)
        // Entryless nodes are their own exit; the others read as written, the wheelchair's node 3 unreachable.
        #expect(try bundle.egressEntry(node: 0, profile: 1) == (0, 0, BundleFormat.none))
        #expect(try bundle.egressEntry(node: 5, profile: 0) == (5, 0, BundleFormat.none))
        #expect(try bundle.egressEntry(node: 2, profile: 0).exit == 0 && bundle.egressEntry(node: 2, profile: 0).cost == 14000)
        #expect(try bundle.egressEntry(node: 3, profile: 1).exit == BundleFormat.none)
        #expect(try bundle.wayOut(from: 4, profile: 0)?.nodes == [4, 3, 2, 1, 0])
        #expect(try bundle.wayOut(from: 5, profile: 0)?.nodes == [5])
    }

    /// The fixture written again with its `EGRS` section at `version`, its bytes changed by
    /// `change`, and opened; the file is removed at once, since the bundle maps it.
    private static func withEgress(version: UInt16, _ change: (inout Data) -> Void = { _ in }) throws -> VenueBundle {
        let current = try BundleFixture.open().file
        var writer = ContainerWriter(kind: BundleFormat.kind(customisable: current.major == 2))
        for entry in current.sections {
            let section = try #require(current.section(entry.tag, version: entry.version))
            var bytes = Data(try section.bytes(offset: 0, count: section.count))
            let isEgress = entry.tag == BundleFormat.Tag.egress
            if isEgress { change(&bytes) }
            writer.add(entry.tag, version: isEgress ? version : entry.version, bytes)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("egress-\(UUID().uuidString).navbundle")
        try writer.image().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try VenueBundle(path: url.path)
    }

    @Test func aRankPastTheEntriesIsTheFilesDamage() throws {
        // The fixture's one word of bits ranked at 5, its entry count: node 1 would read entry 5.
        let damaged = try Self.withEgress(version: BundleFormat.EgressSection.version) { bytes in
            let rank = BundleFormat.EgressSection.ranks(nodeCount: 6)
            bytes.replaceSubrange(rank..<rank + 4, with: [5, 0, 0, 0])
        }
        expectFileError { _ = try damaged.egressEntry(node: 1, profile: 0) }
        expectFileError { _ = try damaged.wayOut(from: 5, profile: 0) }
        // A node without an entry reads its bit only: still its own way out.
        #expect(try damaged.wayOut(from: 0, profile: 0)?.nodes == [0])
    }

    @Test func anEgressSectionOfTheFirstLayoutIsNotRead() throws {
        // Version 1 held an entry per node; this reader knows version 2 only and treats it as absent.
        let old = try Self.withEgress(version: 1)
        #expect(!old.hasEgress)
        #expect(throws: BundleError.noEgress) { try old.wayOut(from: 5, profile: 0) }
        #expect(try old.shortestPath(from: 0, to: 5, profile: 0)?.length == 34)
    }
}

/// The rank directory of `EGRS` over more than one word of node bits.
@Suite struct EgressRankTests {
    /// A chain of 150 nodes, 0 ← 1 ← … ← 149, node 0 the exit and every node a multiple of 7 an
    /// exit too: entries skip them, across three words of bits.
    @Test func entriesAreFoundAcrossWords() throws {
        var contents = BundleFixture.contents()
        let count = 150
        contents.nodes = (0..<count).map {
            BundleContents.Node(latitude: 48.15, longitude: 11.58 + Double($0) * 1e-5, level: 0, kind: .junction, label: nil)
        }
        contents.arcs = (1..<count).map {
            BundleContents.Arc(tail: $0, head: $0 - 1, length: 1, kind: .walk, label: "Corridor", isIndoor: true)
        }
        contents.profiles = [.init(name: "foot", costs: contents.arcs.map { _ in 1000 }),
                             .init(name: "wheelchair", costs: contents.arcs.map { _ in 2000 })]
        contents.places = []
        contents.events = []
        let exits = Set((0..<count).filter { $0 % 7 == 0 })
        contents.egress = (1...2).map { factor in
            var egress = BundleContents.Egress(exit: [], cost: [], firstArc: [])
            for node in 0..<count {
                let exit = node / 7 * 7
                egress.exit.append(UInt32(exit))
                egress.cost.append(UInt32((node - exit) * 1000 * factor))
                egress.firstArc.append(exits.contains(node) ? BundleFormat.none : UInt32(node - 1))
            }
            return egress
        }
        let bundle = try BundleFixture.open(contents)
        let section = try #require(bundle.file.section(BundleFormat.Tag.egress, version: BundleFormat.EgressSection.version))
        #expect(try section.uint32(at: BundleFormat.EgressSection.entryCount) == UInt32(count - exits.count))
        for node in 0..<count {
            let way = try #require(try bundle.wayOut(from: node, profile: 1))
            #expect(way.nodes == Array(stride(from: node, through: node / 7 * 7, by: -1)), "node \(node)")
            #expect(way.duration == Double((node - node / 7 * 7) * 2))
        }
    }
}
