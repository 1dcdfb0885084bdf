public import Foundation
import VenueModel

/// How to run a build.
public struct BuildOptions: Sendable {
    /// The folder that holds one output folder per pipeline (`build/`).
    public var buildRoot: URL
    /// Run every stage even when its cache key is unchanged.
    public var force = false
    /// Stop after this stage.
    public var until: StageKind?

    public init(buildRoot: URL, force: Bool = false, until: StageKind? = nil) {
        self.buildRoot = buildRoot
        self.force = force
        self.until = until
    }
}

/// Runs a pipeline's stages in order, skipping those whose cache key is unchanged, and reports
/// progress through `observer`. Never prints: the caller decides how to show events.
public struct PipelineRunner {
    public let definition: PipelineDefinition
    public let options: BuildOptions
    private let observer: (BuildEvent) -> Void

    public init(definition: PipelineDefinition, options: BuildOptions,
                observer: @escaping (BuildEvent) -> Void = { _ in }) {
        self.definition = definition
        self.options = options
        self.observer = observer
    }

    public var layout: BuildLayout { BuildLayout(root: options.buildRoot, pipelineName: definition.name) }

    /// Runs the build. Failures are part of the summary (`status: failed` and the error lines).
    public func run() -> BuildSummary {
        let started = Date()
        var results: [StageResult] = []
        var errors: [String] = []
        do {
            try execute(results: &results, errors: &errors)
        } catch {
            errors.append(Self.message(for: error))
        }
        let failed = !errors.isEmpty || results.contains { $0.status == .failed }
        return BuildSummary(
            pipeline: definition.file.relativePath, venue: definition.venueID, version: definition.version.description,
            navforge: NavforgeVersion.current, status: failed ? .failed : .succeeded,
            durationSeconds: Date().timeIntervalSince(started), stages: results,
            issues: results.reduce(IssueCounts()) { $0 + $1.issues },
            outputs: results.filter { $0.status == .ran || $0.status == .cached }.flatMap(\.outputs), errors: errors)
    }

    private func execute(results: inout [StageResult], errors: inout [String]) throws {
        let stages = try selectedStages()
        try FileManager.default.createDirectory(at: layout.directory, withIntermediateDirectories: true)
        let lock = try BuildLock(url: layout.lock)
        defer { withExtendedLifetime(lock) {} }
        var cache = StageCache(url: layout.state)
        let context = StageContext(definition: definition, layout: layout, report: observer)

        var stopped = false
        for (index, stage) in stages.enumerated() {
            guard !stopped else {
                results.append(StageResult(stage: stage.kind, status: .skipped, durationSeconds: 0, cacheKey: nil,
                                           outputs: [], issues: IssueCounts(), message: "not run: an earlier stage failed"))
                continue
            }
            observer(.stageStarted(stage.kind, index: index, count: stages.count))
            let result = runStage(stage, context: context, cache: &cache, errors: &errors)
            // A graph handed forward is for the graph stage alone: once its turn is over (ran or
            // cached), the later stages should not carry it.
            if stage.kind == .graph { context.derivedGraph = nil }
            // Likewise the staged venue, for the stage after the import alone.
            if stage.kind != .import { context.importedVenue = nil }
            // And the written graph, for the contract stage, which comes right after the graph's.
            if stage.kind != .graph { context.writtenGraph = nil }
            results.append(result)
            observer(.stageFinished(result))
            // Saved after every stage that ran, so a later failure keeps the earlier stages cached.
            if result.status != .cached { try cache.save() }
            if result.status == .failed { stopped = true }
        }
    }

    private func runStage(_ stage: PipelineStage, context: StageContext, cache: inout StageCache,
                          errors: inout [String]) -> StageResult {
        let started = Date()
        let outputs = stage.outputs(context).map(context.display)
        let key: String
        do {
            key = try stage.cacheKey(context)
        } catch {
            errors.append(Self.message(for: error))
            return StageResult(stage: stage.kind, status: .failed, durationSeconds: 0, cacheKey: nil, outputs: [],
                               issues: IssueCounts(), message: "cannot compute the cache key")
        }
        context.keys[stage.kind] = key
        if !options.force, let entry = cache.validEntry(for: stage.kind, key: key) {
            return StageResult(stage: stage.kind, status: .cached, durationSeconds: Date().timeIntervalSince(started),
                               cacheKey: key, outputs: outputs, issues: entry.issues, message: entry.message)
        }
        cache.forget(stage.kind)
        do {
            let outcome = try stage.run(context)
            let duration = Date().timeIntervalSince(started)
            if let failure = outcome.failure {
                errors += failure
                return StageResult(stage: stage.kind, status: .failed, durationSeconds: duration, cacheKey: key,
                                   outputs: outputs, issues: outcome.issues, message: outcome.message)
            }
            cache.record(stage.kind, key: key, outputs: stage.outputs(context), issues: outcome.issues,
                         message: outcome.message)
            return StageResult(stage: stage.kind, status: .ran, durationSeconds: duration, cacheKey: key,
                               outputs: outputs, issues: outcome.issues, message: outcome.message)
        } catch {
            let messages = Self.messages(for: error)
            errors += messages
            let summary = messages.count == 1 ? "failed: 1 error" : "failed: \(messages.count) errors"
            return StageResult(stage: stage.kind, status: .failed, durationSeconds: Date().timeIntervalSince(started),
                               cacheKey: key, outputs: [], issues: IssueCounts(errors: messages.count), message: summary)
        }
    }

    private func selectedStages() throws(PipelineError) -> [PipelineStage] {
        var stages: [PipelineStage] = definition.stages.map { definition in
            switch definition.parameters {
            case .import: return ImportStage()
            case .validate(let parameters): return ValidateStage(parameters: parameters)
            case .graph(let parameters): return GraphStage(parameters: parameters)
            case .contract(let parameters): return ContractStage(parameters: parameters)
            case .fingerprints(let parameters): return FingerprintStage(parameters: parameters)
            case .bundle(let parameters): return BundleStage(parameters: parameters)
            }
        }
        if let until = options.until {
            guard let last = stages.firstIndex(where: { $0.kind == until }) else {
                throw .unknownStage(until.rawValue, available: definition.stages.map(\.kind.rawValue))
            }
            stages = Array(stages[...last])
        }
        return stages
    }

    static func message(for error: Error) -> String {
        String(describing: error)
    }

    /// One line per problem: a stage failure lists each broken place separately.
    static func messages(for error: Error) -> [String] {
        if let failure = error as? StageFailure { return failure.messages }
        return [message(for: error)]
    }
}
