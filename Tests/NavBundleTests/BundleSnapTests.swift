import Foundation
import Testing
@testable import NavBundle
import NavFormat
import BundleWriting

/// The `SNAP` grids: snapping must give the node a scan of the whole level gives.
@Suite struct BundleSnapTests {
    /// Nodes scattered over a campus-sized area on three levels, some in tight clusters (rooms
    /// around a corridor), one level empty.
    static func contents(seed: UInt64) -> BundleContents {
        var contents = BundleFixture.contents()
        contents.levels.append(.init(id: "H@2", name: "Roof", buildingID: "H", buildingName: "Hall", ordinal: 2))
        contents.levels.append(.init(id: "H@3", name: "Empty", buildingID: "H", buildingName: "Hall", ordinal: 3))
        var random = SplitMix(seed: seed)
        func uniform() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
        for index in 0..<600 {
            let clustered = index % 3 == 0
            let latitude = 48.149 + (clustered ? 0.0004 + uniform() * 0.00005 : uniform() * 0.002)
            let longitude = 11.579 + (clustered ? 0.001 + uniform() * 0.00005 : uniform() * 0.003)
            contents.nodes.append(.init(latitude: latitude, longitude: longitude, level: index % 3, kind: .junction, label: nil))
        }
        // Two nodes on one spot: the lower index must win the tie.
        contents.nodes.append(.init(latitude: 48.1495, longitude: 11.5805, level: 2, kind: .junction, label: nil))
        contents.nodes.append(.init(latitude: 48.1495, longitude: 11.5805, level: 2, kind: .junction, label: nil))
        contents.egress = []
        return contents
    }

    /// The nearest node on a level by the format's metric, scanning every node.
    static func scan(_ bundle: VenueBundle, scale: Double, latitude: Double, longitude: Double, level: Int) throws -> Int? {
        let queryLatitude = Int64((latitude * 1e7).rounded(.toNearestOrAwayFromZero))
        let queryLongitude = Int64((longitude * 1e7).rounded(.toNearestOrAwayFromZero))
        var best: (Double, Int)?
        for node in 0..<bundle.nodeCount where try bundle.node(node).level == level {
            let position = try bundle.fixedPointPosition(of: node)
            let dy = Double(queryLatitude - position.latitude), dx = Double(queryLongitude - position.longitude) * scale
            let candidate = (dx * dx + dy * dy, node)
            if best == nil || candidate < best! { best = candidate }
        }
        return best?.1
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func snappingFindsTheNearestNodeOfTheLevel(seed: UInt64) throws {
        let bundle = try BundleFixture.open(Self.contents(seed: seed))
        let scale = try #require(bundle.snapIndex).longitudeScale
        var random = SplitMix(seed: seed &+ 100)
        func uniform() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
        var checked = 0
        for _ in 0..<400 {
            // Inside the venue, and up to a few hundred metres outside it on every side.
            let latitude = 48.1465 + uniform() * 0.007, longitude = 11.575 + uniform() * 0.011
            for level in 0..<3 {
                let found = try bundle.snap(latitude: latitude, longitude: longitude, level: level)
                let expected = try Self.scan(bundle, scale: scale, latitude: latitude, longitude: longitude, level: level)
                #expect(found?.node == expected, "\(latitude), \(longitude) on level \(level)")
                checked += 1
            }
        }
        #expect(checked == 1200)
    }

    @Test func tiesGoToTheLowerNodeAndEmptyLevelsSnapToNothing() throws {
        let contents = Self.contents(seed: 9)
        let bundle = try BundleFixture.open(contents)
        let snapped = try #require(try bundle.snap(latitude: 48.1495, longitude: 11.5805, level: 2))
        #expect(snapped.node == contents.nodes.count - 2 && snapped.distance == 0)
        #expect(try bundle.snap(latitude: 48.1495, longitude: 11.5805, level: 3) == nil)
        #expect(throws: BundleError.levelOutOfRange(4, levelCount: 4)) { try bundle.snap(latitude: 48.1495, longitude: 11.5805, level: 4) }
        #expect(throws: BundleError.badCoordinate("nan, 11.5805")) { try bundle.snap(latitude: .nan, longitude: 11.5805, level: 0) }
        // A metre north of a node is a metre away.
        let node = try bundle.node(10)
        let north = try #require(try bundle.snap(latitude: node.latitude + 1 / 111_319.49, longitude: node.longitude, level: node.level))
        #expect(north.node == 10 && abs(north.distance - 1) < 0.01)
    }

    @Test func aLevelAlongOneStreetKeepsASmallGrid() throws {
        var contents = BundleFixture.contents()
        contents.egress = []
        // 200 nodes on one parallel over 4 km: from the area alone the grid would be a row of
        // tens of thousands of cells.
        for index in 0..<200 {
            contents.nodes.append(.init(latitude: 48.15, longitude: 11.55 + Double(index) * 0.0003, level: 1,
                                        kind: .junction, label: nil))
        }
        let bundle = try BundleFixture.open(contents)
        let index = try #require(bundle.snapIndex)
        let grid = try index.grid(1)
        #expect(grid.rows * grid.columns <= 4 * 203 + 64)
        for step in 0..<300 {
            let latitude = 48.1495 + Double(step % 7) * 0.0002, longitude = 11.549 + Double(step) * 0.0002
            let found = try bundle.snap(latitude: latitude, longitude: longitude, level: 1)
            #expect(found?.node == (try Self.scan(bundle, scale: index.longitudeScale, latitude: latitude, longitude: longitude, level: 1)))
        }
    }

    @Test func aDamagedGridIsAnErrorNotACrash() throws {
        let image = BundleImage(try BundleWriter.image(of: Self.contents(seed: 4)))
        let entry = try #require(image.entry("SNAP"))
        let levelRecords = entry.offset + 24
        // Level 0's grid claims more cells than the table has; level 1's first cell points past it.
        for (offset, value) in [(levelRecords + 16, UInt32(1 << 20)), (levelRecords + 32 + 24, UInt32(1 << 30)),
                                (entry.offset + 8, UInt32(1 << 30))] {
            var damaged = image
            damaged.setUInt32(value, at: offset)
            damaged.fixChecksums()
            expectFileError {
                let bundle = try damaged.open()
                for level in 0..<2 { _ = try bundle.snap(latitude: 48.15, longitude: 11.58, level: level) }
            }
        }
        // A cell entry naming a node that does not exist.
        var stray = image
        let cells = Int(image.uint32(at: entry.offset + 8))
        let firstEntry = levelRecords + 32 * Int(image.uint32(at: entry.offset)) + (cells + 1) * 4
        stray.setUInt32(UInt32.max, at: firstEntry)
        stray.fixChecksums()
        let bundle = try stray.open()
        expectFileError {
            for level in 0..<3 {
                for step in 0..<50 {
                    _ = try bundle.snap(latitude: 48.149 + Double(step) * 0.00004, longitude: 11.579 + Double(step) * 0.00006, level: level)
                }
            }
        }
    }
}
