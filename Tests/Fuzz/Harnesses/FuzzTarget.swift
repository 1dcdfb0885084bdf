public import Foundation
import NavBundle

/// One entry point of navforge that reads bytes nobody here wrote, as a fuzzing target.
///
/// Each target's ``run(_:)`` feeds the bytes to that entry point and then exercises what it
/// returns. Errors are the expected answer to bad bytes; a trap, a sanitizer report, a hang or a
/// memory blow-up is a bug. The same function serves the libFuzzer executable
/// (`Tests/Fuzz/Package.swift`, run by `scripts/fuzz.sh`) and the replay of
/// `Tests/Fuzz/regressions/` in `swift test`, so a fixed crash stays fixed. docs/fuzzing.md lists
/// what each target reaches.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case osmXML = "osm-xml"
    case osmPBF = "osm-pbf"
    case osmGzip = "osm-gzip"
    case osmBzip2 = "osm-bzip2"
    case geojson
    case imdfFolder = "imdf-folder"
    case imdfZip = "imdf-zip"
    case csvBuildings = "csv-buildings"
    case csvRooms = "csv-rooms"
    case csvPOIs = "csv-pois"
    case csvEvents = "csv-events"
    case wkt
    case surveyWide = "survey-wide"
    case surveyLong = "survey-long"
    case surveyAccessPoints = "survey-access-points"
    case pipelineYAML = "pipeline-yaml"
    case conditions
    case catalog
    case latest
    case statement
    case bundleReader = "bundle-reader"

    /// Feeds `data` to the target's entry point and exercises the result.
    public func run(_ data: Data) {
        switch self {
        case .osmXML, .osmPBF, .osmGzip, .osmBzip2: ImporterHarness.osm(data, target: self)
        case .geojson: ImporterHarness.geojson(data)
        case .imdfFolder: ImporterHarness.imdfFolder(data)
        case .imdfZip: ImporterHarness.imdfZip(data)
        case .csvBuildings: ImporterHarness.csv(data, table: .buildings)
        case .csvRooms: ImporterHarness.csv(data, table: .rooms)
        case .csvPOIs: ImporterHarness.csv(data, table: .pois)
        case .csvEvents: ImporterHarness.csv(data, table: .events)
        case .wkt: ImporterHarness.wkt(data)
        case .surveyWide: ImporterHarness.survey(data, layout: .wide)
        case .surveyLong: ImporterHarness.survey(data, layout: .long)
        case .surveyAccessPoints: ImporterHarness.survey(data, layout: .accessPoints)
        case .pipelineYAML: PipelineHarness.yaml(data)
        case .conditions: BundleHarness.conditions(data)
        case .catalog: PublishingHarness.catalog(data)
        case .latest: PublishingHarness.latest(data)
        case .statement: PublishingHarness.statement(data)
        case .bundleReader: BundleHarness.reader(data)
        }
    }

    /// Resolves the `conditions` target's inputs against the bundle at `url` instead of
    /// `NAVFORGE_FUZZ_BUNDLE`'s.
    public static func useConditionsBundle(at url: URL) {
        BundleHarness.conditionsBundle = try? VenueBundle(path: url.path)
    }

    /// The target `NAVFORGE_FUZZ_TARGET` names, for the libFuzzer executable.
    public static func fromEnvironment() -> FuzzTarget? {
        ProcessInfo.processInfo.environment["NAVFORGE_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))
    }
}
