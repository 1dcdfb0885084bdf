import Foundation
import NavBundle
import Testing
@testable import Pipeline

extension Tag {
    /// Tests that build or read a whole city (Heidelberg): minutes where the others take seconds.
    @Tag static var cityScale: Self
}

/// Whether the city-scale tests run: always, as in `make test`, unless `NAVFORGE_SKIP_CITY=1`
/// is set, which a developer does to keep a run of the suite short.
enum CityScale {
    static var enabled: Bool { ProcessInfo.processInfo.environment["NAVFORGE_SKIP_CITY"] != "1" }

    static let skipped: Comment = "NAVFORGE_SKIP_CITY=1: the city-scale tests are skipped"
}

/// A real venue of `pipelines/`, built by ``RealVenues``.
struct BuiltVenue: Sendable {
    var definition: PipelineDefinition
    /// The build folder: the graph, the validation report and the staging store are those of
    /// every method, the bundle is not (see ``bundle``).
    var layout: BuildLayout
    var summary: BuildSummary
    /// The bundle, opened; its file is kept apart from the other method's.
    var bundle: VenueBundle
}

/// The real venues of `pipelines/`, each built once per test process and shared by every test
/// that reads it.
///
/// Building Heidelberg takes minutes in a debug build, and several suites check each venue.
/// Each venue has one build folder: the first build runs every stage, a build with
/// the other contract method finds the import, validation and graph stages cached and runs only
/// the contract and bundle stages. Each bundle is moved to `bundles/` once built
/// (`heidelberg-1.0.0.cch.navbundle`), so the next build writes its own.
///
/// An actor, so that a test waiting for a venue another test is building suspends instead of
/// holding one of the few threads; builds of one venue run one after the other, since they share
/// a folder.
actor RealVenues {
    static let shared = RealVenues()

    /// The folder `NAVFORGE_REAL_VENUES` names, if any: `make test` sets it so that the viewer's
    /// tests open the bundles built here rather than build each city again.
    static let kept = ProcessInfo.processInfo.environment["NAVFORGE_REAL_VENUES"].flatMap { $0.isEmpty ? nil : $0 }

    /// Where every venue is built: the kept folder, else a temporary one removed when the test
    /// process exits.
    static let root = kept.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("navforge-real-venues-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")

    private struct Key: Hashable {
        var name: String
        var method: ContractStageParameters.Method
    }

    private var builds: [Key: Task<BuiltVenue, Error>] = [:]
    /// The latest build of each venue, which the next build of it waits for.
    private var latest: [String: Task<BuiltVenue, Error>] = [:]

    private init() {
        if Self.kept == nil { atexit { try? FileManager.default.removeItem(at: RealVenues.root) } }
    }

    /// `pipelines/NAME.yml` built with its contract stage's method set to `method`, the other
    /// contract parameters at their defaults, once per process.
    ///
    /// - Throws: ``BuildFailure`` when the build fails; every test of the venue then fails with it.
    func build(_ name: String, method: ContractStageParameters.Method = .cch) async throws -> BuiltVenue {
        let key = Key(name: name, method: method)
        if let task = builds[key] { return try await task.value }
        let previous = latest[name]
        let task = Task {
            _ = try? await previous?.value
            return try Self.run(name, method: method)
        }
        builds[key] = task
        latest[name] = task
        return try await task.value
    }

    private static func run(_ name: String, method: ContractStageParameters.Method) throws -> BuiltVenue {
        var definition = try PipelineFileParser.parse(contentsOf: DemoWorkspace.repository.appendingPathComponent("pipelines/\(name).yml"))
        guard let index = definition.stages.firstIndex(where: { $0.kind == .contract }) else {
            throw BuildFailure(name: name, errors: ["the pipeline has no contract stage"])
        }
        var parameters = ContractStageParameters()
        parameters.method = method
        definition.stages[index].parameters = .contract(parameters)
        let runner = PipelineRunner(definition: definition, options: BuildOptions(buildRoot: root.appendingPathComponent(name)))
        let summary = runner.run()
        let built = runner.layout.bundle(venueID: definition.venueID, version: definition.version.description)
        guard summary.status == .succeeded, FileManager.default.fileExists(atPath: built.path) else {
            throw BuildFailure(name: name, errors: summary.errors)
        }
        // Out of the build folder, whose bundle stage removes every other bundle there: the
        // viewer's tests open these files after the process ends.
        let bundles = root.appendingPathComponent("bundles")
        try FileManager.default.createDirectory(at: bundles, withIntermediateDirectories: true)
        let apart = bundles.appendingPathComponent(built.deletingPathExtension().lastPathComponent + ".\(method.rawValue).navbundle")
        // A kept folder may hold an earlier run's bundle.
        try? FileManager.default.removeItem(at: apart)
        try FileManager.default.moveItem(at: built, to: apart)
        return BuiltVenue(definition: definition, layout: runner.layout, summary: summary, bundle: try VenueBundle(path: apart.path))
    }
}

/// A real venue that did not build, with the build's errors.
struct BuildFailure: Error, CustomStringConvertible {
    var name: String
    var errors: [String]

    var description: String { "\(name) did not build: \(errors.joined(separator: "; "))" }
}
