import Foundation
import Testing
@testable import NavBundle
import NavFormat
import BundleWriting

/// `SHAP` at section version 2 (since 2.5 and 1.7): offsets for the bent arcs only, the same
/// corners as version 1 gave, version 1 still read, and damage to the new tables refused.
@Suite struct BundleShapeTests {
    /// The compass of ``BundleArcBearingTests``: nine arcs, four of them bent, six corners.
    static let contents = BundleArcBearingTests.contents()

    /// Each bundle arc's corners as the contents give them, in bundle order.
    static func cornersByBundleArc() -> [[BundleContents.Position]] {
        let order = contents.arcs.indices.sorted { (contents.arcs[$0].tail, $0) < (contents.arcs[$1].tail, $1) }
        return order.map { contents.arcs[$0].via }
    }

    @Test func onlyTheBentArcsHaveOffsets() throws {
        let image = BundleImage(try BundleWriter.image(of: Self.contents))
        let entry = try #require(image.entry("SHAP"))
        #expect(image.data[64 + 32 * entry.index + 4] == 2)
        #expect(image.uint32(at: entry.offset) == 9 && image.uint32(at: entry.offset + 4) == 6)
        #expect(image.uint32(at: entry.offset + 8) == 4)
        // 16 header bytes, one word of bits, one rank (padded to 32), five offsets (padded to
        // 56), six corners of 8 bytes; version 1 would hold ten offsets (48, padded) before them.
        #expect(entry.length == 56 + 6 * 8)
        let bent = Self.cornersByBundleArc().enumerated().filter { !$0.element.isEmpty }.map(\.offset)
        let bits = UInt64(image.uint32(at: entry.offset + 16)) | UInt64(image.uint32(at: entry.offset + 20)) << 32
        #expect(bits == bent.reduce(0) { $0 | 1 << UInt64($1) })
        // In bundle order (by tail) the bent arcs are 4, 7, 8 and 5 of the contents: 1, 2, 2, 1 corners.
        #expect((0..<5).map { image.uint32(at: entry.offset + 32 + 4 * $0) } == [0, 1, 3, 5, 6])
    }

    @Test func everyArcKeepsItsCornersAndWhereTheyStart() throws {
        let bundle = try BundleFixture.open(Self.contents)
        var before = 0
        for (arc, corners) in Self.cornersByBundleArc().enumerated() {
            let shape = try bundle.arcShape(arc)
            #expect(shape.count == corners.count)
            for (read, written) in zip(shape, corners) {
                #expect(abs(read.latitude - written.latitude) < 1e-9 && abs(read.longitude - written.longitude) < 1e-9)
            }
            // A straight arc's corners start where the next bent arc's do, as in version 1.
            #expect(try bundle.firstCornerIndex(ofArc: arc) == before)
            #expect(try bundle.cornerBearings(ofArc: arc).count == corners.count)
            before += corners.count
        }
    }

    /// The bundle rewritten as 2.4 wrote it: `SHAP` with an offset per arc, `GARC` and `GLMK` at
    /// version 1.
    static func versionOne() throws -> VenueBundle {
        let current = try BundleFixture.open(contents).file
        var writer = ContainerWriter(kind: ContainerKind(magic: "NAVFBNDL", major: 1, minor: 6, hasFileChecksum: true))
        for entry in current.sections {
            let section = try #require(current.section(entry.tag, version: entry.version))
            var bytes = Data(try section.bytes(offset: 0, count: section.count))
            var version = entry.version
            if entry.tag == BundleFormat.Tag.shapes {
                bytes = Self.shapesVersionOne()
                version = 1
            } else if entry.tag == BundleFormat.Tag.arcBearings || entry.tag == BundleFormat.Tag.landmarks {
                version = 1
            }
            writer.add(entry.tag, version: version, bytes)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shap-1-\(UUID().uuidString).navbundle")
        try writer.image().write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try VenueBundle(path: url.path)
    }

    /// `SHAP` version 1 by hand: counts, `first_corner[arcs + 1]`, padding, corners.
    static func shapesVersionOne() -> Data {
        let corners = cornersByBundleArc()
        var bytes = Data()
        func word(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        word(UInt32(corners.count))
        word(UInt32(corners.joined().count))
        var first: UInt32 = 0
        for arc in corners {
            word(first)
            first += UInt32(arc.count)
        }
        word(first)
        while bytes.count % 8 != 0 { bytes.append(0) }
        for point in corners.joined() {
            word(UInt32(bitPattern: Int32((point.latitude * 1e7).rounded())))
            word(UInt32(bitPattern: Int32((point.longitude * 1e7).rounded())))
        }
        return bytes
    }

    @Test func versionOneIsStillRead() throws {
        let current = try BundleFixture.open(Self.contents)
        let older = try Self.versionOne()
        #expect(older.file.entry(BundleFormat.Tag.shapes)?.version == 1)
        #expect(older.hasArcBearings)
        for arc in 0..<current.arcCount {
            #expect(try older.arcShape(arc) == current.arcShape(arc))
            #expect(try older.firstCornerIndex(ofArc: arc) == current.firstCornerIndex(ofArc: arc))
            #expect(try older.cornerBearings(ofArc: arc) == current.cornerBearings(ofArc: arc))
        }
    }

    @Test func aBundleWithoutCornersHasNoShapes() throws {
        var contents = Self.contents
        for index in contents.arcs.indices { contents.arcs[index].via = [] }
        let image = BundleImage(try BundleWriter.image(of: contents))
        #expect(image.entry("SHAP") == nil)
        let bundle = try image.open()
        #expect(bundle.hasArcBearings)
        for arc in 0..<bundle.arcCount {
            #expect(try bundle.arcShape(arc).isEmpty && bundle.firstCornerIndex(ofArc: arc) == 0)
            #expect(try bundle.cornerBearings(ofArc: arc).isEmpty)
        }
    }

    // MARK: Damage

    /// The bundle with the `u32` at `offset` within `SHAP` set to `value`, checksums fixed up.
    static func damaged(at offset: Int, to value: UInt32) throws -> BundleImage {
        var image = BundleImage(try BundleWriter.image(of: contents))
        let entry = try #require(image.entry("SHAP"))
        image.setUInt32(value, at: entry.offset + offset)
        image.fixChecksums()
        return image
    }

    /// Expects `body` to fail naming `SHAP`.
    func expectSHAP(_ body: () throws -> Void, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("damaged SHAP was read: \(comment)", sourceLocation: sourceLocation)
        } catch let error as BundleError {
            guard case .file(.malformedSection(section: "SHAP", _)) = error else {
                Issue.record("\(comment): \(error)", sourceLocation: sourceLocation)
                return
            }
        } catch {
            Issue.record("\(comment): \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func damageIsRefusedWhereItIsRead() throws {
        let lastBent = Self.cornersByBundleArc().lastIndex { !$0.isEmpty }!
        let rank = try Self.damaged(at: 24, to: 1).open()
        expectSHAP({ _ = try rank.arcShape(lastBent) }, "a rank that counts a bent arc too many")
        let flat = try Self.damaged(at: 32 + 4, to: 0).open()
        expectSHAP({ _ = try flat.arcShape(Self.cornersByBundleArc().firstIndex { !$0.isEmpty }!) },
                   "a bent arc without a corner")
        let past = try Self.damaged(at: 32 + 16, to: 7).open()
        expectSHAP({ _ = try past.arcShape(lastBent) }, "offsets past the corners")
        let fewer = try Self.damaged(at: 8, to: 3).open()
        expectSHAP({ _ = try fewer.arcShape(lastBent) }, "one bent arc fewer than the bits")
        // Counts that do not fit refuse the bundle when it opens.
        expectSHAP({ _ = try Self.damaged(at: 8, to: .max).open() }, "2³² − 1 bent arcs")
        expectSHAP({ _ = try Self.damaged(at: 4, to: 7).open() }, "a corner more than the section holds")
    }
}
