import NavFormat
import VenueModel

extension GraphBuilder {
    /// One node per door and level, attached to every space whose outline it lies on.
    func addOpenings() {
        let inferred = inferredEntrances()
        for (index, opening) in venue.openings.enumerated() {
            for levelID in opening.levelIDs {
                guard let level = levelIndex[levelID] else { continue }
                let isEntrance = opening.isEntrance || inferred.contains(OpeningLevel(opening: index, levelID: levelID))
                let node = addNode(opening.location, level: level, kind: isEntrance ? .entrance : .door,
                                   label: opening.name ?? opening.ref)
                var facts = ArcAttributes()
                facts.wheelchair = opening.accessibility.wheelchair
                facts.width = opening.accessibility.width
                facts.doorType = opening.doorType
                facts.automaticDoor = opening.isAutomatic
                facts.access = opening.access
                facts.emergencyExit = isEntrance && opening.access == .no
                doorAttributes[node] = facts
                register(node)
                if isEntrance { entranceNodes.append(node) }
                openingOfNode[node] = index
                if opening.isInferred { inferredOpeningNodes.insert(node) }
                // The spaces whose outline it is on; for an inferred front, also the hall or corridor
                // drawn over it (the concourse a shop opens onto). Mapped doors keep to outlines: a
                // floor-wide area drawn over rooms must not let routes through their walls.
                let onOutline = locator.spaces(withOutlineNear: opening.location, levelID: levelID,
                                               tolerance: parameters.doorTolerance)
                let under = opening.isInferred
                    ? locator.spaces(covering: opening.location, levelID: levelID).filter { venue.spaces[$0].kind.isCirculation }
                    : []
                for space in onOutline + under where venue.spaces[space].kind.isWalkable {
                    addAnchor(node, space: space, levelID: levelID)
                }
            }
        }
    }

    func addAnchor(_ node: Int, space: Int, levelID: String) {
        if !(anchors[space]?[levelID]?.contains(node) ?? false) {
            anchors[space, default: [:]][levelID, default: []].append(node)
        }
    }

    /// Links the anchors of every walkable space by shortest paths inside it, and gives places a
    /// node to route to.
    func addSpaces() {
        for (index, space) in venue.spaces.enumerated() where space.kind.isWalkable {
            var visibility: VisibilityGraph?
            var reportedComplexity = false
            for levelID in space.levelIDs {
                guard let level = levelIndex[levelID] else { continue }
                var spaceAnchors = anchors[index]?[levelID] ?? []
                if space.isPlace, let center = representativeNode(of: index, level: level, levelID: levelID) {
                    spaceAnchors.append(center)
                }
                guard spaceAnchors.count >= 2 else { continue }
                let attributes = ArcAttributes(space.accessibility, indoor: space.kind != .outdoor)
                if visibility == nil, let outline = SpaceOutline(polygons: space.geometry.polygons,
                                                                 projection: locator.projection) {
                    visibility = VisibilityGraph(outline: outline, clearance: parameters.clearance)
                }
                guard let visibility else {
                    // A space known only as a point: its anchors meet there.
                    let before = graph.arcs.count
                    linkThroughCenter(spaceAnchors, space: space, attributes: attributes)
                    recordSpace(index, arcsFrom: before)
                    continue
                }
                let work = VisibilityGraph.work(anchors: spaceAnchors.count, corners: visibility.corners.count,
                                                edges: visibility.outline.edges.count)
                if work > parameters.maximumVisibilityWork {
                    if !reportedComplexity {
                        reportedComplexity = true
                        report(.spaceTooComplex,
                               "\(space.kind.noun) \(space.reference) has \(spaceAnchors.count) doors and points and \(visibility.outline.vertexCount) outline vertices, too many for shortest paths inside it; its doors are linked in straight lines that may cross its walls",
                               at: space.source, level: levelID)
                    }
                    let before = graph.arcs.count
                    linkThroughCenter(spaceAnchors, space: space, attributes: attributes)
                    recordSpace(index, arcsFrom: before)
                    continue
                }
                let before = graph.arcs.count
                linkInside(visibility, anchors: spaceAnchors, level: level, space: space, attributes: attributes)
                recordSpace(index, arcsFrom: before)
            }
            if space.isPlace, let first = space.levelIDs.compactMap({ spaceNodes[index]?[$0] }).first {
                graph.placeNodes[.space(space.id)] = first
            }
        }
    }

    private func recordSpace(_ space: Int, arcsFrom start: Int) {
        arcSpaces += Array(repeating: -1, count: start - arcSpaces.count)
        arcSpaces += Array(repeating: space, count: graph.arcs.count - start)
    }

    /// Shortest paths between the anchors of one space on one level.
    private func linkInside(_ visibility: VisibilityGraph, anchors spaceAnchors: [Int], level: Int, space: Space,
                            attributes: ArcAttributes) {
        let projection = locator.projection
        var placed: [Int] = []
        var entries: [PlanarPoint] = []
        var stranded: [Int] = []
        for node in spaceAnchors {
            let point = projection.project(graph.nodes[node].coordinate)
            if let entry = visibility.outline.entryPoint(for: point, depth: Self.entryDepth) {
                placed.append(node)
                entries.append(entry)
            } else {
                stranded.append(node)
            }
        }
        // A door drawn off the wall first steps to its entry point, so the arc follows the path
        // whose visibility was checked rather than a line from the door that may cut a corner.
        let steps: [[PlanarPoint]] = zip(placed, entries).map { node, entry in
            projection.project(graph.nodes[node].coordinate).distance(to: entry) > 2 * Self.entryDepth ? [entry] : []
        }
        if placed.count <= parameters.maximumSpaceAnchors {
            for path in visibility.pathsBetween(anchors: entries) {
                let corners = steps[path.from] + path.corners + steps[path.to]
                addEdge(placed[path.from], placed[path.to], kind: .walk, label: space.routeLabel, attributes: attributes,
                        length: polylineLength(from: placed[path.from], via: corners, to: placed[path.to]),
                        via: corners.map(projection.unproject))
            }
        } else {
            // Corners join the graph as junctions shared by every route through the space.
            var nodes = placed
            for corner in visibility.corners {
                nodes.append(addNode(projection.unproject(corner), level: level, kind: .junction, label: nil))
            }
            let positions = placed.map { projection.project(graph.nodes[$0].coordinate) }
            for edge in visibility.sparseEdges(anchors: entries, positions: positions) {
                let corners = (edge.from < placed.count ? steps[edge.from] : [])
                    + (edge.to < placed.count ? steps[edge.to] : [])
                addEdge(nodes[edge.from], nodes[edge.to], kind: .walk, label: space.routeLabel, attributes: attributes,
                        length: polylineLength(from: nodes[edge.from], via: corners, to: nodes[edge.to]),
                        via: corners.map(projection.unproject))
            }
        }
        // An anchor with no room around it inside the outline (a door in a corner sharper than
        // the entry depth) joins its nearest placed neighbour in a straight line.
        for node in stranded {
            let nearest = placed.min { (distance(node, $0), $0) < (distance(node, $1), $1) }
            if let nearest { addEdge(node, nearest, kind: .walk, label: space.routeLabel, attributes: attributes) }
        }
    }

    /// The skeleton's linking for spaces without an outline or beyond the size bound: every
    /// anchor to the representative point, or door to door when there is none.
    private func linkThroughCenter(_ spaceAnchors: [Int], space: Space, attributes: ArcAttributes) {
        if let center = spaceAnchors.first(where: { graph.nodes[$0].kind == .room }) {
            for anchor in spaceAnchors where anchor != center {
                addEdge(anchor, center, kind: .walk, label: space.routeLabel, attributes: attributes)
            }
        } else {
            for (a, b) in zip(spaceAnchors, spaceAnchors.dropFirst()) {
                addEdge(a, b, kind: .walk, label: space.routeLabel, attributes: attributes)
            }
        }
    }

    /// How far inside the outline (metres) paths from a door or landing start.
    static let entryDepth = 0.05

    private func polylineLength(from tail: Int, via corners: [PlanarPoint], to head: Int) -> Double {
        let points = [locator.projection.project(graph.nodes[tail].coordinate)] + corners
            + [locator.projection.project(graph.nodes[head].coordinate)]
        return zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
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
