import Foundation
import VenueModel

/// `invalid-geometry`: an outline GEOS cannot build (error), or one that crosses itself or is
/// otherwise invalid, which the geometry layer repaired (warning).
struct InvalidGeometryRule: ValidationRule {
    let code = FindingCode.invalidGeometry

    func check(_ context: ValidationContext) -> [Issue] {
        let broken = context.locator.unbuildable.map { ($0.space, $0.reason, Issue.Severity.error, "is unusable") }
        let repaired = context.locator.repaired.map { ($0.space, $0.reason, Issue.Severity.warning, "was repaired") }
        return (broken + repaired).sorted { $0.0 < $1.0 }.map { index, reason, severity, outcome in
            let space = context.venue.spaces[index]
            var message = "outline of \(space.kind.rawValue) '\(space.reference)' is invalid (\(reason)) and \(outcome)"
            if severity == .warning, let area = context.locator.area(ofSpace: index) {
                message += "; routing uses the repaired outline of \(String(format: "%.1f", area.area)) m²"
            }
            return Issue(code: code, severity: severity, message: message, location: space.source,
                         levelID: space.levelIDs.first,
                         coordinate: Self.position(in: reason, context) ?? context.anchor(ofSpace: index))
        }
    }

    /// Where GEOS says the problem is: its reasons end in `[x y]`, metres in the locator's plane.
    static func position(in reason: String, _ context: ValidationContext) -> Coordinate? {
        guard let open = reason.lastIndex(of: "["), reason.hasSuffix("]") else { return nil }
        let numbers = reason[reason.index(after: open)..<reason.index(before: reason.endIndex)]
            .split(separator: " ").compactMap { Double($0) }
        guard numbers.count == 2, numbers.allSatisfy(\.isFinite) else { return nil }
        return context.locator.projection.unproject(PlanarPoint(x: numbers[0], y: numbers[1]))
    }
}

/// `door-not-on-outline`: a door that touches no walkable space on its level, so it leads nowhere.
/// A door or entrance on a walkway of its level (a station entrance on a footway) leads there.
struct DoorNotOnOutlineRule: ValidationRule {
    let code = FindingCode.doorNotOnOutline

    func check(_ context: ValidationContext) -> [Issue] {
        var issues: [Issue] = []
        for opening in context.venue.openings {
            for levelID in opening.levelIDs where levelID != Level.outdoorID {
                let spaces = context.locator.spaces(withOutlineNear: opening.location, levelID: levelID,
                                                    tolerance: context.parameters.doorTolerance)
                guard !spaces.contains(where: { context.venue.spaces[$0].kind.isWalkable }),
                      !context.walkways.passes(near: opening.location, levelID: levelID,
                                               tolerance: context.parameters.doorTolerance) else { continue }
                let name = opening.name ?? opening.ref ?? opening.id
                issues.append(Issue(
                    code: code,
                    message: "\(opening.isEntrance ? "entrance" : "door") '\(name)' on level \(levelID) lies on no walkable space outline (within \(context.parameters.doorTolerance) m)",
                    location: opening.source, levelID: levelID, coordinate: opening.location))
            }
        }
        return issues
    }
}
