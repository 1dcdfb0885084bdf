import Foundation
import Testing
@testable import NavBundle
import NavFormat
import BundleWriting
import BundleTools

/// A corrupt or hostile bundle must give an error, never a crash or a read outside the file.
@Suite struct BundleCorruptionTests {
    func open(_ bytes: Data, verify: Bool = true) throws -> VenueBundle {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-\(UUID().uuidString).navbundle")
        try bytes.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try VenueBundle(path: url.path, verifyChecksums: verify)
    }

    /// Reads everything a runtime would, so malformed records surface.
    func exercise(_ bundle: VenueBundle) throws {
        for index in 0..<bundle.levelCount { _ = try bundle.level(index) }
        for index in 0..<bundle.nodeCount { _ = try bundle.node(index) }
        for index in 0..<bundle.arcCount { _ = try bundle.arc(index) }
        for index in 0..<bundle.placeCount { _ = try bundle.place(index) }
        for index in 0..<bundle.eventCount { _ = try bundle.event(index) }
        for index in 0..<bundle.arcCount { _ = try bundle.arcShape(index) }
        for index in 0..<bundle.arcCount where bundle.hasArcBearings {
            _ = try bundle.arcBearings(index)
            _ = try bundle.cornerBearings(ofArc: index)
        }
        if bundle.hasSearchIndex {
            for query in ["h", "H.0", "café", "lab", "a", "gleis"] { _ = try bundle.searchPrefix(query, limit: 5) }
        }
        for level in 0..<bundle.levelCount {
            if bundle.hasSnapIndex { _ = try bundle.snap(latitude: 48.15, longitude: 11.58002, level: level) }
            if bundle.hasOutlines { _ = try bundle.outlines(onLevel: level) }
        }
        for index in 0..<bundle.placeCount {
            _ = try bundle.placeAliases(index)
            _ = try bundle.placeSource(index)
            for profile in bundle.profileNames.indices { _ = try bundle.attachedNode(place: index, profile: profile) }
        }
        for profile in bundle.profileNames.indices {
            _ = try bundle.pieces(profile: profile)
            for level in 0..<bundle.levelCount where bundle.hasSnapIndex {
                _ = try bundle.snap(latitude: 48.15, longitude: 11.58002, level: level, profile: profile)
            }
        }
        if bundle.hasSearchIndex {
            for text in ["Gleis 1", "Rossmann@1", "node/21", "Rosmann", "48.15,11.58@0"] {
                if let endpoint = try? bundle.resolveEndpoint(text), !bundle.profileNames.isEmpty {
                    _ = try bundle.node(of: endpoint, profile: 0)
                }
            }
        }
        if bundle.nodeCount > 1, !bundle.profileNames.isEmpty {
            _ = try bundle.shortestPath(from: 0, to: bundle.nodeCount - 1, profile: 0)
            if bundle.hasEgress {
                for node in 0..<bundle.nodeCount { _ = try bundle.wayOut(from: node, profile: 0) }
            }
        }
    }

    @Test func refusesWhatIsNotABundle() throws {
        expectFileError { _ = try open(Data()) }
        expectFileError { _ = try open(Data("hello, world".utf8)) }
        expectFileError { _ = try open(Data(repeating: 0, count: 4096)) }
    }

    @Test func refusesEveryTruncation() throws {
        let image = try BundleWriter.image(of: BundleFixture.contents())
        for length in stride(from: 0, to: image.count, by: 7) {
            expectFileError { _ = try open(image.prefix(length)) }
        }
    }

    @Test func refusesAnotherMajorVersion() throws {
        // The fixture has no customisable hierarchy, so it is written as 1.2.
        let contents = BundleFixture.contents()
        var image = try BundleWriter.image(of: contents)
        image[8] = 9
        #expect(throws: BundleError.file(.unsupportedVersion(found: "9.\(contents.format.minor)", supportedMajor: BundleFormat.kind.major))) { try open(image) }
    }

    @Test func detectsABitFlipInEverySection() throws {
        let image = try BundleWriter.image(of: BundleFixture.contents())
        let file = try BundleFixture.open().file
        for section in file.sections where section.length > 0 {
            var flipped = image
            flipped[section.offset + section.length / 2] ^= 0x10
            #expect(throws: BundleError.file(.checksumMismatch(section: section.tag.description))) { try open(flipped) }
        }
    }

    @Test func theWholeFileChecksumCoversTheHeaderTableAndPadding() throws {
        let image = BundleImage(try BundleWriter.image(of: BundleFixture.contents()))
        #expect(throws: Never.self) { try image.open() }
        // The flags, the reserved half of a table entry and the padding after a section are in no
        // section's checksum.
        let metadata = try #require(image.entry("META"))
        #expect(metadata.length % 8 != 0)
        for offset in [12, 64 + 6, metadata.offset + metadata.length] {
            var damaged = image
            damaged.data[offset] ^= 0x01
            #expect(throws: BundleError.file(.fileChecksumMismatch), "byte \(offset)") { try damaged.open() }
            #expect(throws: Never.self) { try damaged.open(verify: false) }
        }
        // A section changed with its own checksum forged still fails the whole-file checksum.
        var forged = image
        let places = try #require(image.entry("PLAC"))
        forged.data[places.offset + 9] ^= 0x01
        let checksum = SHA256.hash(forged.data.subdata(in: places.offset..<places.offset + places.length)).prefix64
        forged.data.withUnsafeMutableBytes {
            $0.storeBytes(of: checksum.littleEndian, toByteOffset: 64 + 32 * places.index + 24, as: UInt64.self)
        }
        #expect(throws: BundleError.file(.fileChecksumMismatch)) { try forged.open() }
    }

    @Test func aSectionOfALaterVersionIsSkippedOrRefusedIfRequired() throws {
        let image = BundleImage(try BundleWriter.image(of: BundleFixture.contents()))
        func withVersion(_ version: UInt16, of tag: String) throws -> BundleImage {
            var changed = image
            let entry = try #require(image.entry(tag))
            changed.data.withUnsafeMutableBytes { $0.storeBytes(of: version.littleEndian, toByteOffset: 64 + 32 * entry.index + 4, as: UInt16.self) }
            changed.fixChecksums()
            return changed
        }
        let laterIndex = try withVersion(2, of: "SRCH").open()
        #expect(!laterIndex.hasSearchIndex && laterIndex.hasSnapIndex)
        #expect(throws: BundleError.file(.unsupportedSectionVersion(section: "PLAC", version: 2, supported: 1))) {
            try withVersion(2, of: "PLAC").open()
        }
    }

    @Test func theTableIsCheckedBeforeTheChecksums() throws {
        // As in the C, Python and JavaScript readers: damage to the table is refused as such even
        // when the file's hash, left stale, would refuse the file too.
        let image = BundleImage(try BundleWriter.image(of: BundleFixture.contents()))
        let nodes = try #require(image.entry("NODE"))
        let tag = 64 + 32 * nodes.index
        var renamed = image
        renamed.data[tag] = UInt8(ascii: "X")
        #expect(throws: BundleError.file(.missingSection("NODE"))) { try renamed.open() }
        var later = image
        later.data[tag + 4] = 2
        #expect(throws: BundleError.file(.unsupportedSectionVersion(section: "NODE", version: 2, supported: 1))) {
            try later.open()
        }
        var notASCII = image
        notASCII.data[tag + 1] = 0xC5
        #expect(throws: BundleError.file(.badSectionTable("entry \(nodes.index) has a tag that is not ASCII"))) {
            try notASCII.open()
        }
        for damaged in [renamed, later, notASCII] {
            #expect(refusal(try damaged.open()) == .format)
        }
    }

    @Test func refusalsTakeTheReadersSharedClasses() throws {
        let image = BundleImage(try BundleWriter.image(of: BundleFixture.contents()))
        let places = try #require(image.entry("PLAC"))
        var flipped = image
        flipped.data[places.offset + places.length / 2] ^= 0x10
        #expect(refusal(try flipped.open()) == .checksum)
        var truncated = image
        truncated.data.removeLast(8)
        #expect(refusal(try truncated.open()) == .format)
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString).navbundle")
        #expect(refusal(try VenueBundle(path: missing.path)) == .io)
        // An error that is not the file's is no refusal.
        #expect(RefusalClass(BundleError.emptyEndpoint) == nil)
    }

    /// The class `open` is refused with; `nil` when it opens or fails otherwise.
    private func refusal(_ open: @autoclosure () throws -> VenueBundle) -> RefusalClass? {
        do {
            _ = try open()
            return nil
        } catch let error as BundleError {
            return RefusalClass(error)
        } catch {
            return nil
        }
    }

    @Test func aDevelopmentFormatBundleStillOpensWithoutAFileChecksum() throws {
        var writer = ContainerWriter(kind: ContainerKind(magic: "NAVFBNDL", major: 0, minor: 4))
        let current = try BundleImage(try BundleWriter.image(of: BundleFixture.contents())).open()
        for entry in current.file.sections where ["META", "STRS", "LEVL", "NODE", "ARCS", "PROF", "PLAC", "EVNT"].contains(entry.tag.description) {
            writer.add(entry.tag, Data(try current.file.bytes.bytes(offset: entry.offset, count: entry.length)))
        }
        let old = try BundleImage(writer.image()).open()
        #expect(old.file.major == 0 && old.file.recordedFileChecksum == nil)
        #expect(!old.hasSearchIndex && !old.hasSnapIndex && !old.hasOutlines && !old.hasHierarchies)
        #expect(throws: BundleError.file(.missingSection("SRCH"))) { try old.searchPrefix("h", limit: 1) }
        #expect(try old.shortestPath(from: 0, to: 5, profile: 0)?.nodes == [0, 1, 2, 3, 4, 5])
    }

    @Test func refusesSectionsOutsideTheFileOrOverlapping() throws {
        let image = try BundleWriter.image(of: BundleFixture.contents())
        // Section table entry 0 starts at byte 64: tag, version, reserved, offset (72), length (80).
        var outside = image
        outside.replaceSubrange(80..<88, with: withUnsafeBytes(of: UInt64(1 << 40).littleEndian, Array.init))
        expectFileError { _ = try open(outside, verify: false) }
        var overlapping = image
        let secondOffset = image.subdata(in: (64 + 32 + 8)..<(64 + 32 + 16))
        overlapping.replaceSubrange(72..<80, with: secondOffset)
        expectFileError { _ = try open(overlapping, verify: false) }
    }

    /// Random byte changes with checksums unchecked: whatever the reader then meets inside the
    /// sections, it must throw or succeed, never trap.
    @Test(arguments: [false, true]) func survivesRandomCorruptionWithoutChecksums(withPlaceSections: Bool) throws {
        let image = try BundleWriter.image(of: withPlaceSections ? EndpointFixture.contents() : BundleFixture.contents())
        var generator = SplitMix(seed: 42)
        var failures = 0
        var misread: [String] = []
        for _ in 0..<2000 {
            var mutated = image
            for _ in 0..<Int(generator.next() % 4 + 1) {
                let position = Int(generator.next() % UInt64(mutated.count))
                mutated[position] = UInt8(truncatingIfNeeded: generator.next())
            }
            do {
                try exercise(try open(mutated, verify: false))
            } catch {
                failures += 1
                // Every argument above is in range, so the only fault is the file's.
                if case .file? = error as? BundleError { continue }
                misread.append("\(error)")
            }
        }
        #expect(failures > 0, "some corruptions must be detected")
        #expect(misread.isEmpty, "damage reported as something else: \(misread.prefix(5))")
    }
}

/// Damaged 1.2 place sections, checksums forged: each refused with an error naming its section.
@Suite struct PlaceSectionCorruptionTests {
    func damaged(_ tag: String, _ change: (inout BundleImage, Int) -> Void) throws -> BundleImage {
        var image = BundleImage(try BundleWriter.image(of: EndpointFixture.contents()))
        let entry = try #require(image.entry(tag))
        change(&image, entry.offset)
        image.fixChecksums()
        return image
    }

    func refused(_ image: BundleImage, _ tag: String) {
        do {
            let bundle = try image.open()
            try BundleCorruptionTests().exercise(bundle)
            Issue.record("damaged \(tag) was accepted")
        } catch let error as BundleError {
            guard case .file = error else {
                Issue.record("damaged \(tag) read as \(error)")
                return
            }
            #expect(error.description.contains(tag), "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func countsThatDoNotMatchAreRefusedAtOpen() throws {
        for tag in ["PSRC", "ALIA", "ATCH", "PIEC"] {
            refused(try damaged(tag) { image, offset in image.setUInt32(99, at: offset) }, tag)
        }
        refused(try damaged("PIEC") { image, offset in image.setUInt32(7, at: offset + 4) }, "PIEC")
        refused(try damaged("ALIA") { image, offset in image.setUInt32(0x0FFF_FFFF, at: offset + 4) }, "ALIA")
    }

    @Test func referencesOutOfRangeAreRefusedWhenRead() throws {
        // An attachment to a missing node, an alias range past the aliases, a key of another field.
        refused(try damaged("ATCH") { image, offset in image.setUInt32(1000, at: offset + 8) }, "ATCH")
        refused(try damaged("ALIA") { image, offset in image.setUInt32(0xFFFF, at: offset + 16 + 4) }, "ALIA")
        let places = EndpointFixture.contents().places
        let aliasCount = places.reduce(0) { $0 + $1.aliases.count }
        let keys = 16 + 4 * (places.count + 1) + 12 * aliasCount
        refused(try damaged("ALIA") { image, offset in image.data[offset + keys + 6] = 3 }, "ALIA")
        // PIEC counts that disagree with its bits.
        refused(try damaged("PIEC") { image, offset in image.setUInt32(5, at: offset + 8 + 16 + 8) }, "PIEC")
    }
}

/// A tiny deterministic generator, so failures reproduce.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
