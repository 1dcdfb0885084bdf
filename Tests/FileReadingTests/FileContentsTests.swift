import FileReading
import Foundation
import Testing

/// `FileContents.read`: every byte of a file, empty ones included, as `Data(contentsOf:)` gives them.
@Suite struct FileContentsTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-contents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ bytes: Data) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try bytes.write(to: url)
        return url
    }

    @Test(arguments: [0, 1, 4095, 4096, 4097, 1 << 20])
    func readsEveryByte(size: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let url = try file("\(size).bin", bytes)
        #expect(try FileContents.read(url) == bytes)
        #expect(try FileContents.read(url, mapped: true) == bytes)
        #expect(try FileContents.read(url) == (try Data(contentsOf: url)))
    }

    /// Files that report a size of 0 and still have contents, such as Linux's `/proc` files.
    @Test func readsFilesWhoseSizeReadsAsZero() throws {
        let status = URL(fileURLWithPath: "/proc/self/status")
        guard FileManager.default.fileExists(atPath: status.path) else { return }
        let text = String(decoding: try FileContents.read(status), as: UTF8.self)
        #expect(text.contains("Name:"), "\(text.prefix(200))")
        #expect(String(decoding: try FileContents.read(status, mapped: true), as: UTF8.self).contains("Name:"))
    }

    @Test func refusesWhatCannotBeRead() throws {
        #expect(throws: (any Error).self) { try FileContents.read(folder.appendingPathComponent("missing")) }
        #expect(throws: (any Error).self) { try FileContents.read(folder) }
    }
}
