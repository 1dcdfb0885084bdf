import ArgumentParser
import Foundation
import NavBundle
import RoutingGraph

/// `navforge export-graph BUNDLE_OR_BUILD --geojson DIR | --edgelist PROFILE FILE`.
struct ExportGraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-graph",
        abstract: "Show how a compiled graph joins its levels, and write it as GeoJSON layers per level or as a benchmark edge list.",
        discussion: """
            Give a build folder (build/NAME, read from its graph.navgraph with every arc attribute), \
            a .navgraph file, or a .navbundle (arc kinds, lengths, corners, step counts, climbs, costs and egress; \
            not the other attributes). It first prints the flights of stairs, escalators and ramps between levels \
            (and how many meet the rest of the graph at both ends), the lift landings and the quickest ride; \
            how much of the graph each profile's main pieces hold, islands with an entrance, and how many stairs \
            and escalators lie in them; and, from a build folder, how many arcs each profile rule closed; \
            then writes what the options ask for.
            """)

    @Argument(help: "A build folder, a .navgraph file or a .navbundle file.")
    var source: String

    @Option(help: ArgumentHelp("Write one GeoJSON file per level into this folder (created if missing).",
                               valueName: "dir"))
    var geojson: String?

    @Option(parsing: .upToNextOption,
            help: ArgumentHelp("Write one profile's arcs in the edge-list format of the benchmarks.",
                               valueName: "profile file"))
    var edgelist: [String] = []

    func validate() throws {
        guard edgelist.isEmpty || edgelist.count == 2 else {
            throw ValidationError("--edgelist takes a profile name and a file, e.g. --edgelist wheelchair graph.txt")
        }
    }

    func run() throws {
        let compiled = try load()
        for line in VerticalConnections(compiled).lines { Console.out(line) }
        for line in MainPieceSummary(compiled).lines { Console.out(line) }
        for line in ClosedArcs(compiled).lines { Console.out(line) }
        if let geojson { try writeLayers(compiled, to: geojson) }
        if edgelist.count == 2 {
            let text = try EdgeList(compiled).text(profile: edgelist[0])
            try write(Data(text.utf8), to: URL(fileURLWithPath: edgelist[1]))
            Console.out("wrote \(edgelist[1]) (profile \(edgelist[0]))")
        }
    }

    private func load() throws(CommandLineError) -> CompiledGraph {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder) else {
            throw .noGraph(path: source, reason: "no such file or folder")
        }
        if isFolder.boolValue {
            let artifact = URL(fileURLWithPath: source).appendingPathComponent("graph.navgraph")
            guard FileManager.default.fileExists(atPath: artifact.path) else {
                throw .noGraph(path: source, reason: "the folder has no graph.navgraph; build the pipeline first")
            }
            return try read(artifact.path) { try CompiledGraph.read(from: artifact) }
        }
        if source.hasSuffix(".navgraph") {
            return try read(source) { try CompiledGraph.read(from: URL(fileURLWithPath: source)) }
        }
        return try read(source) { try CompiledGraph(bundle: try VenueBundle(path: source)) }
    }

    /// The graph `body` reads from `path`, its errors naming the path.
    private func read(_ path: String, _ body: () throws -> CompiledGraph) throws(CommandLineError) -> CompiledGraph {
        do {
            return try body()
        } catch {
            throw .input(path: path, error: error)
        }
    }

    private func writeLayers(_ compiled: CompiledGraph, to folder: String) throws {
        let directory = URL(fileURLWithPath: folder, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandLineError.output(path: folder, reason: error.localizedDescription)
        }
        let layers = try GraphGeoJSON(compiled).layers()
        for layer in layers { try write(layer.data, to: directory.appendingPathComponent(layer.fileName)) }
        Console.out("wrote \(layers.count) level layers to \(folder)")
    }

    private func write(_ data: Data, to url: URL) throws {
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw CommandLineError.output(path: url.path, reason: error.localizedDescription)
        }
    }
}
