import Foundation
import Staging
import Validation
import VenueModel

/// Checks the staged venue against the rule catalogue and writes `report.json`.
struct ValidateStage: PipelineStage {
    let kind = StageKind.validate
    let parameters: ValidateStageParameters
    /// How many failing findings a failed build lists in its errors.
    static let listedFindings = 20

    func cacheKey(_ context: StageContext) throws -> String {
        var key = CacheKey(stage: kind)
        key.add("import", context.keys[.import] ?? "")
        key.add("parameters", context.definition.stage(kind)?.canonicalParameters ?? "")
        key.add("door-tolerance", String(context.definition.graphParameters.doorTolerance))
        return key.finalize()
    }

    func outputs(_ context: StageContext) -> [URL] {
        [context.layout.report]
    }

    func run(_ context: StageContext) throws -> StageOutcome {
        let staged = try StagingStore.read(from: context.layout.staging)
        context.progress(kind, "checking \(Validator.rules.count) rules")
        let validator = Validator(venue: staged.venue, parameters: ValidationParameters(
            doorTolerance: context.definition.graphParameters.doorTolerance))
        let findings = validator.run()
        let issues = staged.issues + findings
        let report = ValidationReport(venue: staged.venue.id, generator: NavforgeVersion.generator, issues: issues)
        try report.write(to: context.layout.report)
        // The import stage already counted its own findings; the report holds both, the build
        // summary counts each once.
        let counts = IssueCounts(findings)
        let message = counts.phrase
        let failing = issues.filter { parameters.failOn.fails($0.severity) }
        var failure: [String]?
        if !failing.isEmpty {
            let kinds = parameters.failOn == .error ? (failing.count == 1 ? "error" : "errors") : "errors and warnings"
            // The first findings where a terminal shows them; every one is in the report.
            failure = failing.prefix(Self.listedFindings).map(\.description)
            failure?.append("validation found \(failing.count) \(kinds); all are in \(context.display(context.layout.report))")
        }
        return StageOutcome(issues: counts, message: message, failure: failure)
    }
}
