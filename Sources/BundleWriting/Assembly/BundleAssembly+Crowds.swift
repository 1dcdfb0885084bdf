public import NavFormat
import VenueModel

extension BundleAssembly {
    /// The walkable spaces whose crowds the access points' counts tell (docs/crowds.md): rooms,
    /// corridors, halls and outdoor areas, not stairwells, lift shafts or obstacles.
    static let crowdKinds: Set<SpaceOutlineKind> = [.room, .corridor, .area, .outdoor]

    /// Adds the crowd map (`CRWD`) from the access points' `placements`: each walkable outline on a
    /// level with an access point is served by the nearest one on its level (from the outline's
    /// centroid, in the plane; of equals the first by key), when a node of the graph on its level
    /// lies inside it (5 cm from its edges at least), so that a slow-down of its polygon always
    /// meets arcs. Nothing is added when no outline is served.
    public mutating func addCrowdMap(_ placements: [AccessPointPlacement]) {
        let sorted = placements.filter { contents.levels.indices.contains($0.level) }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        guard !sorted.isEmpty, !contents.nodes.isEmpty else { return }
        let origin = contents.nodes[0]
        let projection = LocalProjection(origin: Coordinate(latitude: origin.latitude, longitude: origin.longitude))
        func plane(_ latitude: Double, _ longitude: Double) -> PlanarPoint {
            projection.project(Coordinate(latitude: latitude, longitude: longitude))
        }
        let accessPoints = sorted.map { plane($0.latitude, $0.longitude) }
        var nodesByLevel: [Int: [(position: Coordinate, point: PlanarPoint)]] = [:]
        for node in contents.nodes {
            let position = Coordinate(latitude: node.latitude, longitude: node.longitude)
            nodesByLevel[node.level, default: []].append((position, projection.project(position)))
        }
        var areas: [BundleContents.CrowdMap.Area] = []
        for (index, outline) in contents.outlines.enumerated() where Self.crowdKinds.contains(outline.kind) {
            guard let exterior = outline.rings.first, exterior.count >= 3 else { continue }
            let corners = exterior.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
            let rings = outline.rings.map { $0.map { plane($0.latitude, $0.longitude) } }
            let candidates = sorted.indices.filter { sorted[$0].level == outline.level }
            // A node well inside, not on the outline, where a reader's polygon test could fall either way.
            guard !candidates.isEmpty, (nodesByLevel[outline.level] ?? []).contains(where: { node in
                Polygon.ring(corners, contains: node.position) && PlanarRing.distance(from: node.point, to: rings[0]) > Self.boundaryMargin
            }) else { continue }
            let squareMetres = abs(PlanarRing.signedArea(rings[0])) - rings.dropFirst().map { abs(PlanarRing.signedArea($0)) }.reduce(0, +)
            guard squareMetres >= 0.01 else { continue }
            let centre = PlanarRing.centroid(rings[0])
            let nearest = candidates.min { a, b in
                (accessPoints[a].distance(to: centre), a) < (accessPoints[b].distance(to: centre), b)
            }!
            let decimetres = UInt32(min((squareMetres * 100).rounded(), Double(UInt32.max)))
            areas.append(BundleContents.CrowdMap.Area(outline: index, accessPoint: nearest, squareDecimetres: decimetres))
        }
        guard !areas.isEmpty else { return }
        // Only the access points that serve an area, still in key order: a reader refuses one
        // that serves nothing, whose density would divide by zero.
        let serving = Set(areas.map(\.accessPoint)).sorted()
        let renumbered = Dictionary(uniqueKeysWithValues: serving.enumerated().map { ($0.element, $0.offset) })
        for index in areas.indices { areas[index].accessPoint = renumbered[areas[index].accessPoint]! }
        contents.crowdMap = BundleContents.CrowdMap(
            accessPoints: serving.map { index in
                let placement = sorted[index]
                return BundleContents.CrowdMap.AccessPoint(key: placement.key, level: placement.level,
                                                           latitude: placement.latitude, longitude: placement.longitude)
            },
            areas: areas)
    }

    /// How far inside its outline a node must lie for the outline's slow-down to be sure to meet it.
    static let boundaryMargin = 0.05
}
