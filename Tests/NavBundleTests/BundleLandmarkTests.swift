import Foundation
import Testing
@testable import NavBundle
import NavFormat
import BundleWriting

/// `GLMK` read back, and refused on opening when damaged, naming the section.
@Suite struct BundleLandmarkTests {
    /// The fixture with three landmarks: the office (a place), the ground-floor door and the
    /// upstairs landing; the door node sees the door and the office, the lab's corner the landing.
    static func contents() -> BundleContents {
        var contents = BundleFixture.contents()
        func at(_ node: Int) -> BundleContents.Position {
            BundleContents.Position(latitude: contents.nodes[node].latitude, longitude: contents.nodes[node].longitude)
        }
        contents.landmarks = [
            .init(name: "Office", place: 0, position: at(0), level: 0, kind: .room, naming: .named),
            .init(name: nil, place: nil, position: at(1), level: 0, kind: .door, naming: .unnamed),
            .init(name: "Stairs", place: nil, position: at(3), level: 1, kind: .stairs, naming: .named),
        ]
        contents.landmarkPairs = [
            .init(key: .node(1), landmark: 1, salience: 55),
            .init(key: .node(1), landmark: 0, salience: 150),
            .init(key: .corner(arc: 9, corner: 0), landmark: 2, salience: 185),
        ]
        return contents
    }

    @Test func landmarksAndPairsReadBack() throws {
        let bundle = try BundleFixture.open(Self.contents())
        #expect(bundle.hasLandmarks && bundle.landmarkCount == 3)
        let office = try bundle.landmark(0)
        #expect(office.name == "Office" && office.place == 0 && office.kind == .room && office.naming == .named)
        #expect(try bundle.landmark(1).name == nil)
        // Pairs come most salient first, whatever order the contents gave.
        #expect(try bundle.landmarkPairs(atKey: 1).map(\.landmark) == [0, 1])
        #expect(try bundle.landmarkPairs(atKey: 0).isEmpty)
        // The fixture's two corners follow its six nodes, in ARCS order: arc 9 (tail 5) is last.
        #expect(bundle.landmarkKeyCount == 8)
        #expect(try bundle.landmarkPairs(atKey: 7).map(\.landmark) == [2])
        // The door to the office: 1e-5° of longitude at 48.15° north is 0.74 m due west.
        let pair = try #require(try bundle.landmarkPairs(atKey: 1).first)
        #expect(pair.distanceDecimetres == 7 && pair.bearing == 192)
    }

    @Test func aBundleWithoutLandmarksHasNone() throws {
        let bundle = try BundleFixture.open()
        #expect(!bundle.hasLandmarks && bundle.landmarkCount == 0)
        #expect(try bundle.landmarkPairs(atKey: 0).isEmpty)
        #expect(throws: BundleError.landmarkOutOfRange(0, landmarkCount: 0)) { try bundle.landmark(0) }
    }

    @Test func theWriterRefusesLandmarksThatNameNothing() {
        var contents = Self.contents()
        contents.landmarkPairs.append(.init(key: .corner(arc: 0, corner: 0), landmark: 0, salience: 1))
        #expect(throws: FormatError.self) { try BundleWriter.image(of: contents) }
        contents = Self.contents()
        contents.landmarks[0].level = 2
        #expect(throws: FormatError.self) { try BundleWriter.image(of: contents) }
        contents = Self.contents()
        contents.landmarkPairs.append(contents.landmarkPairs[0])
        #expect(throws: FormatError.self) { try BundleWriter.image(of: contents) }
    }

    /// Each damage, checksums fixed up so that only GLMK's own check can find it.
    @Test(arguments: [
        ("one landmark more", 0, UInt32(4), "do not fill"),
        ("a key fewer", 4, 7, "keys for the"),
        ("a place that does not exist", 16 + 4, 3, "is place"),
        ("a string that does not exist", 16, 100_000, "names string"),
        ("a pair of a missing landmark", 16 + 3 * 24 + 4, 3, "joins key"),
        ("a pair of a missing key", 16 + 3 * 24, 8, "joins key"),
        ("the pairs out of order", 16 + 3 * 24, 2, "out of order"),
    ])
    func damageIsRefusedOnOpening(what: String, at: Int, value: UInt32, says: String) throws {
        var image = BundleImage(try BundleWriter.image(of: Self.contents()))
        let section = try #require(image.entry("GLMK"))
        image.setUInt32(value, at: section.offset + at)
        image.fixChecksums()
        do {
            _ = try image.open()
            Issue.record("GLMK with \(what) was opened")
        } catch let error as BundleError {
            guard case .file(.malformedSection(let name, let detail)) = error else {
                Issue.record("GLMK with \(what) gave \(error)")
                return
            }
            #expect(name == "GLMK" && detail.contains(says), "\(what): \(detail)")
        }
    }
}
