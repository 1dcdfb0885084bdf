import BundleTools
import Fingerprints
import Foundation
import VenueModel

extension SurveyQuality {
    /// Below this held-out floor hit rate a floor or area is too thin to tell its floor reliably:
    /// one person in ten sent to another floor (docs/wifi.md, "Survey quality").
    static let thinFloorHitRate = 0.9
    /// Above this many times the survey's median floor error a floor or area positions worst for
    /// the survey's own standard (access points and building alike): survey it again first.
    static let thinErrorFactor = 2.0

    /// Whether an area (or floor) is thin by either test.
    func isThin(_ estimate: Estimate) -> Bool {
        estimate.floorHitRate < Self.thinFloorHitRate
            || (medianFloorError.map { (estimate.meanError ?? 0) > Self.thinErrorFactor * $0 } ?? false)
    }

    /// The estimate as findings for the survey-quality page: a `survey-floor-thin` per thin floor
    /// and a `survey-area` per area, a warning where thin, each on the venue level its survey
    /// floor joins (`levels`, as the radio map joins them; none when it joins none).
    func findings(levels: [RadioMapCompiler.VenueLevel], venue: Venue) -> [Issue] {
        func levelID(_ estimate: Estimate) -> String? {
            levels.first { $0.matches(building: estimate.building, level: estimate.level) }.map { venue.levels[$0.index].id }
        }
        func figures(_ estimate: Estimate) -> String {
            var text = "\(estimate.scans) held-out scan\(estimate.scans == 1 ? "" : "s"), "
                + String(format: "%.1f %% on the right floor", estimate.floorHitRate * 100)
            if let error = estimate.meanError { text += String(format: ", %.1f m off", error) }
            if estimate.unknown > 0 { text += ", \(estimate.unknown) heard nothing of the map" }
            return text
        }
        let median = medianFloorError.map { String(format: " (%.1f m on the survey's median floor)", $0) } ?? ""
        var issues = floors.filter(isThin).map { floor in
            Issue(code: .surveyFloorThin, message: "survey floor \(floor.floorLabel): \(figures(floor))\(median)",
                  levelID: levelID(floor))
        }
        for area in areas {
            let centre = area.latitude.flatMap { latitude in area.longitude.map { Coordinate(latitude: latitude, longitude: $0) } }
            issues.append(Issue(code: .surveyArea, severity: isThin(area) ? .warning : .info,
                                message: "\(Int(areaSize)) m area of \(area.floorLabel): \(figures(area))",
                                levelID: levelID(area), coordinate: centre))
        }
        return issues
    }
}
