import ArgumentParser
import Foundation
import NavBundle
import Pipeline
import ViewerSite

/// `navforge view BUNDLE --out DIR`: a static site to look at a compiled map in a browser.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Write a self-contained map viewer for a bundle: a static site any file server can serve.",
        discussion: """
            The site holds index.html, the viewer's script and style, the JavaScript reader and the bundle; \
            it needs no network. Serve the folder over HTTP (browsers do not run module scripts from file://), \
            e.g. python3 -m http.server --directory DIR 8000, and open http://127.0.0.1:8000/. The bundle \
            is checked before it is copied. An existing DIR is replaced only when it is empty or an earlier \
            viewer site.
            """)

    @Argument(help: "The bundle (.navbundle).")
    var bundle: String

    @Option(help: ArgumentHelp("The folder to write the site into.", valueName: "dir"))
    var out: String

    func run() throws {
        // A damaged bundle would only fail in the browser, far from the build that made it. The
        // JavaScript reader is stricter than this check in places (it refuses 0.x formats and
        // section tags that are not ASCII), so the page may still refuse what passes here.
        let venue = try CommandLineError.reading(bundle: bundle) { try VenueBundle(path: bundle) }
        let folder = URL(fileURLWithPath: out)
        let written = try ViewerSite.write(bundle: URL(fileURLWithPath: bundle), to: folder,
                                           navforgeVersion: NavforgeVersion.current)
        Console.out("Wrote the viewer for \(venue.metadata.venueName) to \(out)/ (\(written.joined(separator: ", ")))")
        Console.out("Serve it with: python3 -m http.server --bind 127.0.0.1 --directory \(out) 8000")
        Console.out("then open http://127.0.0.1:8000/")
    }
}
