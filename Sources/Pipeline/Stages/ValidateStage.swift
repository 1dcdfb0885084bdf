import Foundation
import Geometry
import RoutingGraph
import Staging
import Validation
import VenueModel

/// Checks the staged venue against the rule catalogue and writes `report.json` and `report.html`.
///
/// Rules that need the graph (what each profile reaches) run on a graph derived here, in memory,
/// with the graph stage's parameters, so that one report holds every finding and `navforge
/// validate` needs no later stage; the graph stage of the same build then writes this graph
/// rather than derive it again (``StageContext/derivedGraph``).
struct ValidateStage: PipelineStage {
    let kind = StageKind.validate
    let parameters: ValidateStageParameters
    /// How many failing findings a failed build lists in its errors.
    static let listedFindings = 20

    func cacheKey(_ context: StageContext) throws -> String {
        var key = CacheKey(stage: kind)
        key.add("import", context.keys[.import] ?? "")
        key.add("parameters", context.definition.stage(kind)?.canonicalParameters ?? "")
        key.add("graph", context.definition.stage(.graph)?.canonicalParameters ?? "")
        for input in context.definition.surveyInputs {
            key.add("survey", input.id)
            key.add("options", input.canonicalOptions)
            key.add("content", try context.content(of: input).sha256)
        }
        return key.finalize()
    }

    func outputs(_ context: StageContext) -> [URL] {
        [context.layout.report, context.layout.reportPage]
    }

    func run(_ context: StageContext) throws -> StageOutcome {
        // A stage that fails before writing (an unreadable survey) must not leave the last
        // run's reports looking current.
        for output in outputs(context) { try? FileManager.default.removeItem(at: output) }
        let staged = try context.importedVenue?.staged(importKey: context.keys[.import])
            ?? StagingStore.read(from: context.layout.staging)
        let venue = staged.venue
        let graphParameters = context.definition.graphParameters
        let surveys = try PipelineSurveys.read(context, stage: kind)

        context.progress(kind, "checking \(Validator.rules.count) rules")
        let locator = SpaceLocator(venue: venue)
        var rules = ValidationParameters(doorTolerance: graphParameters.doorTolerance)
        // Landings count as linked exactly when the graph links them.
        rules.landingReach = GraphBuilder.landingReach
        let validator = Validator(venue: venue, parameters: rules,
                                  surveyPoints: surveys.referencePoints(in: venue), locator: locator)
        var findings = validator.run()

        // A pipeline without a graph stage routes nowhere: no reachability to check, no edges to draw.
        var compiled = CompiledGraph(graph: NavigationGraph(), profiles: [RoutingProfile]())
        if context.definition.stage(.graph) != nil {
            context.progress(kind, "deriving the graph to check what each profile reaches")
            let (graph, graphIssues) = GraphBuilder(venue: venue, parameters: graphParameters, locator: locator).build()
            compiled = CompiledGraph(graph: graph, profiles: graphParameters.profiles)
            let reachability = Reachability(venue: venue, compiled: compiled, snapDistance: graphParameters.placeSnapDistance)
            let tours = TourMatching(venue: venue, compiled: compiled)
            compiled.tours = tours.tours
            findings = Self.withoutInferredEntrances(findings, graphIssues: graphIssues) + graphIssues + reachability.issues
                + tours.issues
            context.derivedGraph = DerivedGraph(importKey: context.keys[.import] ?? "",
                                                parameters: context.definition.stage(.graph)?.canonicalParameters ?? "",
                                                compiled: compiled, reachability: reachability)
        } else {
            findings.removeAll { RuleCatalogue.routingCodes.contains($0.code) }
        }

        let issues = staged.issues + findings
        let report = ValidationReport(venue: venue.id, generator: NavforgeVersion.generator, issues: issues)
        try report.write(to: context.layout.report)
        let page = ReportPage(report: report, plans: FloorPlans(venue: venue, compiled: compiled), hints: RuleCatalogue.hints)
        try Data(page.html().utf8).write(to: context.layout.reportPage, options: .atomic)

        // The import stage already counted its own findings; the report holds both, the build
        // summary counts each once.
        let counts = IssueCounts(findings)
        let failing = issues.filter { parameters.failOn.fails($0.severity) }
        var failure: [String]?
        if !failing.isEmpty {
            let kinds = parameters.failOn == .error ? (failing.count == 1 ? "error" : "errors") : "errors and warnings"
            // The first findings where a terminal shows them; every one is in the report.
            failure = failing.prefix(Self.listedFindings).map(\.description)
            failure?.append("validation found \(failing.count) \(kinds); all are in \(context.display(context.layout.report)) and \(context.display(context.layout.reportPage))")
        }
        return StageOutcome(issues: counts, message: counts.phrase, failure: failure)
    }

    /// The rules' findings less `building-without-entrance` for buildings whose entrances the
    /// graph inferred on their footprint: routes do reach those, and `entrance-inferred` says how.
    static func withoutInferredEntrances(_ findings: [Issue], graphIssues: [Issue]) -> [Issue] {
        let inferred = Set(graphIssues.filter { $0.code == .entranceInferred }.compactMap(\.location))
        return findings.filter { issue in
            !(issue.code == .buildingWithoutEntrance && issue.location.map(inferred.contains) == true)
        }
    }
}
