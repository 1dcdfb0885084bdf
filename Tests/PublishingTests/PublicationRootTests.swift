import Foundation
import Publishing
import TemporaryFolders
import Testing

@Suite struct PublicationRootTests {
    @Test func namesCannotLeaveTheirFolder() {
        for good in ["demo-campus", "1.0.0", "1.0.0-rc.1+build.5", "TU_Dresden"] {
            #expect(PublicationRoot.isSafeName(good), "\(good)")
        }
        for bad in ["", ".", "..", "../x", "a/b", ".hidden", "a b", "ü", "a\u{0}b", String(repeating: "a", count: 129)] {
            #expect(!PublicationRoot.isSafeName(bad), "\(bad)")
        }
        #expect(throws: PublishingError.self) { try PublicationRoot.checkNames(venue: "v", version: "latest") }
        #expect(throws: PublishingError.self) { try PublicationRoot.checkNames(venue: "../v", version: "1.0.0") }
    }

    @Test func versionsAreCompleteFoldersNewestFirst() throws {
        let folder = try TemporaryFolder("publishing")
        let root = PublicationRoot(url: folder.url)
        for name in ["1.0.0", "1.10.0", "1.2.0", "2.0.0-rc.1", "not-a-version"] {
            try FileManager.default.createDirectory(at: root.versionFolder("v", name), withIntermediateDirectories: true)
        }
        try Data().write(to: root.venueFolder("v").appendingPathComponent("3.0.0"))  // a file, not a version
        #expect(try root.versions(of: "v").map(\.description) == ["2.0.0-rc.1", "1.10.0", "1.2.0", "1.0.0"])
        #expect(try root.versions(of: "w").isEmpty)
    }

    @Test func durableWritesReplaceWholeAndLeaveNoTemporaryFiles() throws {
        let folder = try TemporaryFolder("publishing")
        let url = folder.url.appendingPathComponent("catalog.json")
        try DurableFiles.write(Data("first".utf8), to: url)
        try DurableFiles.write(Data("second".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["catalog.json"])
        #expect(throws: PublishingError.self) {
            try DurableFiles.write(Data(), to: folder.url.appendingPathComponent("missing/catalog.json"))
        }
    }

    @Test func movingIntoPlaceNeverReplaces() throws {
        let folder = try TemporaryFolder("publishing")
        let a = folder.url.appendingPathComponent("a"), b = folder.url.appendingPathComponent("b")
        try FileManager.default.createDirectory(at: a, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: b, withIntermediateDirectories: false)
        #expect(throws: PublishingError.self) { try DurableFiles.moveIntoPlace(a, b) }
        try DurableFiles.moveIntoPlace(a, folder.url.appendingPathComponent("c"))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("c").path))
    }
}
