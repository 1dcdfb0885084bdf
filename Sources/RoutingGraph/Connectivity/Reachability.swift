import Foundation
import NavFormat
public import VenueModel

/// Which rooms and points of interest each profile can reach from the venue's entrances, and how
/// the graph falls apart into connected pieces per profile.
public struct Reachability: Sendable {
    /// Figures for one profile.
    public struct Figures: Hashable, Sendable {
        public var profile: String
        public var rooms: Int
        public var reachableRooms: Int
        public var pointsOfInterest: Int
        public var reachablePointsOfInterest: Int
        /// Connected pieces of the graph (arcs this profile may use, either direction) holding a place.
        public var componentsWithPlaces: Int
        /// Nodes in the largest piece.
        public var largestComponent: Int
        /// Rooms reachable from the main entrances alone; `nil` when the venue marks none.
        public var roomsFromMainEntrance: Int?
        /// Rooms and points of interest reached only from entrances on islands (entrances whose
        /// piece of the graph is no main piece), which the counts above leave out.
        public var roomsOnlyOnIslands = 0
        public var pointsOfInterestOnlyOnIslands = 0

        /// `381/392 rooms (97.2 %)`; in a venue without rooms (a station's walkways), its points
        /// of interest: `30/41 places (73.2 %)`; `no places` when it has neither. Places reached
        /// only from an island entrance are added: `13/14 rooms (92.9 %; 1 only on an island)`.
        public var roomPhrase: String {
            if rooms > 0 { return Self.phrase(reachableRooms, of: rooms, noun: "rooms", islands: roomsOnlyOnIslands) }
            if pointsOfInterest > 0 {
                return Self.phrase(reachablePointsOfInterest, of: pointsOfInterest, noun: "places",
                                   islands: pointsOfInterestOnlyOnIslands)
            }
            return "no places"
        }

        /// `370/392 rooms (94.4 %)` from the main entrance, when the venue marks one and has rooms.
        public var mainEntrancePhrase: String? {
            guard rooms > 0 else { return nil }
            return roomsFromMainEntrance.map { Self.phrase($0, of: rooms, noun: "rooms") }
        }

        static func phrase(_ reached: Int, of count: Int, noun: String, islands: Int = 0) -> String {
            let share = String(format: "%.1f", Double(reached) * 100 / Double(count))
            let alone = islands == 0 ? "" : "; \(islands) only on \(islands == 1 ? "an island" : "islands")"
            return "\(reached)/\(count) \(noun) (\(share) %\(alone))"
        }
    }

    public private(set) var figures: [Figures] = []
    /// `place-unreachable` findings, one per place, naming the profiles that cannot reach it
    /// (`wheelchair-room-not-step-free` instead for a place tagged for wheelchairs that only
    /// walkers reach); or one `no-entrance` finding when there is nothing to start from.
    public private(set) var issues: [Issue] = []

    /// Reachability as routes see it, from the entrances in each profile's main pieces: a room or
    /// other space at its own node (a room cut off by a door the profile cannot pass is not
    /// reached, though a route may end beside it), a point of interest at the node it attaches
    /// to per profile (``PlaceAttachments``, up to `snapDistance` metres away: its position is
    /// approximate, and a park reached on its paved edge is reached).
    public init(venue: Venue, compiled: CompiledGraph, snapDistance: Double = GraphParameters().placeSnapDistance) {
        let graph = compiled.graph
        guard !graph.arcs.isEmpty else {
            issues.append(Issue(code: .emptyGraph,
                                message: "the navigation graph is empty (\(graph.nodes.count) nodes, no arcs): no space, door, walkway or connector could be linked, so nothing can be routed; check that the inputs carry walkways or spaces with doors, and that their levels resolve",
                                location: nil))
            return
        }
        let entrances = graph.nodes.indices.filter { graph.nodes[$0].kind == .entrance }
        let mainLocations = Set(venue.openings.filter(\.isMainEntrance).map(\.location))
        let mainEntrances = entrances.filter { mainLocations.contains(graph.nodes[$0].coordinate) }
        let places = Self.places(of: venue, graph: graph)
        let attachments = PlaceAttachments(venue: venue, compiled: compiled, snapDistance: snapDistance)
        // Each profile searches the whole graph and reads no other's results: on every core, the
        // figures and the places each misses joined in profile order afterwards.
        let perProfile = ParallelWork.map(count: compiled.profiles.count, workers: ProcessInfo.processInfo.activeProcessorCount,
                                          chunk: 1) { profileIndex, _ -> (Figures, [Bool]) in
            let profile = compiled.profiles[profileIndex]
            // Entrances on islands lead nowhere (docs/endpoints.md#attachment): what only they
            // reach is counted apart, not as reachable.
            let main = attachments.pieces[profileIndex]
            func node(_ place: Place) -> Int {
                place.isSpace ? place.node : attachments.nodes[place.key]?[profileIndex] ?? place.node
            }
            let mainEntrancesOfProfile = entrances.filter(main.isMain)
            let islandEntrances = entrances.filter { !main.isMain($0) }
            let search = CostSearch(graph: graph, costs: profile.costs, sources: mainEntrancesOfProfile)
            let islands = islandEntrances.isEmpty ? nil : CostSearch(graph: graph, costs: profile.costs, sources: islandEntrances)
            var figures = Figures(profile: profile.name, rooms: 0, reachableRooms: 0, pointsOfInterest: 0,
                                  reachablePointsOfInterest: 0, componentsWithPlaces: 0, largestComponent: 0)
            var missed = [Bool](repeating: false, count: places.count)
            for (index, place) in places.enumerated() {
                let reached = search.reaches(node(place))
                let onIsland = !reached && islands?.reaches(node(place)) == true
                if place.isRoom {
                    figures.rooms += 1
                    if reached { figures.reachableRooms += 1 }
                    if onIsland { figures.roomsOnlyOnIslands += 1 }
                } else if !place.isSpace {
                    figures.pointsOfInterest += 1
                    if reached { figures.reachablePointsOfInterest += 1 }
                    if onIsland { figures.pointsOfInterestOnlyOnIslands += 1 }
                }
                missed[index] = !reached
            }
            let mainEntrancesInMainPieces = mainEntrances.filter(main.isMain)
            if !mainEntrances.isEmpty {
                let fromMain = CostSearch(graph: graph, costs: profile.costs, sources: mainEntrancesInMainPieces)
                figures.roomsFromMainEntrance = places.filter { $0.isRoom && fromMain.reaches(node($0)) }.count
            }
            let pieces = Self.components(graph: graph, costs: profile.costs)
            figures.largestComponent = pieces.sizes.max() ?? 0
            figures.componentsWithPlaces = Set(places.map { pieces.root[$0.node] }).count
            return (figures, missed)
        }
        var unreachableIn: [[String]] = Array(repeating: [], count: places.count)
        for (figures, missed) in perProfile {
            self.figures.append(figures)
            for index in places.indices where missed[index] { unreachableIn[index].append(figures.profile) }
        }
        if places.count > 1, Self.noTwoPlacesMeet(places, graph: graph, compiled: compiled, entrances: entrances) {
            issues.append(Issue(code: .noPlaceReachable,
                                message: "none of the \(places.count) places can be reached from an entrance or from another place by any profile: each stands alone in the graph",
                                location: nil))
            return
        }
        guard !entrances.isEmpty else {
            if !places.isEmpty {
                issues.append(Issue(code: .noEntrance,
                                    message: "the venue has no entrance on the graph, so no place is reachable from outside; tag entrances (OSM entrance=*, IMDF opening category pedestrian.principal)",
                                    location: nil))
            }
            return
        }
        let allProfiles = compiled.profiles.map(\.name)
        for (index, place) in places.enumerated() where !unreachableIn[index].isEmpty {
            let missing = unreachableIn[index]
            if place.claimsWheelchairAccess, missing.contains("wheelchair"), !missing.contains("foot"),
               allProfiles.contains("foot") {
                issues.append(Issue(code: .wheelchairRoomNotStepFree,
                                    message: "\(place.noun) \(place.reference) is tagged wheelchair=\(place.wheelchairTag ?? "yes"), but a wheelchair cannot reach it from any entrance while on foot it can: the way needs steps or passes a door a wheelchair cannot use",
                                    location: place.source, levelID: place.levelID,
                                    coordinate: graph.nodes[place.node].coordinate))
                continue
            }
            let how = unreachableIn[index] == allProfiles ? "" : " " + Self.phrase(unreachableIn[index])
            issues.append(Issue(code: .placeUnreachable,
                                message: "\(place.noun) \(place.reference) is not reachable\(how) from any entrance",
                                location: place.source, levelID: place.levelID,
                                coordinate: graph.nodes[place.node].coordinate))
        }
    }

    /// `step-free or in a wheelchair`.
    static func phrase(_ profiles: [String]) -> String {
        let words = profiles.map { name in
            switch name {
            case "foot": return "on foot"
            case "wheelchair": return "in a wheelchair"
            case "step-free": return "step-free"
            case "night": return "at night"
            default: return "with profile \(name)"
            }
        }
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    }

    struct Place {
        var key: PlaceKey
        /// The node the graph gives it (``NavigationGraph/placeNodes``).
        var node: Int
        var isSpace: Bool
        var isRoom: Bool
        var noun: String
        var reference: String
        var levelID: String?
        var source: SourceLocation
        /// The source says a wheelchair can use it (`wheelchair=yes` or `designated`).
        var claimsWheelchairAccess: Bool { wheelchairTag == "yes" || wheelchairTag == "designated" }
        var wheelchairTag: String?
    }

    /// Every place on the graph, in venue order (spaces, then points of interest).
    static func places(of venue: Venue, graph: NavigationGraph) -> [Place] {
        var result: [Place] = []
        for space in venue.spaces {
            guard let node = graph.placeNodes[.space(space.id)] else { continue }
            result.append(Place(key: .space(space.id), node: node, isSpace: true, isRoom: space.kind == .room, noun: space.kind.noun,
                                reference: space.reference, levelID: space.levelIDs.first, source: space.source,
                                wheelchairTag: space.accessibility.wheelchair?.rawValue))
        }
        for poi in venue.pointsOfInterest {
            guard let node = graph.placeNodes[.pointOfInterest(poi.id)] else { continue }
            result.append(Place(key: .pointOfInterest(poi.id), node: node, isSpace: false, isRoom: false, noun: "point of interest",
                                reference: "'\(poi.name)'", levelID: poi.levelID, source: poi.source))
        }
        return result
    }

    /// Whether, for every profile, no place shares a piece of the graph with an entrance or with
    /// another place: then no route can be given at all.
    static func noTwoPlacesMeet(_ places: [Place], graph: NavigationGraph, compiled: CompiledGraph,
                                entrances: [Int]) -> Bool {
        compiled.profiles.allSatisfy { profile in
            let pieces = components(graph: graph, costs: profile.costs)
            let entrancePieces = Set(entrances.map { pieces.root[$0] })
            var seen = Set<Int>()
            for place in places {
                let piece = pieces.root[place.node]
                if entrancePieces.contains(piece) || !seen.insert(piece).inserted { return false }
            }
            return true
        }
    }

    /// Union-find over the arcs a profile may use.
    static func components(graph: NavigationGraph, costs: [UInt32]) -> (root: [Int], sizes: [Int]) {
        var parent = Array(graph.nodes.indices)
        // Through a buffer: a nested function capturing the array paid a checked access per step.
        let root = parent.withUnsafeMutableBufferPointer { parent in
            func find(_ node: Int) -> Int {
                var node = node
                while parent[node] != node {
                    parent[node] = parent[parent[node]]
                    node = parent[node]
                }
                return node
            }
            for index in graph.arcs.indices where costs[index] != BundleFormat.impassable {
                let a = find(graph.arcs[index].tail), b = find(graph.arcs[index].head)
                if a != b { parent[max(a, b)] = min(a, b) }
            }
            return graph.nodes.indices.map(find)
        }
        var sizes: [Int: Int] = [:]
        for node in root { sizes[node, default: 0] += 1 }
        return (root, Array(sizes.values))
    }
}
