import Foundation
import RoutingGraph
import Staging
import VenueModel
import NavFormat
import BundleWriting
import Publishing
import GuidanceLanguages

/// Writes the venue's bundle and, beside it, `manifest.json` for publishing.
struct BundleStage: PipelineStage {
    let kind = StageKind.bundle
    let parameters: BundleStageParameters

    func cacheKey(_ context: StageContext) throws -> String {
        var key = CacheKey(stage: kind)
        key.add("import", context.keys[.import] ?? "")
        key.add("graph", context.keys[.graph] ?? "none")
        key.add("contract", context.keys[.contract] ?? "none")
        key.add("fingerprints", context.keys[.fingerprints] ?? "none")
        key.add("version", context.definition.version.description)
        key.add("parameters", context.definition.stage(kind)?.canonicalParameters ?? "")
        // The languages come with navforge, not the pipeline: a wording fix rebuilds the bundle.
        key.add("guidance texts", SHA256.hash(try BundleWriter.encodeGuidanceTexts(guidanceTexts())).hex)
        // The manifest records the pipeline file and its publish settings.
        key.add("pipeline", try SHA256.hash(fileAt: context.definition.file).hex)
        for input in context.definition.inputs {
            key.add("credit \(input.id)", "\(input.attribution ?? "")\u{1F}\(input.license ?? "")")
        }
        return key.finalize()
    }

    func bundleURL(_ context: StageContext) -> URL {
        context.layout.bundle(venueID: context.definition.venueID, version: context.definition.version.description)
    }

    func outputs(_ context: StageContext) -> [URL] {
        [bundleURL(context), context.layout.manifest]
    }

    func run(_ context: StageContext) throws -> StageOutcome {
        // Assembled in a call of its own, so that the staged venue and the decoded graph are
        // released before the sections are encoded: on Heidelberg they are about 90 MB, and
        // the encoding beside them was the build's largest working set.
        let (assembly, sources) = try assemble(context)
        let metadata = assembly.contents.metadata
        context.progress(kind, "encoding \(assembly.contents.nodes.count) nodes and \(assembly.contents.places.count) places")
        let url = bundleURL(context)
        // Streamed to the file rather than imaged in memory beside the sections; the manifest's
        // hash is the written file's, read back (a city's bundle hashes in tens of milliseconds).
        let size = try BundleWriter.write(assembly.contents, to: url)
        let sha256 = try SHA256.hash(fileAt: url).hex

        let manifest = BuildManifest(
            venue: metadata.venueID, name: metadata.venueName, bundleVersion: metadata.bundleVersion,
            format: "\(assembly.contents.format.major).\(assembly.contents.format.minor)", generator: metadata.generator,
            bundle: .init(file: url.lastPathComponent, size: size, sha256: sha256),
            sources: sources.map { .init(path: $0.path, format: $0.format, size: $0.size, sha256: $0.sha256) },
            pipeline: .init(path: context.definition.file.lastPathComponent,
                            sha256: try SHA256.hash(fileAt: context.definition.file).hex),
            publish: .init(gate: context.definition.publish.gate, keep: context.definition.publish.keep))
        try PublishingJSON.encode(manifest).write(to: context.layout.manifest, options: .atomic)
        try removeSupersededBundles(keeping: url, in: context.layout.directory)

        var message = "\(url.lastPathComponent): \(size / 1024) KiB, \(assembly.contents.places.count) places, "
            + "\(assembly.contents.events.count) events"
        if !assembly.skippedEvents.isEmpty {
            message += " (\(assembly.skippedEvents.count) events at unknown places left out)"
        }
        return StageOutcome(issues: IssueCounts(), message: message)
    }

    /// The bundle's contents from the staged venue and the artifacts of the stages before, and
    /// the bundle's sources (surveys included).
    private func assemble(_ context: StageContext) throws -> (BundleAssembly, [SourceFile]) {
        let staged = try StagingStore.read(from: context.layout.staging)
        var compiled: CompiledGraph?
        if context.definition.stage(.graph) != nil {
            compiled = try CompiledGraph.read(from: context.layout.graph)
        }
        let inputs = Dictionary(context.definition.inputs.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        // Surveys are not staged (the import skips them) but are sources of the bundle all the same.
        var sources = staged.sources
        if context.definition.stage(.fingerprints) != nil {
            for input in context.definition.surveyInputs {
                let content = try context.content(of: input)
                sources.append(SourceFile(path: input.path, format: input.format.name, size: content.size, sha256: content.sha256))
            }
        }
        var metadata = BundleMetadata(
            venueID: staged.venue.id, venueName: staged.venue.name,
            bundleVersion: context.definition.version.description, generator: NavforgeVersion.generator,
            sources: sources.map { source in
                BundleMetadata.Source(path: source.path, sha256: source.sha256, format: source.format, size: source.size,
                                      attribution: inputs[source.path]?.attribution, license: inputs[source.path]?.license)
            },
            buildDate: parameters.buildDate, navforgeVersion: NavforgeVersion.current)
        if !staged.venue.events.isEmpty { metadata.eventCongestion = parameters.eventCongestion }
        var assembly = BundleAssembly(venue: staged.venue, graph: compiled, metadata: metadata,
                                      placeSnapDistance: context.definition.graphParameters.placeSnapDistance,
                                      doorTolerance: context.definition.graphParameters.doorTolerance)
        if let compiled, context.definition.stage(.contract) != nil {
            let order = BundleWriter.arcOrder(tails: compiled.graph.arcs.map(\.tail))
            let contracted = try HierarchiesArtifact.read(
                from: context.layout.hierarchies, profiles: compiled.profiles, order: order,
                tails: order.map { UInt32(compiled.graph.arcs[$0].tail) }, heads: order.map { UInt32(compiled.graph.arcs[$0].head) })
            assembly.contents.hierarchies = contracted.hierarchies
            assembly.contents.customisableTopology = contracted.topology
        }
        if context.definition.stage(.fingerprints) != nil {
            let radio = try RadioMapArtifact.read(from: context.layout.radioMap)
            assembly.contents.radioMap = radio.radioMap
            assembly.addCrowdMap(radio.placements)
        }
        assembly.contents.guidanceTexts = try guidanceTexts()
        return (assembly, sources)
    }
}

extension BundleStage {
    /// The instruction languages the pipeline asks for (all by default), compiled from navforge's own files.
    func guidanceTexts() throws -> GuidanceTexts {
        try BundledLanguages.texts(codes: parameters.guidanceLanguages)
    }

    /// Deletes bundles of earlier versions from the output folder once the new one and its
    /// manifest are written, so a publishing job that takes `*.navbundle` gets only the current one.
    func removeSupersededBundles(keeping current: URL, in directory: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        for name in files where name.hasSuffix(".navbundle") && name != current.lastPathComponent {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}
