import Foundation
import Testing
@testable import Importers

@Suite struct ZipArchiveTests {
    func open(_ writer: ZipTestWriter, limits: ZipArchive.Limits = ZipArchive.Limits()) throws(ImportError) -> ZipArchive {
        let url: URL
        do {
            url = try writer.write()
        } catch {
            throw .invalidInput("cannot write fixture", at: .init(file: "t"))
        }
        // The archive maps the file, so the name can go at once.
        defer { try? FileManager.default.removeItem(at: url) }
        return try ZipArchive(url: url, displayName: "venue.zip", limits: limits)
    }

    func failure(_ writer: ZipTestWriter, limits: ZipArchive.Limits = ZipArchive.Limits()) -> ImportError? {
        do {
            let archive = try open(writer, limits: limits)
            for entry in archive.files { _ = try archive.contents(of: entry) }
            return nil
        } catch {
            return error
        }
    }

    @Test func readsStoredAndDeflatedFiles() throws {
        var writer = ZipTestWriter()
        writer.add("venue/manifest.json", #"{"version": "1.0.0"}"#)
        writer.add("venue/unit.geojson", String(repeating: "unit ", count: 1000), deflate: false)
        writer.add("venue/", "")
        let archive = try open(writer)
        #expect(archive.files.map(\.path) == ["venue/manifest.json", "venue/unit.geojson"])
        #expect(try archive.contents(of: archive.files[0]) == Data(#"{"version": "1.0.0"}"#.utf8))
        #expect(try archive.contents(of: archive.files[1]).count == 5000)
    }

    @Test(arguments: ["../escape.json", "venue/../../escape.json", "/etc/passwd", "C:\\Windows\\x.json", "a\\..\\..\\b"])
    func refusesPathsLeavingTheFolder(name: String) {
        var writer = ZipTestWriter()
        writer.add(name, "{}")
        let error = failure(writer)
        #expect(error?.message.contains("absolute") == true || error?.message.contains("climbs out") == true, "\(String(describing: error))")
        #expect(error?.location?.file == "venue.zip")
    }

    @Test func refusesSymbolicLinksAndEncryption() {
        var link = ZipTestWriter()
        link.entries.append(.init(name: "level.geojson", contents: Data("/etc/passwd".utf8), isSymlink: true))
        #expect(failure(link)?.message.contains("symbolic link") == true)
        var secret = ZipTestWriter()
        secret.entries.append(.init(name: "unit.geojson", contents: Data("{}".utf8), encrypted: true))
        #expect(failure(secret)?.message.contains("encrypted") == true)
    }

    @Test func refusesDecompressionBombs() {
        var bomb = ZipTestWriter()
        bomb.entries.append(.init(name: "unit.geojson", contents: Data(count: 20_000_000)))
        #expect(failure(bomb)?.message.contains("decompression bomb") == true)

        var many = ZipTestWriter()
        for index in 0..<20 { many.add("f\(index).json", "{}") }
        var limits = ZipArchive.Limits()
        limits.maximumEntries = 10
        #expect(failure(many, limits: limits)?.message.contains("more than the 10 allowed") == true)

        var large = ZipTestWriter()
        large.add("a.json", String(repeating: "x", count: 3000), deflate: false)
        large.add("b.json", String(repeating: "x", count: 3000), deflate: false)
        limits = ZipArchive.Limits()
        limits.maximumTotalSize = 5000
        #expect(failure(large, limits: limits)?.message.contains("decompression bomb") == true)
    }

    @Test func refusesSizesThatLie() {
        var small = ZipTestWriter()
        small.entries.append(.init(name: "unit.geojson", contents: Data(String(repeating: "abc", count: 500).utf8), claimedSize: 100))
        #expect(failure(small)?.message.contains("more than its declared 100 bytes") == true)
        var large = ZipTestWriter()
        large.entries.append(.init(name: "unit.geojson", contents: Data("abc".utf8), claimedSize: 50))
        #expect(failure(large) != nil)
    }

    @Test func corruptionIsAnErrorNeverACrash() throws {
        var writer = ZipTestWriter()
        writer.add("manifest.json", #"{"version": "1.0.0", "language": "en"}"#)
        writer.add("level.geojson", String(repeating: #"{"type": "Feature"}"#, count: 40))
        let original = writer.data()
        for length in stride(from: 0, to: original.count, by: 9) {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).zip")
            try original.prefix(length).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(throws: ImportError.self) {
                let archive = try ZipArchive(url: url, displayName: "cut.zip")
                for entry in archive.files { _ = try archive.contents(of: entry) }
            }
        }
        var state: UInt64 = 9
        let flipped = FileManager.default.temporaryDirectory.appendingPathComponent("flip-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: flipped) }
        for _ in 0..<2000 {
            var mutated = original
            state = state &* 6_364_136_223_846_793_005 &+ 1
            mutated[Int(state >> 33) % mutated.count] ^= UInt8(truncatingIfNeeded: state >> 13) | 1
            try mutated.write(to: flipped)
            if let archive = try? ZipArchive(url: flipped, displayName: "flip.zip") {
                for entry in archive.files { _ = try? archive.contents(of: entry) }
            }
        }
    }
}
