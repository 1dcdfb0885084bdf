import Foundation
import Testing
@testable import NavBundle
import NavFormat
import BundleWriting

/// `GARC`: the bearings written for arcs of known geometry, read back, refused when damaged.
@Suite struct BundleArcBearingTests {
    /// Four nodes on the equator, where a degree of longitude is one of latitude: A, B 300 units
    /// (of 1e-7 degree) east of it, C 100 north of B, and D where C is.
    static func contents() -> BundleContents {
        var contents = BundleContents(metadata: BundleMetadata(
            venueID: "compass", venueName: "Compass", bundleVersion: "1.0.0", generator: "test", sources: []))
        contents.levels = [.init(id: "C@0", name: "Ground", buildingID: nil, buildingName: nil, ordinal: 0)]
        func node(_ latitude: Double, _ longitude: Double) -> BundleContents.Node {
            .init(latitude: latitude, longitude: longitude, level: 0, kind: .junction, label: nil)
        }
        let a = BundleContents.Position(latitude: 0, longitude: 0)
        let b = BundleContents.Position(latitude: 0, longitude: 0.00003)
        let c = BundleContents.Position(latitude: 0.00001, longitude: 0.00003)
        contents.nodes = [node(a.latitude, a.longitude), node(b.latitude, b.longitude), node(c.latitude, c.longitude),
                          node(c.latitude, c.longitude)]
        func arc(_ tail: Int, _ head: Int, _ length: Double, via: [BundleContents.Position] = []) -> BundleContents.Arc {
            .init(tail: tail, head: head, length: length, kind: .walk, label: nil, isIndoor: true, via: via)
        }
        contents.arcs = [
            arc(0, 1, 3),               // 0: due east
            arc(1, 0, 3),               // 1: due west
            arc(1, 2, 1),               // 2: due north
            arc(2, 1, 1),               // 3: due south
            arc(0, 2, 4, via: [b]),     // 4: east, then north at B
            arc(2, 0, 4, via: [b]),     // 5: south, then west at B
            arc(2, 3, 0),               // 6: no length at all
            arc(0, 2, 4, via: [b, b]),  // 7: B twice: the first B leaves north, with the segment after the empty one
            arc(0, 3, 4, via: [a, c]),  // 8: empty first and last segments
        ]
        contents.profiles = [.init(name: "foot", costs: contents.arcs.map { UInt32($0.length * 1000) })]
        return contents
    }

    /// The bundle index of the arc the contents list at `input`: the writer groups arcs by tail,
    /// keeping their order within a tail.
    static func bundleArc(_ input: Int, in contents: BundleContents = contents()) -> Int {
        contents.arcs.indices.sorted { (contents.arcs[$0].tail, $0) < (contents.arcs[$1].tail, $1) }.firstIndex(of: input)!
    }

    @Test func straightArcsPointTheWayTheyGo() throws {
        let bundle = try BundleFixture.open(Self.contents())
        #expect(bundle.hasArcBearings)
        #expect(try bundle.arcBearings(Self.bundleArc(0)) == (64, 64))
        #expect(try bundle.arcBearings(Self.bundleArc(1)) == (192, 192))
        #expect(try bundle.arcBearings(Self.bundleArc(2)) == (0, 0))
        #expect(try bundle.arcBearings(Self.bundleArc(3)) == (128, 128))
        #expect(try bundle.cornerBearings(ofArc: Self.bundleArc(0)).isEmpty)
    }

    @Test func cornersHaveTheirDistanceAndTheBearingLeavingThem() throws {
        let bundle = try BundleFixture.open(Self.contents())
        let east = Self.bundleArc(4), back = Self.bundleArc(5)
        #expect(try bundle.arcBearings(east) == (64, 0))
        // 300 of the 400 plane units walked: three quarters of the 400 cm arc.
        #expect(try bundle.cornerBearings(ofArc: east) == [CornerBearing(alongCentimetres: 300, bearing: 0)])
        #expect(try bundle.arcBearings(back) == (128, 192))
        #expect(try bundle.cornerBearings(ofArc: back) == [CornerBearing(alongCentimetres: 100, bearing: 192)])
    }

    @Test func emptySegmentsTakeTheBearingOfTheWayOn() throws {
        let bundle = try BundleFixture.open(Self.contents())
        #expect(try bundle.arcBearings(Self.bundleArc(6)) == (0, 0))
        #expect(try bundle.cornerBearings(ofArc: Self.bundleArc(6)).isEmpty)
        let twice = Self.bundleArc(7)
        #expect(try bundle.arcBearings(twice) == (64, 0))
        #expect(try bundle.cornerBearings(ofArc: twice) == [CornerBearing(alongCentimetres: 300, bearing: 0),
                                                            CornerBearing(alongCentimetres: 300, bearing: 0)])
        // A to A, A to C (north-east: atan2(300, 100) is 50.9 steps), C to D (none): the tail
        // leaves along the second segment and the head is reached along it too.
        let ends = Self.bundleArc(8)
        #expect(try bundle.arcBearings(ends) == (51, 51))
        #expect(try bundle.cornerBearings(ofArc: ends) == [CornerBearing(alongCentimetres: 0, bearing: 51),
                                                           CornerBearing(alongCentimetres: 400, bearing: 51)])
    }

    @Test func bearingsAreMeasuredInTheSnapPlane() throws {
        // The fixture hall lies at 48.15° north; its lab arc goes 200 units north and 50 east to
        // the corner, then 200 south and 50 east. With longitude scaled by cos(48.15°) the first
        // leg is atan2(33.4, 200) = 6.7 steps; unscaled it would be 10.
        let contents = BundleFixture.contents()
        let bundle = try BundleFixture.open(contents)
        let lab = Self.bundleArc(8, in: contents)
        #expect(try bundle.arc(lab).head == 5)
        #expect(try bundle.arcBearings(lab) == (7, 121))
        #expect(try bundle.cornerBearings(ofArc: lab) == [CornerBearing(alongCentimetres: 200, bearing: 121)])
        let back = Self.bundleArc(9, in: contents)
        #expect(try bundle.arcBearings(back) == (249, 135))
        #expect(try bundle.firstCornerIndex(ofArc: lab) == 0 && bundle.firstCornerIndex(ofArc: back) == 1)
        // The office's arc, due east, has no corners; they start where the lab's do.
        #expect(try bundle.arcBearings(Self.bundleArc(0, in: contents)) == (64, 64))
        #expect(try bundle.firstCornerIndex(ofArc: 0) == 0)
    }

    @Test func theBytesAreTheSameOnEveryBuild() throws {
        let first = try BundleWriter.image(of: Self.contents())
        let second = try BundleWriter.image(of: Self.contents())
        #expect(first == second)
        let garc = try #require(BundleImage(first).entry("GARC"))
        // 16 header bytes, 9 arcs of 2 bytes padded to 40, 6 corners of 8 bytes.
        #expect(garc.length == 40 + 6 * 8)
    }

    @Test func argumentsOutOfRangeAreTheCallersMistake() throws {
        let bundle = try BundleFixture.open(Self.contents())
        #expect(throws: BundleError.arcOutOfRange(9, arcCount: 9)) { try bundle.arcBearings(9) }
        #expect(throws: BundleError.arcOutOfRange(-1, arcCount: 9)) { try bundle.cornerBearings(ofArc: -1) }
        #expect(throws: BundleError.arcOutOfRange(9, arcCount: 9)) { try bundle.firstCornerIndex(ofArc: 9) }
    }

    @Test func aBundleWithoutBearingsSaysSo() throws {
        let current = try BundleFixture.open(Self.contents()).file
        var writer = ContainerWriter(kind: BundleFormat.kind(customisable: false))
        for entry in current.sections where entry.tag != BundleFormat.Tag.arcBearings {
            let section = try #require(current.section(entry.tag, version: entry.version))
            writer.add(entry.tag, version: entry.version, Data(try section.bytes(offset: 0, count: section.count)))
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("older-\(UUID().uuidString).navbundle")
        try writer.image().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let older = try VenueBundle(path: url.path)
        #expect(!older.hasArcBearings)
        #expect(throws: BundleError.file(.missingSection("GARC"))) { try older.arcBearings(0) }
        #expect(throws: BundleError.file(.missingSection("GARC"))) { try older.cornerBearings(ofArc: 0) }
        #expect(try older.firstCornerIndex(ofArc: Self.bundleArc(5)) == 5)
    }

    // MARK: Damage

    /// The contents' bundle with `change` applied to GARC (at its offset), checksums fixed up.
    func damaged(_ change: (inout BundleImage, _ offset: Int, _ tableEntry: Int) -> Void) throws -> BundleImage {
        var image = BundleImage(try BundleWriter.image(of: Self.contents()))
        let entry = try #require(image.entry("GARC"))
        change(&image, entry.offset, 64 + 32 * entry.index)
        image.fixChecksums()
        return image
    }

    /// Expects the bundle to be refused when it opens, naming GARC.
    func refusedAtOpen(_ image: BundleImage, _ comment: Comment) {
        do {
            _ = try image.open()
            Issue.record("damaged GARC was accepted: \(comment)")
        } catch let error as BundleError {
            guard case .file(.malformedSection(section: "GARC", _)) = error else {
                Issue.record("\(comment): \(error)")
                return
            }
        } catch {
            Issue.record("\(comment): \(error)")
        }
    }

    @Test func countsThatDoNotMatchAndTablesThatDoNotFitAreRefusedAtOpen() throws {
        refusedAtOpen(try damaged { image, offset, _ in image.setUInt32(10, at: offset) }, "one arc more than ARCS")
        refusedAtOpen(try damaged { image, offset, _ in image.setUInt32(8, at: offset) }, "one arc fewer")
        refusedAtOpen(try damaged { image, offset, _ in image.setUInt32(7, at: offset + 4) }, "a corner more than SHAP")
        refusedAtOpen(try damaged { image, offset, _ in image.setUInt32(0xFFFF_FFFF, at: offset + 4) }, "corners past any size")
        // The section cut short of its last corner, then of its header.
        refusedAtOpen(try damaged { image, _, entry in image.setUInt32(40 + 5 * 8, at: entry + 16) }, "a corner missing")
        refusedAtOpen(try damaged { image, _, entry in image.setUInt32(12, at: entry + 16) }, "a header cut short")
    }

    @Test func distancesOutOfOrderAreRefusedWhereTheyAreRead() throws {
        // Corners in ARCS order: arc 4's (tail A), arc 7's two, arc 8's two, then arc 5's (tail C).
        let twice = Self.bundleArc(7)
        let past = try damaged { image, offset, _ in image.setUInt32(401, at: offset + 40 + 8 * 1) }
        let bundle = try past.open()
        #expect(try bundle.arcBearings(twice) == (64, 0))
        expectGARC { _ = try bundle.cornerBearings(ofArc: twice) }
        let falling = try damaged { image, offset, _ in image.setUInt32(299, at: offset + 40 + 8 * 2) }
        expectGARC { _ = try falling.open().cornerBearings(ofArc: twice) }
        #expect(try falling.open().cornerBearings(ofArc: Self.bundleArc(4)).count == 1)
    }

    func expectGARC(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("damaged GARC was read", sourceLocation: sourceLocation)
        } catch let error as BundleError {
            guard case .file(.malformedSection(section: "GARC", _)) = error else {
                Issue.record("\(error)", sourceLocation: sourceLocation)
                return
            }
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }
}
