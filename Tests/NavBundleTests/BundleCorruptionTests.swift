import Foundation
import Testing
@testable import NavBundle

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
        if bundle.nodeCount > 1, !bundle.profileNames.isEmpty {
            _ = try bundle.shortestPath(from: 0, to: bundle.nodeCount - 1, profile: 0)
            if bundle.hasEgress {
                for node in 0..<bundle.nodeCount { _ = try bundle.wayOut(from: node, profile: 0) }
            }
        }
    }

    @Test func refusesWhatIsNotABundle() throws {
        #expect(throws: ContainerError.self) { try open(Data()) }
        #expect(throws: ContainerError.self) { try open(Data("hello, world".utf8)) }
        #expect(throws: ContainerError.self) { try open(Data(repeating: 0, count: 4096)) }
    }

    @Test func refusesEveryTruncation() throws {
        let image = try BundleWriter.image(of: BundleFixture.contents())
        for length in stride(from: 0, to: image.count, by: 7) {
            #expect(throws: ContainerError.self) { try open(image.prefix(length)) }
        }
    }

    @Test func refusesAnotherMajorVersion() throws {
        var image = try BundleWriter.image(of: BundleFixture.contents())
        image[8] = 9
        #expect(throws: ContainerError.unsupportedVersion(found: "9.\(BundleFormat.kind.minor)", supportedMajor: 0)) { try open(image) }
    }

    @Test func detectsABitFlipInEverySection() throws {
        let image = try BundleWriter.image(of: BundleFixture.contents())
        let file = try VenueBundle(path: try BundleFixture.write()).file
        for section in file.sections where section.length > 0 {
            var flipped = image
            flipped[section.offset + section.length / 2] ^= 0x10
            #expect(throws: ContainerError.checksumMismatch(section: section.tag.description)) { try open(flipped) }
        }
    }

    @Test func refusesSectionsOutsideTheFileOrOverlapping() throws {
        let image = try BundleWriter.image(of: BundleFixture.contents())
        // Section table entry 0 starts at byte 64: tag, version, reserved, offset (72), length (80).
        var outside = image
        outside.replaceSubrange(80..<88, with: withUnsafeBytes(of: UInt64(1 << 40).littleEndian, Array.init))
        #expect(throws: ContainerError.self) { try open(outside, verify: false) }
        var overlapping = image
        let secondOffset = image.subdata(in: (64 + 32 + 8)..<(64 + 32 + 16))
        overlapping.replaceSubrange(72..<80, with: secondOffset)
        #expect(throws: ContainerError.self) { try open(overlapping, verify: false) }
    }

    /// Random byte changes with checksums unchecked: whatever the reader then meets inside the
    /// sections, it must throw or succeed, never trap.
    @Test func survivesRandomCorruptionWithoutChecksums() throws {
        let image = try BundleWriter.image(of: BundleFixture.contents())
        var generator = SplitMix(seed: 42)
        var failures = 0
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
            }
        }
        #expect(failures > 0, "some corruptions must be detected")
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
