import Foundation
import Testing

/// `navforge view`: the site it writes, what it refuses, and that it never leaves half a site.
@Suite(.serialized) struct ViewCommandTests {
    static let bundle = "build/demo-campus/demo-campus-1.0.0.navbundle"

    @Test func writesTheSiteWithTheReaderOfTheRepositoryAndTheBundle() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        let view = try cli.run(["view", Self.bundle, "--out", "site"])
        #expect(view.status == 0, "\(view.errorOutput)")
        #expect(view.output.contains("http.server"))
        let site = cli.directory.appendingPathComponent("site")
        let files = try FileManager.default.contentsOfDirectory(atPath: site.path).sorted()
        #expect(files == ["demo-campus-1.0.0.navbundle", "index.html", "navbundle.mjs", "navbundle.wasm", "site.json", "viewer.css",
                          "viewer.mjs"])
        // The embedded reader and its core are the repository's, byte for byte: the plugin cannot go stale.
        for name in ["navbundle.mjs", "navbundle.wasm"] {
            let reader = CommandLineRunner.repository.appendingPathComponent("readers/js/\(name)")
            #expect(try Data(contentsOf: site.appendingPathComponent(name)) == Data(contentsOf: reader))
        }
        for name in ["index.html", "viewer.mjs", "viewer.css"] {
            let source = CommandLineRunner.repository.appendingPathComponent("Sources/ViewerSite/Site/\(name)")
            #expect(try Data(contentsOf: site.appendingPathComponent(name)) == Data(contentsOf: source))
        }
        #expect(try Data(contentsOf: site.appendingPathComponent("demo-campus-1.0.0.navbundle"))
            == Data(contentsOf: cli.directory.appendingPathComponent(Self.bundle)))
        let description = try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("site.json"))) as? [String: String]
        #expect(description?["bundle"] == "demo-campus-1.0.0.navbundle")
        // The page loads what the site holds and nothing from elsewhere.
        let page = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("src=\"viewer.mjs\"") && !page.contains("http://") && !page.contains("https://"))

        // Writing again replaces the earlier site.
        let again = try cli.run(["view", Self.bundle, "--out", "site"])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path).count == 7)
        let beside = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path)
        #expect(!beside.contains { $0.contains("partial") || $0.contains("replaced") }, "\(beside)")
    }

    @Test func refusesFoldersThatAreNoSiteAndDamagedBundles() throws {
        let cli = try CommandLineRunner.demoWorkspace()
        #expect(try cli.run(["build", "pipelines/demo-campus.yml"]).status == 0)
        let folder = cli.directory.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: folder.appendingPathComponent("todo.txt"))
        let refused = try cli.run(["view", Self.bundle, "--out", "notes"])
        #expect(refused.status == 1)
        #expect(refused.errorOutput.contains("notes exists and is not a viewer site"), "\(refused.errorOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["todo.txt"])
        // A site.json of someone else's does not make a folder ours to replace.
        try Data("{\"name\": \"my web site\"}".utf8).write(to: folder.appendingPathComponent("site.json"))
        let foreign = try cli.run(["view", Self.bundle, "--out", "notes"])
        #expect(foreign.status == 1 && foreign.errorOutput.contains("is not a viewer site"), "\(foreign.errorOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["site.json", "todo.txt"])

        var bytes = try Data(contentsOf: cli.directory.appendingPathComponent(Self.bundle))
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: cli.directory.appendingPathComponent("damaged.navbundle"))
        let damaged = try cli.run(["view", "damaged.navbundle", "--out", "damaged-site"])
        #expect(damaged.status == 1)
        #expect(damaged.errorOutput.contains("damaged.navbundle"), "\(damaged.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("damaged-site").path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).filter { $0.contains("partial") }
        #expect(leftovers.isEmpty)
    }
}
