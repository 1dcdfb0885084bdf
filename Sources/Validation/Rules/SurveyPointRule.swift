import VenueModel

/// `survey-point-outside-space` and `survey-unknown-floor`: Wi-Fi reference points
/// the venue's plan cannot place.
///
/// A reference point outside every space of its level was measured in the wrong coordinates, on
/// the wrong floor, or where the plan has a gap; a fix there would put the user outside the map.
/// A survey floor that names no venue level cannot be tied to the plan at all.
struct SurveyPointRule: ValidationRule {
    let code = FindingCode.surveyPointOutsideSpace

    func check(_ context: ValidationContext) -> [Issue] {
        var issues: [Issue] = []
        var reportedFloors = Set<String>()
        let tolerance = context.parameters.surveyTolerance
        for point in context.surveyPoints {
            guard let levelID = point.levelID else {
                let floor = "\(point.building ?? "")@\(point.surveyLevel)"
                guard reportedFloors.insert(floor).inserted else { continue }
                let building = point.building.map { " of building '\($0)'" } ?? ""
                issues.append(Issue(code: .surveyUnknownFloor,
                                    message: "survey floor '\(point.surveyLevel)'\(building) names no level of the venue; its scans cannot be tied to the plan",
                                    location: point.source, coordinate: point.position))
                continue
            }
            guard levelID != Level.outdoorID, !context.locator.spaces(onLevel: levelID).isEmpty else { continue }
            let inside = context.locator.spaces(covering: point.position, levelID: levelID)
                + context.locator.spaces(withOutlineNear: point.position, levelID: levelID, tolerance: tolerance)
            guard inside.allSatisfy({ context.venue.spaces[$0].kind == .obstacle }) else { continue }
            let scans = point.scans == 1 ? "1 scan" : "\(point.scans) scans"
            issues.append(Issue(code: code,
                                message: "Wi-Fi reference point '\(point.label)' (\(scans)) on level \(levelID) lies in no walkable space (within \(tolerance) m)",
                                location: point.source, levelID: levelID, coordinate: point.position))
        }
        return issues
    }
}
