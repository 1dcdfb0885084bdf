import Foundation
import Testing
import Validation
import VenueModel
@testable import Pipeline

@Suite struct ValidateStageTests {
    /// A building the graph found entrances for on its footprint is reached: the rule's warning
    /// gives way to the graph's note, for that building only.
    @Test func inferredEntrancesReplaceTheMissingEntranceWarning() {
        let hall = VenueModel.SourceLocation(file: "buildings.csv", line: 2)
        let annex = VenueModel.SourceLocation(file: "buildings.csv", line: 3)
        let findings = [Issue(code: .buildingWithoutEntrance, severity: .warning, message: "hall", location: hall),
                        Issue(code: .buildingWithoutEntrance, severity: .warning, message: "annex", location: annex),
                        Issue(code: .roomWithoutDoor, severity: .warning, message: "room", location: hall)]
        let graph = [Issue(code: .entranceInferred, severity: .info, message: "hall doors", location: hall)]
        #expect(ValidateStage.withoutInferredEntrances(findings, graphIssues: graph).map(\.message) == ["annex", "room"])
    }

    /// Without a graph stage nothing is routed: no door, entrance or reachability findings.
    @Test func aVenueThatIsNotRoutedGetsNoRoutingFindings() throws {
        let workspace = try DemoWorkspace()
        try workspace.edit(workspace.pipeline, replacing: "  graph:\n    door-tolerance: 0.5\n    profiles: [foot, wheelchair, step-free, night]\n  contract:\n", with: "")
        try workspace.edit(workspace.input("library-plan.geojson"), replacing: "\"A-DOOR\"", with: "\"A-NOTE\"")
        let summary = try workspace.build(until: .validate)
        #expect(summary.status == .succeeded, "\(summary.errors)")
        let report = try JSONDecoder().decode(ValidationReport.self, from: Data(contentsOf: workspace.layout.report))
        #expect(!report.issues.isEmpty)
        #expect(report.issues.allSatisfy { !RuleCatalogue.routingCodes.contains($0.code) && $0.code != .placeUnreachable })
        #expect(report.issues.contains { $0.code == .unknownKind }, "the library's doors were really taken away")
    }
}
