public import Contraction
public import Foundation
public import Importers
public import RoutingGraph
public import VenueModel
public import NavFormat

/// A parsed pipeline file: which venue, which inputs, which stages with which parameters.
///
/// `docs/pipelines.md` documents every key.
public struct PipelineDefinition: Sendable {
    /// The pipeline file.
    public var file: URL
    /// The file name without extension; outputs go to `build/NAME/`.
    public var name: String
    public var venueID: String
    public var venueName: String
    /// The venue data's semantic version, stamped into the bundle.
    public var version: SemanticVersion
    public var inputs: [InputDefinition]
    /// The stages to run, in data-flow order.
    public var stages: [StageDefinition]
    /// What `navforge publish` enforces: the regression gate, retention.
    public var publish = PublishSettings()

    /// The inputs that describe the venue, which the import stage reads: all but the surveys.
    public var venueInputs: [InputDefinition] {
        inputs.filter { !$0.format.isSurvey }
    }

    /// The Wi-Fi surveys and access-point inventories, which the fingerprints stage reads.
    public var surveyInputs: [InputDefinition] {
        inputs.filter(\.format.isSurvey)
    }

    public func stage(_ kind: StageKind) -> StageDefinition? {
        stages.first { $0.kind == kind }
    }

    /// The graph stage's parameters, or the defaults when the pipeline has no graph stage; the
    /// validate stage derives its graph and takes its door tolerance from them.
    var graphParameters: GraphParameters {
        if case .graph(let parameters)? = stage(.graph)?.parameters { return parameters }
        return GraphParameters()
    }
}

/// One input file and how to read it.
public struct InputDefinition: Sendable {
    /// Names the input in ids and messages; defaults to the file name without extension.
    public var id: String
    /// The path as written in the pipeline (relative to the pipeline file).
    public var path: String
    public var url: URL
    public var format: InputFormat
    /// The input's options as canonical JSON, part of the import stage's cache key.
    public var canonicalOptions: String
    /// The credit the data's licence asks for, copied into the bundle's metadata.
    public var attribution: String?
    /// The data's licence (an SPDX identifier such as `ODbL-1.0`), copied into the metadata.
    public var license: String?
}

/// The formats navforge imports, each with its typed options.
public enum InputFormat: Sendable {
    case geojson(GeoJSONMapping)
    case csv(CSVImportOptions)
    case osm(OSMImportOptions)
    case imdf(IMDFImportOptions)
    /// A Wi-Fi site survey or access-point inventory, read by the `fingerprints` stage.
    case survey(SurveyImportOptions)

    public var isSurvey: Bool {
        if case .survey = self { return true }
        return false
    }

    public var name: String {
        switch self {
        case .geojson: return "geojson"
        case .csv: return "csv"
        case .osm: return "osm"
        case .imdf: return "imdf"
        case .survey: return "survey"
        }
    }
}

/// The stages of a build, in the order data flows through them.
public enum StageKind: String, Sendable, CaseIterable, Comparable, Codable {
    case `import`
    case validate
    case graph
    case contract
    case fingerprints
    case bundle

    public static func < (lhs: StageKind, rhs: StageKind) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// A stage and its parameters.
public struct StageDefinition: Sendable {
    public var kind: StageKind
    public var parameters: StageParameters
    /// The parameters as canonical JSON, part of the stage's cache key.
    public var canonicalParameters: String
}

/// Typed parameters per stage.
public enum StageParameters: Sendable {
    case `import`
    case validate(ValidateStageParameters)
    case graph(GraphParameters)
    case contract(ContractStageParameters)
    case fingerprints(FingerprintStageParameters)
    case bundle(BundleStageParameters)
}

/// Parameters of the `validate` stage.
public struct ValidateStageParameters: Hashable, Sendable {
    /// Which findings fail the build.
    public enum FailOn: String, Hashable, Sendable, CaseIterable {
        case error
        case warning
        case never
    }

    public var failOn = FailOn.error

    public init() {}
}

extension ValidateStageParameters.FailOn {
    /// Whether a finding of this severity fails the build.
    public func fails(_ severity: Issue.Severity) -> Bool {
        switch self {
        case .error: return severity == .error
        case .warning: return severity != .info
        case .never: return false
        }
    }
}

/// Parameters of the `fingerprints` stage: how the radio map locates (`docs/wifi.md`).
public struct FingerprintStageParameters: Hashable, Sendable {
    public var locator = LocatorParameters()
    /// Whether the pipeline fixed the position rule (`neighbours`, `position-from`,
    /// `position-weights`); otherwise the stage chooses it by cross-validation on the survey.
    public var positionRuleFixed = false
    /// How many folds of spots the survey-quality estimate holds out (`quality-folds`); 0 skips
    /// it (docs/wifi.md, "Survey quality").
    public var qualityFolds = 10

    public init() {}
}

/// Parameters of the `contract` stage.
public struct ContractStageParameters: Hashable, Sendable {
    /// Which hierarchy the stage builds (`docs/contraction.md`).
    public enum Method: String, Hashable, Sendable, CaseIterable {
        /// One customisable hierarchy for every profile: a shared order and topology, weights
        /// customised per profile by readers, which can re-customise for closures and slow-downs.
        case cch
        /// A classic contraction hierarchy per profile: the fastest queries, fixed weights.
        case ch
    }

    public var method = Method.cch
    /// How the classic hierarchies are built (method `ch`).
    public var hierarchy = ContractionParameters()

    public init() {}
}

/// Parameters of the `bundle` stage.
public struct BundleStageParameters: Hashable, Sendable {
    /// Stamped into the metadata when given; left out otherwise so rebuilds are byte-identical.
    public var buildDate: String?
    /// How events slow their place at run time (`route --at`), stamped into bundles with events.
    public var eventCongestion = BundleMetadata.EventCongestion.standard
    /// The instruction languages the bundle carries as `GTXT` (`guidance: {languages: [de, en]}`);
    /// `nil` for every language navforge has.
    public var guidanceLanguages: [String]?

    public init() {}
}
