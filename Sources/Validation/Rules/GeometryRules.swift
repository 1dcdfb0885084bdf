import VenueModel

/// `invalid-geometry`: an outline GEOS cannot build, or one that intersects itself.
struct InvalidGeometryRule: ValidationRule {
    let code = "invalid-geometry"

    func check(_ context: ValidationContext) -> [Issue] {
        var issues: [Issue] = []
        let broken = Dictionary(context.locator.unbuildable.map { ($0.space, $0.reason) }, uniquingKeysWith: { a, _ in a })
        for (index, space) in context.venue.spaces.enumerated() {
            let problem: String?
            let severity: Issue.Severity
            if let reason = broken[index] {
                problem = reason
                severity = .error
            } else {
                problem = context.locator.area(ofSpace: index)?.validityProblem
                severity = .warning
            }
            guard let problem else { continue }
            issues.append(Issue(code: code, severity: severity,
                                message: "outline of \(space.kind.rawValue) '\(space.reference)' is invalid: \(problem)",
                                location: space.source, levelID: space.levelIDs.first,
                                coordinate: space.geometry.allCoordinates.first))
        }
        return issues
    }
}

/// `door-not-on-outline`: a door that touches no walkable space on its level, so it leads nowhere.
struct DoorNotOnOutlineRule: ValidationRule {
    let code = "door-not-on-outline"

    func check(_ context: ValidationContext) -> [Issue] {
        var issues: [Issue] = []
        for opening in context.venue.openings {
            for levelID in opening.levelIDs where levelID != Level.outdoorID {
                let spaces = context.locator.spaces(withOutlineNear: opening.location, levelID: levelID,
                                                    tolerance: context.parameters.doorTolerance)
                guard !spaces.contains(where: { context.venue.spaces[$0].kind.isWalkable }) else { continue }
                let name = opening.name ?? opening.ref ?? opening.id
                issues.append(Issue(
                    code: code, severity: .warning,
                    message: "\(opening.isEntrance ? "entrance" : "door") '\(name)' on level \(levelID) lies on no walkable space outline (within \(context.parameters.doorTolerance) m)",
                    location: opening.source, levelID: levelID, coordinate: opening.location))
            }
        }
        return issues
    }
}

/// `room-without-door`: a room with an outline but no door on it, which no route can enter.
struct RoomWithoutDoorRule: ValidationRule {
    let code = "room-without-door"

    func check(_ context: ValidationContext) -> [Issue] {
        var doored = Set<String>()
        for opening in context.venue.openings {
            for levelID in opening.levelIDs {
                for space in context.locator.spaces(withOutlineNear: opening.location, levelID: levelID,
                                                    tolerance: context.parameters.doorTolerance) {
                    doored.insert("\(space)@\(levelID)")
                }
            }
        }
        var issues: [Issue] = []
        for (index, space) in context.venue.spaces.enumerated() where space.kind == .room {
            guard case .point = space.geometry else {
                for levelID in space.levelIDs where !doored.contains("\(index)@\(levelID)") {
                    issues.append(Issue(code: code, severity: .warning,
                                        message: "room '\(space.reference)' has no door on its outline on level \(levelID); routes cannot enter it",
                                        location: space.source, levelID: levelID,
                                        coordinate: space.geometry.allCoordinates.first))
                }
                continue
            }
            issues.append(Issue(code: "room-without-outline", severity: .info,
                                message: "room '\(space.reference)' is known by a point only: it is searchable but not routable",
                                location: space.source, levelID: space.levelIDs.first,
                                coordinate: space.geometry.allCoordinates.first))
        }
        return issues
    }
}
