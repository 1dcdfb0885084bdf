import Foundation
import VenueModel

/// `implausible-width` and `implausible-incline`: a width or slope no real doorway, corridor or
/// ramp has, usually a unit slip (`width=90` meaning centimetres) that would wrongly open or close
/// the feature to wheelchairs.
struct ImplausibleMeasureRule: ValidationRule {
    let code = FindingCode.implausibleWidth

    /// One feature's measures, with what the findings need.
    struct Measured {
        var noun: String
        var isDoor: Bool
        /// Stairs and escalators are steep by nature; their slope is not checked.
        var isStairs: Bool
        var accessibility: Accessibility
        var source: SourceLocation
        var levelID: String?
        var coordinate: Coordinate?
    }

    func check(_ context: ValidationContext) -> [Issue] {
        let limits = context.parameters
        var issues: [Issue] = []
        for feature in Self.measured(context.venue) {
            if let width = feature.accessibility.width {
                let widest = feature.isDoor ? limits.widestDoor : limits.widestWay
                if !(limits.narrowest...widest).contains(width) {
                    var message = "\(feature.noun) has width=\(Self.format(width)) m, outside the plausible \(Self.format(limits.narrowest))–\(Self.format(widest)) m"
                    if width >= 50 && width <= 500 { message += "; is it in centimetres?" }
                    issues.append(Issue(code: code, message: message, location: feature.source,
                                        levelID: feature.levelID, coordinate: feature.coordinate))
                }
            }
            if let incline = feature.accessibility.incline, !feature.isStairs, abs(incline) > limits.steepestIncline {
                issues.append(Issue(code: .implausibleIncline,
                                    message: "\(feature.noun) has incline=\(Self.format(incline)) %, steeper than the plausible \(Self.format(limits.steepestIncline)) % for a walkable slope (is it in degrees, or stairs?)",
                                    location: feature.source, levelID: feature.levelID, coordinate: feature.coordinate))
            }
        }
        return issues
    }

    /// Every feature that can carry a width or incline, in venue order.
    static func measured(_ venue: Venue) -> [Measured] {
        var result: [Measured] = []
        for opening in venue.openings {
            result.append(Measured(noun: "\(opening.isEntrance ? "entrance" : "door") '\(opening.name ?? opening.ref ?? opening.id)'",
                                   isDoor: true, isStairs: false, accessibility: opening.accessibility,
                                   source: opening.source, levelID: opening.levelIDs.first, coordinate: opening.location))
        }
        for path in venue.paths {
            let middle = path.coordinates.isEmpty ? nil : path.coordinates[path.coordinates.count / 2]
            result.append(Measured(noun: "\(path.kind.rawValue) '\(path.name ?? path.id)'", isDoor: false,
                                   isStairs: path.kind == .steps, accessibility: path.accessibility,
                                   source: path.source, levelID: path.levelID, coordinate: middle))
        }
        for connector in venue.connectors {
            result.append(Measured(noun: "\(connector.kind.rawValue) '\(connector.label)'", isDoor: false,
                                   isStairs: connector.kind == .stairs || connector.kind == .escalator,
                                   accessibility: connector.accessibility, source: connector.source,
                                   levelID: connector.levelIDs.first, coordinate: connector.location))
        }
        for space in venue.spaces {
            result.append(Measured(noun: "\(space.kind.noun) '\(space.reference)'", isDoor: false, isStairs: space.kind == .stairs,
                                   accessibility: space.accessibility, source: space.source,
                                   levelID: space.levelIDs.first, coordinate: space.geometry.allCoordinates.first))
        }
        return result
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(format: "%.2f", value)
    }
}
