import VenueModel

extension GraphBuilder {
    /// The levels that are one floor with `levelID`: itself first, then every other level with
    /// its ordinal, in venue order. Buildings drawn over one another (a station hall under a
    /// train shed's roof outline) each get their own levels of the same floor, and unlevelled
    /// features lie on the outdoor level, which is the ground floor's.
    func sameFloor(as levelID: String) -> [String] {
        if let known = floors[levelID] { return known }
        guard let ordinal = venue.levels.first(where: { $0.id == levelID })?.ordinal else { return [levelID] }
        let others = venue.levels.filter { $0.id != levelID && $0.ordinal == ordinal }.map(\.id)
        let result = [levelID] + others
        floors[levelID] = result
        return result
    }

    /// The walkable spaces a point stands in, with the level of each that holds it.
    ///
    /// The smallest walkable space covering the point on its own level, else on another level of
    /// the same floor (``sameFloor(as:)``); when that is a corridor, hall or outdoor area, also
    /// every other corridor, hall or outdoor area covering the point on that level, such as the
    /// concourse a waiting area is drawn inside: a point anchored in both joins them. A room
    /// drawn inside a hall keeps to itself, so no route passes its walls.
    ///
    /// A walkway's vertices keep apart from the outdoor level (`indoorOutdoor: false`): an outdoor
    /// path ending inside a building's outline must reach the building through its entrance, not
    /// through the wall. A point or a landing has no arcs of its own to pass through a wall with.
    func holdingSpaces(of coordinate: Coordinate, levelID: String,
                       indoorOutdoor: Bool = true) -> [(space: Int, levelID: String)] {
        let outdoor = Level.outdoorID
        for level in sameFloor(as: levelID) where indoorOutdoor || level == levelID || (level != outdoor && levelID != outdoor) {
            let covering = locator.spaces(covering: coordinate, levelID: level).filter { venue.spaces[$0].kind.isWalkable }
            guard let smallest = covering.first else { continue }
            guard Self.isOpenFloor(venue.spaces[smallest].kind) else { return [(smallest, level)] }
            return covering.filter { Self.isOpenFloor(venue.spaces[$0].kind) }.map { ($0, level) }
        }
        return []
    }

    /// Corridors, halls and outdoor areas: floor people cross freely, unlike rooms, stairwells and
    /// lift shafts.
    static func isOpenFloor(_ kind: SpaceKind) -> Bool {
        kind == .corridor || kind == .area || kind == .outdoor
    }
}
