import Foundation
import Testing
import NavFormat

/// A section handed over as its writer (kept as the writer's array) makes the same file as the
/// same bytes given as `Data`, imaged or streamed, checksums included.
@Suite struct ContainerWriterTests {
    static let kind = ContainerKind(magic: "NAVFTEST", major: 1, minor: 0, hasFileChecksum: true)

    /// Two sections of odd lengths, so that the padding between them is written too.
    static func writers() -> (ByteWriter, ByteWriter) {
        var first = ByteWriter()
        for value in 0..<1001 { first.uint32(UInt32(value) &* 2_654_435_761) }
        first.uint8(7)
        var second = ByteWriter()
        second.float64(-0.5)
        second.uint16(0xBEEF)
        return (first, second)
    }

    @Test func aWritersSectionIsTheFileItsDataMakes() throws {
        let (first, second) = Self.writers()
        var fromData = ContainerWriter(kind: Self.kind)
        fromData.add("AAAA", first.data)
        fromData.add("BBBB", version: 3, second.data)
        var fromWriters = ContainerWriter(kind: Self.kind)
        fromWriters.add("AAAA", first)
        fromWriters.add("BBBB", version: 3, second)

        #expect(fromWriters.sections.map(\.bytes) == [first.data, second.data])
        #expect(fromWriters.sections.map(\.version) == [1, 3])
        let image = fromData.image()
        #expect(fromWriters.image() == image)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("container-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("sections.bin")
        #expect(try fromWriters.write(to: url) == image.count)
        #expect(try Data(contentsOf: url) == image)
        // The file reads back, every checksum holding.
        let file = try ContainerFile(path: url.path, kind: Self.kind, kindName: "test container")
        try file.verifyChecksums()
        #expect(try file.requiredSection("AAAA").count == first.count)
    }
}
