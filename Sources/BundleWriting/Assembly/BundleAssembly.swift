public import NavFormat
public import RoutingGraph
public import VenueModel

/// Maps the venue and its compiled graph onto the bundle's plain records, which ``BundleWriter``
/// encodes: the one place that decides what of a venue reaches a bundle, beside the writer.
public struct BundleAssembly {
    /// The records, which the bundle stage completes with the artifacts of the other stages
    /// (hierarchies, radio map, guidance texts) before writing them.
    public var contents: BundleContents
    /// Events whose place ref matches no place (validation reports them).
    public private(set) var skippedEvents: [Event] = []
    /// The place each searchable space became, for linking its outlines.
    private var placeOfSpace: [String: Int] = [:]

    /// `placeSnapDistance` is the graph stage's: how far from a point of interest its
    /// per-profile attachment may look (``PlaceAttachments``). `doorTolerance` is the graph
    /// stage's too: how far from an outline a door still opens into the space, which is also
    /// where a landmark counts as seen from inside it (``LandmarkSelection``).
    public init(venue: Venue, graph: CompiledGraph?, metadata: BundleMetadata,
                placeSnapDistance: Double = GraphParameters().placeSnapDistance,
                doorTolerance: Double = GraphParameters().doorTolerance) {
        contents = BundleContents(metadata: metadata)
        let buildingNames = Dictionary(venue.buildings.map { ($0.id, $0.displayName) }, uniquingKeysWith: { a, _ in a })
        let levelIndex = Dictionary(venue.levels.enumerated().map { ($0.element.id, $0.offset) },
                                    uniquingKeysWith: { a, _ in a })
        contents.levels = venue.levels.map { level in
            BundleContents.Level(id: level.id, name: level.name, buildingID: level.buildingID,
                                 buildingName: level.buildingID.flatMap { buildingNames[$0] }, ordinal: level.ordinal)
        }
        if let graph {
            addGraph(graph, levelIndex: levelIndex)
        }
        let attachments = graph.map { PlaceAttachments(venue: venue, compiled: $0, snapDistance: placeSnapDistance) }
        if let attachments {
            contents.pieces = attachments.pieces.map {
                BundleContents.Pieces(pieceCount: $0.sizes.count, mainPieceCount: $0.mainPieceCount, inMainPiece: $0.inMainPiece)
            }
        }
        addPlaces(venue, graph: graph?.graph, attachments: attachments, levelIndex: levelIndex, buildingNames: buildingNames)
        if let graph {
            // After the places, whose nodes and levels the landmarks of places take.
            var parameters = GraphParameters()
            parameters.doorTolerance = doorTolerance
            let selection = LandmarkSelection(venue: venue, graph: graph.graph, places: contents.places, parameters: parameters)
            contents.landmarks = selection.landmarks
            contents.landmarkPairs = selection.pairs
        }
        addOutlines(venue, levelIndex: levelIndex)
        addEvents(venue)
    }

    /// One outline per polygon of each space and level it is on, linked to its place.
    private mutating func addOutlines(_ venue: Venue, levelIndex: [String: Int]) {
        for space in venue.spaces {
            let rings = space.geometry.polygons.map { polygon in
                polygon.rings.map { ring in
                    // Stored open: the closing corner repeats the first.
                    let open = ring.count > 1 && ring.first == ring.last ? ring.dropLast() : ring[...]
                    return open.map { BundleContents.Position(latitude: $0.latitude, longitude: $0.longitude) }
                }
            }
            for level in space.levelIDs.compactMap({ levelIndex[$0] }) {
                for polygon in rings where polygon.allSatisfy({ $0.count >= 3 }) {
                    contents.outlines.append(BundleContents.Outline(
                        level: level, kind: SpaceOutlineKind(space.kind), label: space.label,
                        place: placeOfSpace[space.id], rings: polygon))
                }
            }
        }
    }

    private mutating func addGraph(_ compiled: CompiledGraph, levelIndex: [String: Int]) {
        let graph = compiled.graph
        // The graph indexes its own level list; translate to the venue's order used in the bundle.
        let levelMap = graph.levelIDs.map { levelIndex[$0] ?? 0 }
        contents.nodes = graph.nodes.map { node in
            BundleContents.Node(latitude: node.coordinate.latitude, longitude: node.coordinate.longitude,
                                level: levelMap[node.level], kind: node.kind, label: node.label)
        }
        // Only the step counts the data gives reach the bundle: an estimate times the route, but a
        // traveller is not told a number nobody counted.
        contents.arcs = graph.arcs.map { arc in
            BundleContents.Arc(tail: arc.tail, head: arc.head, length: arc.length, kind: arc.kind, label: arc.label,
                               isIndoor: arc.attributes.isIndoor,
                               via: arc.via.map { BundleContents.Position(latitude: $0.latitude, longitude: $0.longitude) },
                               stepCount: arc.attributes.stepsEstimated ? nil : arc.attributes.stepCount,
                               rise: arc.attributes.rise)
        }
        contents.profiles = compiled.profiles.map { BundleContents.Profile(name: $0.name, costs: $0.costs) }
        contents.egress = compiled.egress.map {
            BundleContents.Egress(exit: $0.exit, cost: $0.cost, firstArc: $0.firstArc, leavingArcs: $0.leavingArcs, leavingCosts: $0.leavingCosts)
        }
        contents.tours = compiled.tours.map { tour in
            BundleContents.Tour(name: tour.name, source: tour.source.feature ?? tour.id, kind: TourCategory(tour.kind), arcs: tour.arcs)
        }
    }

    private mutating func addPlaces(_ venue: Venue, graph: NavigationGraph?, attachments: PlaceAttachments?,
                                    levelIndex: [String: Int], buildingNames: [String: String]) {
        func complete(_ place: inout BundleContents.Place, key: PlaceKey, source: SourceLocation,
                      localized: [String: String], alternative: [String: String], keywords: [String]) {
            place.sourceID = source.feature
            place.aliases = Self.aliases(of: place, localized: localized, alternative: alternative, keywords: keywords)
            if let attachments {
                let nodes = attachments.nodes[key]
                place.profileNodes = contents.profiles.indices.map { nodes?[$0] }
            }
        }
        for space in venue.spaces where space.isPlace {
            let node = graph?.placeNodes[.space(space.id)]
            // The routing node stands inside the room; without a graph, the middle of its extent.
            let position = node.flatMap { graph?.nodes[$0].coordinate }
                ?? BoundingBox(covering: space.geometry.allCoordinates)?.center
            placeOfSpace[space.id] = contents.places.count
            var place = BundleContents.Place(
                kind: .room, ref: space.ref, name: space.name, category: space.category,
                buildingName: space.buildingID.flatMap { buildingNames[$0] },
                level: space.levelIDs.first.flatMap { levelIndex[$0] }, node: node,
                latitude: position?.latitude, longitude: position?.longitude, capacity: space.capacity)
            complete(&place, key: .space(space.id), source: space.source, localized: space.localizedNames,
                     alternative: space.alternativeNames, keywords: space.keywords)
            contents.places.append(place)
        }
        for poi in venue.pointsOfInterest {
            var place = BundleContents.Place(
                kind: .pointOfInterest, ref: poi.ref, name: poi.name, category: poi.category,
                description: poi.description, buildingName: poi.buildingID.flatMap { buildingNames[$0] },
                level: poi.levelID.flatMap { levelIndex[$0] }, node: graph?.placeNodes[.pointOfInterest(poi.id)],
                latitude: poi.location?.latitude, longitude: poi.location?.longitude, openingHours: poi.openingHours,
                phone: poi.contact.phone, email: poi.contact.email, website: poi.contact.website,
                geofenceRadius: poi.geofenceRadius)
            complete(&place, key: .pointOfInterest(poi.id), source: poi.source, localized: poi.localizedNames,
                     alternative: poi.alternativeNames, keywords: poi.keywords)
            contents.places.append(place)
        }
    }

    /// A place's aliases in a fixed order: names in other languages and alternative names by
    /// language code, keywords as given, then platform synonyms of a platform's ref. Each text
    /// once (ignoring case), and none that repeats the place's own ref or name.
    static func aliases(of place: BundleContents.Place, localized: [String: String], alternative: [String: String],
                        keywords: [String]) -> [BundleContents.Alias] {
        var candidates: [BundleContents.Alias] = []
        for (language, text) in localized.sorted(by: { $0.key < $1.key }) {
            candidates.append(.init(text: text, language: language.isEmpty ? nil : language, kind: .localizedName))
        }
        for (language, text) in alternative.sorted(by: { $0.key < $1.key }) {
            candidates.append(.init(text: text, language: language.isEmpty ? nil : language, kind: .alternativeName))
        }
        candidates += keywords.map { .init(text: $0, language: nil, kind: .keyword) }
        if PlatformVocabulary.applies(toCategory: place.category), let ref = place.ref {
            candidates += PlatformVocabulary.synonyms(track: ref).map { .init(text: $0.text, language: $0.language, kind: .platformSynonym) }
        }
        var seen = Set([place.ref, place.name].compactMap { $0?.lowercased() })
        return candidates.filter { alias in
            !alias.text.allSatisfy(\.isWhitespace) && seen.insert(alias.text.lowercased()).inserted
        }
    }

    private mutating func addEvents(_ venue: Venue) {
        var placeByRef: [String: Int] = [:]
        for (index, place) in contents.places.enumerated() {
            if let ref = place.ref?.lowercased(), placeByRef[ref] == nil { placeByRef[ref] = index }
        }
        for event in venue.events {
            guard let place = placeByRef[event.placeRef.lowercased()] else {
                skippedEvents.append(event)
                continue
            }
            contents.events.append(BundleContents.Event(place: place, title: event.title, description: event.description,
                                                        start: event.start, end: event.end))
        }
    }
}

extension SpaceOutlineKind {
    init(_ kind: SpaceKind) {
        switch kind {
        case .room: self = .room
        case .corridor: self = .corridor
        case .area: self = .area
        case .stairs: self = .stairs
        case .elevator: self = .elevator
        case .outdoor: self = .outdoor
        case .obstacle: self = .obstacle
        }
    }
}

extension TourCategory {
    /// The bundle's code for a venue tour kind.
    init(_ kind: TourKind) {
        switch kind {
        case .foot: self = .foot
        case .hiking: self = .hiking
        case .running: self = .running
        case .fitnessTrail: self = .fitnessTrail
        }
    }
}
