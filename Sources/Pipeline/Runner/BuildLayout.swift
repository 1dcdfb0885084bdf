public import Foundation

/// Where a pipeline's outputs go: `build/NAME/` and the files inside it.
public struct BuildLayout: Sendable {
    public let directory: URL

    public init(root: URL, pipelineName: String) {
        directory = root.appendingPathComponent(pipelineName, isDirectory: true)
    }

    public var staging: URL { directory.appendingPathComponent("staging.sqlite") }
    public var report: URL { directory.appendingPathComponent("report.json") }
    /// The validation report as a self-contained page with floor plans.
    public var reportPage: URL { directory.appendingPathComponent("report.html") }
    public var graph: URL { directory.appendingPathComponent("graph.navgraph") }
    /// One contraction hierarchy per profile, written by the contract stage.
    public var hierarchies: URL { directory.appendingPathComponent("hierarchies.navch") }
    /// The fingerprints stage's radio map, for the bundle.
    public var radioMap: URL { directory.appendingPathComponent("radiomap.navwifi") }
    /// The fingerprints stage's estimate of how well the survey positions, per floor and area.
    public var surveyQuality: URL { directory.appendingPathComponent("survey-quality.json") }
    /// The same on the floor plans, a page like the validation report's.
    public var surveyQualityPage: URL { directory.appendingPathComponent("survey-quality.html") }
    public var manifest: URL { directory.appendingPathComponent("manifest.json") }
    public var state: URL { directory.appendingPathComponent(".navforge-state.json") }
    public var lock: URL { directory.appendingPathComponent(".navforge.lock") }

    public func bundle(venueID: String, version: String) -> URL {
        directory.appendingPathComponent("\(venueID)-\(version).navbundle")
    }
}
