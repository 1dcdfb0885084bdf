import VenueModel

/// `room-without-door` and `space-without-door`: a walkable outline no route can enter.
///
/// A room needs a door on its outline. A corridor or hall may instead open onto a neighbouring
/// corridor, hall, stairwell or lift (corridors meet without doors), hold stairs or a lift, or be
/// entered by a walkway of its level (a platform, a concourse); only one with none of these is
/// cut off. Stairwells and lift shafts are entered by their connectors and outdoor areas
/// by paths, so they are left to the reachability check. A room known only by a point is noted
/// as `room-without-outline`.
struct DoorlessSpaceRule: ValidationRule {
    let code = FindingCode.roomWithoutDoor

    func check(_ context: ValidationContext) -> [Issue] {
        let venue = context.venue
        let tolerance = context.parameters.doorTolerance
        var doored = Set<SpaceOnLevel>()
        for opening in venue.openings {
            for levelID in opening.levelIDs {
                for space in context.locator.spaces(withOutlineNear: opening.location, levelID: levelID, tolerance: tolerance) {
                    doored.insert(SpaceOnLevel(space: space, levelID: levelID))
                }
            }
        }
        var issues: [Issue] = []
        for (index, space) in venue.spaces.enumerated() {
            let corner = context.anchor(ofSpace: index)
            if case .point = space.geometry {
                if space.kind == .room {
                    issues.append(Issue(code: .roomWithoutOutline,
                                        message: "room '\(space.reference)' is known by a point only: it is searchable but not routable",
                                        location: space.source, levelID: space.levelIDs.first, coordinate: corner))
                }
                continue
            }
            guard space.kind == .room || space.kind == .corridor || space.kind == .area,
                  context.locator.area(ofSpace: index) != nil else { continue }
            for levelID in space.levelIDs where !doored.contains(SpaceOnLevel(space: index, levelID: levelID)) {
                if space.kind == .room {
                    issues.append(Issue(code: code,
                                        message: "room '\(space.reference)' has no door on its outline on level \(levelID); routes cannot enter it",
                                        location: space.source, levelID: levelID, coordinate: corner))
                } else if !Self.isOpen(index, levelID: levelID, context) {
                    issues.append(Issue(code: .spaceWithoutDoor,
                                        message: "\(space.kind.noun) '\(space.reference)' on level \(levelID) has no door, touches no other corridor or hall and holds no stairs or lift; routes cannot enter it",
                                        location: space.source, levelID: levelID, coordinate: corner))
                }
            }
        }
        return issues
    }

    /// Whether a circulation space opens onto another walkable space or holds a connector.
    static func isOpen(_ index: Int, levelID: String, _ context: ValidationContext) -> Bool {
        guard let area = context.locator.area(ofSpace: index) else { return true }
        let tolerance = context.parameters.doorTolerance
        for other in context.locator.spaces(onLevel: levelID) where other != index {
            // Rooms line corridors wall to wall; only another circulation space is a way in.
            guard context.venue.spaces[other].kind.isCirculation, let neighbour = context.locator.area(ofSpace: other),
                  area.envelope.expanded(by: tolerance).intersects(neighbour.envelope) else { continue }
            if area.distance(to: neighbour) <= tolerance { return true }
        }
        if context.walkways.enters(area, levelID: levelID, tolerance: tolerance) { return true }
        return context.venue.connectors.contains { connector in
            connector.levelIDs.contains(levelID)
                && context.locator.spaces(covering: connector.location, levelID: levelID).contains(index)
        }
    }

    struct SpaceOnLevel: Hashable {
        var space: Int
        var levelID: String
    }
}
