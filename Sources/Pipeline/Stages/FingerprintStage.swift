import BundleTools
import Fingerprints
import Foundation
import NavBundle
import Staging
import Validation
import RoutingGraph
import VenueModel
import NavFormat

/// Compiles the pipeline's Wi-Fi surveys into a radio map (`radiomap.navwifi`) for the bundle.
struct FingerprintStage: PipelineStage {
    let kind = StageKind.fingerprints
    let parameters: FingerprintStageParameters


    func cacheKey(_ context: StageContext) throws -> String {
        var key = CacheKey(stage: kind)
        // The venue's levels, which survey floors join, come from the import.
        key.add("import", context.keys[.import] ?? "")
        key.add("parameters", context.definition.stage(kind)?.canonicalParameters ?? "")
        for input in context.definition.surveyInputs {
            key.add("survey", input.id)
            key.add("options", input.canonicalOptions)
            key.add("content", try context.content(of: input).sha256)
        }
        return key.finalize()
    }

    func outputs(_ context: StageContext) -> [URL] {
        [context.layout.radioMap, context.layout.surveyQuality, context.layout.surveyQualityPage]
    }

    func run(_ context: StageContext) throws -> StageOutcome {
        let surveys = try PipelineSurveys.read(context, stage: kind)
        let scans = surveys.scans, inventory = surveys.inventory
        let staged = try StagingStore.read(from: context.layout.staging)
        let levels = staged.venue.levels.enumerated().map { RadioMapCompiler.VenueLevel(index: $0.offset, level: $0.element) }
        var compiler = RadioMapCompiler()
        compiler.parameters = parameters.locator
        context.progress(kind, "compiling \(scans.count) scans")
        let compiled: (map: RadioMap, report: RadioMapCompiler.Report)
        do {
            if parameters.positionRuleFixed {
                compiled = try compiler.compile(scans, inventory: inventory, venueLevels: levels, venueArea: staged.venue.boundingBox)
            } else {
                context.progress(kind, "holding out the survey's spots to choose the position rule")
                let chosen = try compiler.compileChoosingPositionRule(scans, inventory: inventory, venueLevels: levels,
                                                                      venueArea: staged.venue.boundingBox)
                compiled = (chosen.map, chosen.report)
                // The survey-quality estimate below locates as the map will.
                compiler.parameters = chosen.map.parameters
            }
        } catch {
            throw StageFailure(["\(context.definition.surveyInputs.map(\.path).joined(separator: ", ")): \(error)"])
        }
        var container = ContainerWriter(kind: RadioMapArtifact.kind)
        container.add(BundleFormat.Tag.wifi, version: RadioMapLayout.sectionVersion, Data(try compiled.map.encoded()))
        // Where each access point stands, for the bundle's crowd map.
        let placements = AccessPointPlacer.place(compiled.map, inventory: inventory, venueLevels: levels)
        container.add(RadioMapArtifact.placements, AccessPointPlacement.encode(placements))
        try container.write(to: context.layout.radioMap)

        let report = compiled.report
        var message = "\(report.scans) scans at \(report.referencePoints) spots on \(report.floors) floors "
            + "(\(report.joinedFloors) joined to venue levels), \(report.accessPointsKept) of \(report.accessPointsHeard) access points"
        let dropped = report.cleaning.silentScans + report.cleaning.duplicateScans
        message += "; position from the \(compiled.map.parameters.position)"
        if dropped > 0 { message += "; \(dropped) silent or duplicate scans dropped" }
        if report.scansOutsideVenue > 0 {
            message += "; \(report.scansOutsideVenue) scans lie more than \(Int(RadioMapCompiler.venueMargin)) m outside the venue "
                + "(are the survey's coordinates the venue's?)"
        }
        var quality = SurveyQuality(folds: 0, areaSize: 20, floors: [], areas: [])
        if parameters.qualityFolds > 0 {
            context.progress(kind, "holding out the survey's spots to estimate its quality")
            do {
                quality = try SurveyQuality.estimate(scans, inventory: inventory, compiler: compiler, folds: parameters.qualityFolds)
            } catch {
                throw StageFailure(["\(context.definition.surveyInputs.map(\.path).joined(separator: ", ")): \(error)"])
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(quality).write(to: context.layout.surveyQuality, options: .atomic)
        // The held-out figures on the floor plans, as the validation report draws its findings.
        let findings = quality.findings(levels: levels, venue: staged.venue)
        let page = ReportPage(report: ValidationReport(venue: staged.venue.id, generator: NavforgeVersion.generator, issues: findings),
                              plans: FloorPlans(venue: staged.venue, compiled: CompiledGraph(graph: NavigationGraph(), profiles: [RoutingProfile]())),
                              hints: RuleCatalogue.hints, title: "Survey quality")
        try Data(page.html().utf8).write(to: context.layout.surveyQualityPage, options: .atomic)
        message += "; " + (parameters.qualityFolds > 0 ? Self.describe(quality) : "survey quality not estimated (quality-folds: 0)")
        return StageOutcome(issues: IssueCounts(warnings: findings.filter { $0.severity == .warning }.count), message: message)
    }

    /// The survey quality in a sentence: the whole survey's held-out figures, and each thin floor.
    static func describe(_ quality: SurveyQuality) -> String {
        guard quality.folds > 0 else { return "survey quality not estimated: fewer than two spots to hold out" }
        let scans = quality.floors.reduce(0) { $0 + $1.scans }
        let hits = quality.floors.reduce(0.0) { $0 + $1.floorHitRate * Double($1.scans) }
        var text = "held out by spot in \(quality.folds) folds, \(percent(hits / Double(max(scans, 1)))) of scans on the right floor"
        let thin = quality.floors(below: SurveyQuality.thinFloorHitRate)
        if !thin.isEmpty {
            text += "; too thin to tell the floor on " + thin.map { floor in
                "\(floor.floorLabel) (\(percent(floor.floorHitRate)) right\(floor.meanError.map { String(format: ", %.1f m off", $0) } ?? ""))"
            }.joined(separator: ", ") + ": survey more spots there"
        }
        let off = quality.floors(errorAbove: SurveyQuality.thinErrorFactor).filter { !thin.contains($0) }
        if !off.isEmpty, let median = quality.medianFloorError {
            text += "; too thin to position well on " + off.map { floor in
                "\(floor.floorLabel) (\(String(format: "%.1f", floor.meanError ?? 0)) m off)"
            }.joined(separator: ", ") + String(format: " against %.1f m on the median floor: survey more spots there", median)
        }
        let thinAreas = quality.areas.filter(quality.isThin).count
        return text + "; \(thinAreas) of \(quality.areas.count) areas of \(Int(quality.areaSize)) m thin "
            + "(survey-quality.html, survey-quality.json)"
    }

    private static func percent(_ share: Double) -> String { String(format: "%.1f %%", share * 100) }
}
