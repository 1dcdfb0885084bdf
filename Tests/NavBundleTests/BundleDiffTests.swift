import Foundation
import Testing
@testable import NavBundle
import NavFormat
@testable import BundleTools

/// `BundleDiff`: what a reviewer of a rebuild is told.
@Suite struct BundleDiffTests {
    @Test func aRebuildOfTheSameContentsHasNoDifferences() throws {
        let old = try BundleFixture.open()
        let new = try BundleFixture.open()
        let diff = try BundleDiff(old: old, new: new)
        #expect(diff.isEmpty && diff.reachability.map(\.profile) == ["foot", "wheelchair"])
        #expect(diff.reachability.map(\.reachableNew) == [2, 1])
    }

    @Test func reportsPlacesAddedRemovedRenamedAndMovedAndReachabilityLost() throws {
        let before = BundleFixture.contents()
        var after = before
        after.metadata.bundleVersion = "1.3.0"
        after.places[1].name = "Robotics Lab"                  // renamed
        after.places[0].latitude = 48.15005                    // about 5.6 m north: moved
        after.places[2].ref = "KIOSK"                          // the café's key changes: removed and added
        after.places.append(.init(kind: .room, ref: "H.1.2", name: "Store", category: nil, level: 1, node: 4,
                                  latitude: 48.15, longitude: 11.58003))
        // The stairs close for everyone: the lab can no longer get out on foot either.
        after.egress[0].exit[5] = BundleFormat.none
        after.egress[0].cost[5] = BundleFormat.impassable
        after.egress[0].firstArc[5] = BundleFormat.none
        let diff = try BundleDiff(old: try BundleFixture.open(before),
                                  new: try BundleFixture.open(after))
        #expect(diff.oldVersion == "1.2.3" && diff.newVersion == "1.3.0")
        #expect(diff.added.map(\.key) == ["poi:KIOSK", "room:H.1.2"])
        #expect(diff.removed.map(\.key) == ["poi:CAFE"])
        #expect(diff.renamed == [.init(key: "room:H.1.1", oldName: "Lab", newName: "Robotics Lab")])
        #expect(diff.moved.map(\.key) == ["room:H.0.1"])
        #expect(abs((diff.moved.first?.distance ?? 0) - 5.56) < 0.05)
        #expect(diff.places == .init(old: 3, new: 4) && diff.nodes == .init(old: 6, new: 6))
        let foot = try #require(diff.reachability.first)
        #expect(foot.profile == "foot" && foot.lost == ["room:H.1.1"] && foot.gained.isEmpty)
        #expect(!diff.isEmpty)
        // The JSON form carries the same findings.
        let json = String(decoding: try JSONEncoder().encode(diff), as: UTF8.self)
        #expect(json.contains("\"lost\":[\"room:H.1.1\"]"))
    }

    @Test func saysWhenReachabilityCannotBeCompared() throws {
        // A rebuild compared with a version whose egress tables this reader cannot read (built
        // before EGRS section version 2, here built without them): said, not silently skipped.
        var before = BundleFixture.contents()
        before.egress = []
        let diff = try BundleDiff(old: try BundleFixture.open(before), new: try BundleFixture.open())
        #expect(diff.reachability.isEmpty && !diff.isEmpty)
        #expect(diff.reachabilityNotCompared?.contains("the earlier bundle has no egress tables") == true)
        #expect(try BundleDiff(old: try BundleFixture.open(), new: try BundleFixture.open()).reachabilityNotCompared == nil)
    }
}
