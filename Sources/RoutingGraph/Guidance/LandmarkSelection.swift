public import NavFormat
public import VenueModel

/// The landmarks of a venue and, for every decision point, the few most salient ones a walker
/// standing there sees (`GLMK`; `docs/guidance.md`, "Landmarks").
///
/// Chosen at compile time so that every runtime names the same landmark from the same bytes.
/// Node and arc indexes are the graph's, which the bundle keeps; levels are the venue's, which
/// is the bundle's `LEVL` order. The result depends only on its inputs, in a fixed order.
public struct LandmarkSelection: Sendable {
    /// Sorted by level, latitude, longitude, kind and name bytes.
    public private(set) var landmarks: [BundleContents.Landmark] = []
    /// Sorted by key (nodes in order, then corners by arc and corner), salience descending, landmark.
    public private(set) var pairs: [BundleContents.LandmarkPair] = []

    /// How far (metres) a landmark may be from a decision point on a level inside a building.
    public static let indoorRadius = 15.0
    /// How far (metres) outdoors, where nothing blocks the view in the data.
    public static let outdoorRadius = 25.0
    /// The most salient landmarks kept per decision point (besides a place's own attachment).
    public static let perKey = 4

    /// `places` are the bundle's, in `PLAC` order, with their nodes and levels set.
    public init(venue: Venue, graph: NavigationGraph, places: [BundleContents.Place],
                parameters: GraphParameters = GraphParameters()) {
        let projection = LocalProjection(origin: venue.boundingBox?.center ?? Coordinate(latitude: 0, longitude: 0))
        let levelIndex = Dictionary(venue.levels.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        // As the bundle stage maps them: a node on a level the venue lacks is filed on the first.
        let nodeLevel = graph.nodes.map { levelIndex[graph.levelIDs[$0.level]] ?? 0 }
        let sight = LineOfSight(venue: venue, projection: projection, levelIndex: levelIndex,
                                tolerance: parameters.doorTolerance)

        var found = Self.candidates(venue: venue, graph: graph, places: places, nodeLevel: nodeLevel,
                                    levelIndex: levelIndex)
        found.sort(by: Candidate.precedes)
        landmarks = found.map(\.landmark)
        let points = found.map { projection.project($0.coordinate) }

        // Landmarks by level and 25 m cell, to find those near a decision point.
        let cellSize = Self.outdoorRadius
        var cells: [Cell: [Int]] = [:]
        // A position that is no number (never in validated data) would have no cell: left unseen.
        for (index, point) in points.enumerated() where point.x.isFinite && point.y.isFinite {
            cells[Cell(level: found[index].landmark.level, point: point, size: cellSize), default: []].append(index)
        }
        var attachedAt: [Int: [Int]] = [:]
        for (index, candidate) in found.enumerated() {
            for node in candidate.attachments { attachedAt[node, default: []].append(index) }
        }
        var landmarkSight: [Int: [LineOfSight.Placement]] = [:]

        func choose(key: BundleContents.DecisionPoint, at coordinate: Coordinate, level: Int, node: Int?) {
            let point = projection.project(coordinate)
            guard point.x.isFinite, point.y.isFinite else { return }
            let indoor = venue.levels.indices.contains(level) && venue.levels[level].buildingID != nil
            let radius = indoor ? Self.indoorRadius : Self.outdoorRadius
            let keySight = indoor ? sight.placements(of: point, level: level) : []
            var scored: [(salience: UInt8, landmark: Int)] = []
            let centre = Cell(level: level, point: point, size: cellSize)
            for dx in -1...1 {
                for dy in -1...1 {
                    for index in cells[Cell(level: level, x: centre.x + dx, y: centre.y + dy)] ?? [] {
                        let metres = point.distance(to: points[index])
                        guard metres <= radius else { continue }
                        if indoor {
                            let seen: [LineOfSight.Placement]
                            if let known = landmarkSight[index] {
                                seen = known
                            } else {
                                seen = sight.placements(of: points[index], level: level)
                                landmarkSight[index] = seen
                            }
                            guard sight.sees(keySight, seen, level: level) else { continue }
                        }
                        let landmark = found[index].landmark
                        scored.append((BundleFormat.landmarkSalience(naming: landmark.naming, kindRank: landmark.kind.rank,
                                                                     distanceMetres: metres), index))
                    }
                }
            }
            scored.sort { ($0.salience, $1.landmark) > ($1.salience, $0.landmark) }
            var kept = Array(scored.prefix(Self.perKey))
            // A place is always paired with the node a route to it ends at, however far: the
            // arrival names it even when its point lies deep in a room or across a platform.
            for index in node.flatMap({ attachedAt[$0] }) ?? [] where !kept.contains(where: { $0.landmark == index }) {
                let metres = point.distance(to: points[index])
                let landmark = found[index].landmark
                kept.append((BundleFormat.landmarkSalience(naming: landmark.naming, kindRank: landmark.kind.rank,
                                                           distanceMetres: metres), index))
            }
            kept.sort { ($0.salience, $1.landmark) > ($1.salience, $0.landmark) }
            pairs += kept.map { BundleContents.LandmarkPair(key: key, landmark: $0.landmark, salience: $0.salience) }
        }

        var outDegree = [Int](repeating: 0, count: graph.nodes.count)
        for arc in graph.arcs { outDegree[arc.tail] += 1 }
        for (index, node) in graph.nodes.enumerated()
        where outDegree[index] >= 3 || node.kind != .junction || attachedAt[index] != nil {
            choose(key: .node(index), at: node.coordinate, level: nodeLevel[index], node: index)
        }
        for (arcIndex, arc) in graph.arcs.enumerated() where nodeLevel[arc.tail] == nodeLevel[arc.head] {
            for (corner, coordinate) in arc.via.enumerated() {
                choose(key: .corner(arc: arcIndex, corner: corner), at: coordinate, level: nodeLevel[arc.tail], node: nil)
            }
        }
    }
}

extension LandmarkSelection {
    /// A landmark before sorting, with what choosing needs besides its record.
    struct Candidate {
        var landmark: BundleContents.Landmark
        var coordinate: Coordinate
        /// The nodes a route to the place ends at (its `PLAC` and `ATCH` nodes).
        var attachments: [Int]
        /// Position in the order candidates were found, the last tie-break.
        var serial: Int

        /// The landmark order: level, stored latitude and longitude, kind, name bytes; two
        /// landmarks alike in all of these keep the order they were found in.
        static func precedes(_ a: Candidate, _ b: Candidate) -> Bool {
            let left = a.landmark, right = b.landmark
            let leftPoint = (BundleFormat.fixedPoint(left.position.latitude), BundleFormat.fixedPoint(left.position.longitude))
            let rightPoint = (BundleFormat.fixedPoint(right.position.latitude), BundleFormat.fixedPoint(right.position.longitude))
            if left.level != right.level { return left.level < right.level }
            if leftPoint != rightPoint { return leftPoint < rightPoint }
            if left.kind != right.kind { return left.kind.rawValue < right.kind.rawValue }
            let leftName = Array((left.name ?? "").utf8), rightName = Array((right.name ?? "").utf8)
            if leftName != rightName { return leftName.lexicographicallyPrecedes(rightName) }
            return a.serial < b.serial
        }
    }

    /// A grid cell of one level.
    struct Cell: Hashable {
        var level: Int
        var x: Int
        var y: Int

        init(level: Int, x: Int, y: Int) {
            self.level = level
            self.x = x
            self.y = y
        }

        init(level: Int, point: PlanarPoint, size: Double) {
            self.init(level: level, x: Int((point.x / size).rounded(.down)), y: Int((point.y / size).rounded(.down)))
        }
    }

    /// Every place with a position, every door and entrance, every connector landing.
    static func candidates(venue: Venue, graph: NavigationGraph, places: [BundleContents.Place], nodeLevel: [Int],
                           levelIndex: [String: Int]) -> [Candidate] {
        var result: [Candidate] = []
        func add(_ landmark: BundleContents.Landmark, _ coordinate: Coordinate, attachments: [Int] = []) {
            result.append(Candidate(landmark: landmark, coordinate: coordinate, attachments: attachments, serial: result.count))
        }
        for (index, place) in places.enumerated() {
            guard let latitude = place.latitude, let longitude = place.longitude, let level = place.level else { continue }
            let kind = LandmarkKind(category: place.category, isRoom: place.kind == .room)
            var name = place.name ?? place.ref
            var naming: LandmarkNaming = place.name != nil ? .named : place.ref != nil ? .refOnly : .unnamed
            // A track's place the importer named in English ("Platform 8a") has only its ref in the
            // data: kept as the ref, each language says its own word for it ("Gleis 8a", "voie 8a").
            if kind == .platform, let ref = place.ref, place.name == PlatformVocabulary.displayName(track: ref) {
                name = ref
                naming = .refOnly
            }
            let attachments = Set(([place.node] + place.profileNodes).compactMap { $0 }).sorted()
            add(BundleContents.Landmark(name: name, place: index,
                                        position: BundleContents.Position(latitude: latitude, longitude: longitude),
                                        level: level, kind: kind, naming: naming),
                Coordinate(latitude: latitude, longitude: longitude), attachments: attachments)
        }
        // Doors carry only a label in the graph (name, else ref); the opening says which it is.
        var openings: [OpeningKey: Opening] = [:]
        for opening in venue.openings {
            for levelID in opening.levelIDs {
                guard let level = levelIndex[levelID] else { continue }
                let key = OpeningKey(level: level, coordinate: opening.location)
                if openings[key] == nil { openings[key] = opening }
            }
        }
        var connectorArcKind: [Int: ArcKind] = [:]
        for arc in graph.arcs where [.elevator, .stairs, .escalator, .ramp].contains(arc.kind) {
            for end in [arc.tail, arc.head] where connectorArcKind[end] == nil { connectorArcKind[end] = arc.kind }
        }
        for (index, node) in graph.nodes.enumerated() {
            let position = BundleContents.Position(latitude: node.coordinate.latitude, longitude: node.coordinate.longitude)
            switch node.kind {
            case .door, .entrance:
                let opening = openings[OpeningKey(level: nodeLevel[index], coordinate: node.coordinate)]
                let name = opening.map { $0.name ?? $0.ref } ?? node.label
                let naming: LandmarkNaming = opening.map { $0.name != nil ? .named : $0.ref != nil ? .refOnly : .unnamed }
                    ?? (node.label != nil ? .named : .unnamed)
                add(BundleContents.Landmark(name: name, place: nil, position: position, level: nodeLevel[index],
                                            kind: node.kind == .entrance ? .entrance : .door, naming: naming),
                    node.coordinate)
            case .connectorLanding:
                // A connector's label falls back to its kind ("stairs"): that is no name.
                let unnamed = node.label.map { ConnectorKind(rawValue: $0) != nil } ?? true
                let kind: LandmarkKind
                switch connectorArcKind[index] ?? node.label.flatMap(ConnectorKind.init(rawValue:)).map(ArcKind.init) {
                case .elevator?: kind = .lift
                case .escalator?: kind = .escalator
                case .ramp?: kind = .ramp
                default: kind = .stairs
                }
                add(BundleContents.Landmark(name: unnamed ? nil : node.label, place: nil, position: position,
                                            level: nodeLevel[index], kind: kind, naming: unnamed ? .unnamed : .named),
                    node.coordinate)
            case .junction, .room, .pointOfInterest:
                continue
            }
        }
        return result
    }

    /// An opening found by where it stands, as the graph placed its node.
    struct OpeningKey: Hashable {
        var level: Int
        var latitude: Int32
        var longitude: Int32

        init(level: Int, coordinate: Coordinate) {
            self.level = level
            latitude = BundleFormat.fixedPoint(coordinate.latitude)
            longitude = BundleFormat.fixedPoint(coordinate.longitude)
        }
    }
}

extension ArcKind {
    /// The arc kind a connector of this kind is walked as.
    init(_ connector: ConnectorKind) {
        switch connector {
        case .stairs: self = .stairs
        case .elevator: self = .elevator
        case .escalator: self = .escalator
        case .ramp: self = .ramp
        }
    }
}
