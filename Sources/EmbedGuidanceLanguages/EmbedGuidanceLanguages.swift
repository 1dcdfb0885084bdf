import Foundation
import PackagePlugin

/// Embeds the guidance languages (`Languages/*.yml` of the target: the schema and one file per
/// language) into `GuidanceLanguages`, with the same embedder as the viewer site.
///
/// Embedding keeps the bundle stage independent of the working directory: the files travel
/// inside the executable. A file added to `Languages/` is picked up by the next build.
@main struct EmbedGuidanceLanguages: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Languages")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".yml") }.sorted()
        let files = names.map { (name: $0, url: folder.appending(path: $0)) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLanguageFiles.swift")
        return [.buildCommand(displayName: "Embedding the guidance languages",
                              executable: try context.tool(named: "SiteEmbedder").url,
                              arguments: [output.path, "--enum", "EmbeddedLanguageFiles"] + files.map { "\($0.name)=\($0.url.path)" },
                              inputFiles: files.map(\.url), outputFiles: [output])]
    }
}
