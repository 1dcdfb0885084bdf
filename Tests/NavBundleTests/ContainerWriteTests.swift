import Foundation
import Testing
import NavFormat
@testable import BundleWriting

/// Containers streamed to a file: the bytes of the in-memory image, replaced atomically.
@Suite struct ContainerWriteTests {
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("container-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theStreamedFileIsTheImage() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("fixture.navbundle")
        // An older file of the name is replaced whole.
        try Data(repeating: 7, count: 1 << 20).write(to: url)
        let container = try BundleWriter.container(of: BundleFixture.contents())
        let size = try container.write(to: url)
        let image = container.image()
        #expect(try Data(contentsOf: url) == image)
        #expect(size == image.count)
        // The header's checksum is the file's SHA-256 with that field zeroed, as readers check it.
        var zeroed = image
        zeroed.replaceSubrange(ContainerLayout.fileChecksumRange, with: [UInt8](repeating: 0, count: 32))
        #expect(Array(image[ContainerLayout.fileChecksumRange]) == SHA256.hash(zeroed).bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["fixture.navbundle"])
    }

    @Test func aFileThatCannotBeWrittenLeavesNothingBehind() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The target is a folder: the rename fails after the whole file was streamed.
        let target = folder.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: target.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let container = try BundleWriter.container(of: BundleFixture.contents())
        #expect {
            try container.write(to: target)
        } throws: { error in
            guard case FormatError.cannotWrite(let path, _) = error else { return false }
            return path == target.path
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken"])
    }
}
