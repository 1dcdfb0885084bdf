import Foundation
import PackagePlugin

/// Embeds the map viewer's files, and the JavaScript reader it runs on (with its WebAssembly core), into `ViewerSite`.
///
/// The reader lives once, in `readers/js/`, where its own tests and users find it; the viewer's
/// page, script and style live in `Sources/ViewerSite/Site/`. Embedding them keeps
/// `navforge view` a single self-contained executable.
@main struct EmbedViewerSite: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let site = target.directoryURL.appending(path: "Site")
        let files: [(name: String, url: URL)] = [
            ("index.html", site.appending(path: "index.html")),
            ("viewer.mjs", site.appending(path: "viewer.mjs")),
            ("viewer.css", site.appending(path: "viewer.css")),
            ("navbundle.mjs", context.package.directoryURL.appending(path: "readers/js/navbundle.mjs")),
            // The reader's core: the C reader compiled to WebAssembly, which navbundle.mjs fetches
            // from beside itself.
            ("navbundle.wasm", context.package.directoryURL.appending(path: "readers/js/navbundle.wasm")),
        ]
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSite.swift")
        return [.buildCommand(displayName: "Embedding the viewer site",
                              executable: try context.tool(named: "SiteEmbedder").url,
                              arguments: [output.path] + files.map { "\($0.name)=\($0.url.path)" },
                              inputFiles: files.map(\.url), outputFiles: [output])]
    }
}
