import Foundation
import Staging
import Validation
import VenueModel

/// Checks the staged venue against the rule catalogue and writes `report.json`.
struct ValidateStage: PipelineStage {
    let kind = StageKind.validate
    let parameters: ValidateStageParameters

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
        let issues = staged.issues + validator.run()
        let report = ValidationReport(venue: staged.venue.id, generator: NavforgeVersion.generator, issues: issues)
        try report.write(to: context.layout.report)
        let counts = IssueCounts(issues)
        let message = "\(counts.errors) errors, \(counts.warnings) warnings, \(counts.infos) notes"
        let failing: Int
        switch parameters.failOn {
        case .error: failing = counts.errors
        case .warning: failing = counts.errors + counts.warnings
        case .never: failing = 0
        }
        let failure = failing > 0
            ? "validation found \(failing) \(parameters.failOn == .error ? "errors" : "errors and warnings"); see \(context.display(context.layout.report))"
            : nil
        return StageOutcome(issues: counts, message: message, failure: failure)
    }
}
