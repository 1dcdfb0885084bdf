import NavBundle
import VenueModel

extension GraphBuilder {
    /// One node per door and level, attached to every space whose outline it lies on.
    func addOpenings() {
        for opening in venue.openings {
            for levelID in opening.levelIDs {
                guard let level = levelIndex[levelID] else { continue }
                let node = addNode(opening.location, level: level, kind: opening.isEntrance ? .entrance : .door,
                                   label: opening.name ?? opening.ref)
                var facts = ArcAttributes()
                facts.wheelchair = opening.accessibility.wheelchair
                facts.width = opening.accessibility.width
                facts.doorType = opening.doorType
                facts.access = opening.access
                doorAttributes[node] = facts
                register(node)
                if opening.isEntrance { entranceNodes.append(node) }
                for space in locator.spaces(withOutlineNear: opening.location, levelID: levelID,
                                            tolerance: parameters.doorTolerance)
                where venue.spaces[space].kind.isWalkable {
                    anchors[space, default: [:]][levelID, default: []].append(node)
                }
            }
        }
    }

    /// Links the anchors of every walkable space, and gives places a node to route to.
    func addSpaces() {
        for (index, space) in venue.spaces.enumerated() where space.kind.isWalkable {
            let isPlace = space.isPlace
            for levelID in space.levelIDs {
                guard let level = levelIndex[levelID] else { continue }
                let spaceAnchors = anchors[index]?[levelID] ?? []
                var center: Int?
                if isPlace || (space.kind.isCirculation && spaceAnchors.count > parameters.maximumCorridorAnchors) {
                    center = representativeNode(of: index, level: level, levelID: levelID)
                }
                let attributes = ArcAttributes(space.accessibility, indoor: space.kind != .outdoor)
                let kind: ArcKind = .walk
                if space.kind.isCirculation && spaceAnchors.count <= parameters.maximumCorridorAnchors {
                    for (position, first) in spaceAnchors.enumerated() {
                        for second in spaceAnchors[(position + 1)...] {
                            addEdge(first, second, kind: kind, label: space.label, attributes: attributes)
                        }
                    }
                }
                if let center {
                    for anchor in spaceAnchors {
                        addEdge(anchor, center, kind: kind, label: space.label, attributes: attributes)
                    }
                }
            }
            if isPlace, let first = space.levelIDs.compactMap({ spaceNodes[index]?[$0] }).first {
                graph.placeNodes[.space(space.id)] = first
            }
        }
    }

    private func representativeNode(of index: Int, level: Int, levelID: String) -> Int? {
        if let existing = spaceNodes[index]?[levelID] { return existing }
        let space = venue.spaces[index]
        let coordinate: Coordinate
        if case .point(let point) = space.geometry {
            coordinate = point
        } else if let area = locator.area(ofSpace: index), let point = area.representativePoint {
            coordinate = locator.projection.unproject(point)
        } else {
            return nil
        }
        let node = addNode(coordinate, level: level, kind: .room, label: space.label)
        spaceNodes[index, default: [:]][levelID] = node
        return node
    }
}
