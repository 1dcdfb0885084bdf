public import VenueModel
import NavBundle

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

        /// `381/392 rooms (97.2 %)`.
        public var roomPhrase: String { Self.phrase(reachableRooms, of: rooms) }

        /// `370/392 rooms (94.4 %)` from the main entrance, when the venue marks one.
        public var mainEntrancePhrase: String? { roomsFromMainEntrance.map { Self.phrase($0, of: rooms) } }

        static func phrase(_ reached: Int, of rooms: Int) -> String {
            let share = rooms == 0 ? 100 : Double(reached) * 100 / Double(rooms)
            return "\(reached)/\(rooms) rooms (\(String(format: "%.1f", share)) %)"
        }
    }

    public private(set) var figures: [Figures] = []
    /// `place-unreachable` findings, one per place, naming the profiles that cannot reach it
    /// (`wheelchair-room-not-step-free` instead for a place tagged for wheelchairs that only
    /// walkers reach); or one `no-entrance` finding when there is nothing to start from.
    public private(set) var issues: [Issue] = []

    public init(venue: Venue, compiled: CompiledGraph) {
        let graph = compiled.graph
        let entrances = graph.nodes.indices.filter { graph.nodes[$0].kind == .entrance }
        let mainLocations = Set(venue.openings.filter(\.isMainEntrance).map(\.location))
        let mainEntrances = entrances.filter { mainLocations.contains(graph.nodes[$0].coordinate) }
        let places = Self.places(of: venue, graph: graph)
        var unreachableIn: [[String]] = Array(repeating: [], count: places.count)
        for profile in compiled.profiles {
            let search = CostSearch(graph: graph, costs: profile.costs, sources: entrances)
            var figures = Figures(profile: profile.name, rooms: 0, reachableRooms: 0, pointsOfInterest: 0,
                                  reachablePointsOfInterest: 0, componentsWithPlaces: 0, largestComponent: 0)
            for (index, place) in places.enumerated() {
                let reached = search.reaches(place.node)
                if place.isRoom {
                    figures.rooms += 1
                    if reached { figures.reachableRooms += 1 }
                } else if !place.isSpace {
                    figures.pointsOfInterest += 1
                    if reached { figures.reachablePointsOfInterest += 1 }
                }
                if !reached { unreachableIn[index].append(profile.name) }
            }
            if !mainEntrances.isEmpty {
                let fromMain = CostSearch(graph: graph, costs: profile.costs, sources: mainEntrances)
                figures.roomsFromMainEntrance = places.filter { $0.isRoom && fromMain.reaches($0.node) }.count
            }
            let pieces = Self.components(graph: graph, costs: profile.costs)
            figures.largestComponent = pieces.sizes.max() ?? 0
            figures.componentsWithPlaces = Set(places.map { pieces.root[$0.node] }).count
            self.figures.append(figures)
        }
        guard !entrances.isEmpty else {
            if !places.isEmpty {
                issues.append(Issue(code: "no-entrance", severity: .warning,
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
                issues.append(Issue(code: "wheelchair-room-not-step-free", severity: .warning,
                                    message: "\(place.noun) \(place.reference) is tagged wheelchair=\(place.wheelchairTag ?? "yes"), but a wheelchair cannot reach it from any entrance while on foot it can: the way needs steps or passes a door a wheelchair cannot use",
                                    location: place.source, levelID: place.levelID,
                                    coordinate: graph.nodes[place.node].coordinate))
                continue
            }
            let how = unreachableIn[index] == allProfiles ? "" : " " + Self.phrase(unreachableIn[index])
            issues.append(Issue(code: "place-unreachable", severity: .warning,
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
            result.append(Place(node: node, isSpace: true, isRoom: space.kind == .room, noun: space.kind.noun,
                                reference: space.reference, levelID: space.levelIDs.first, source: space.source,
                                wheelchairTag: space.accessibility.wheelchair?.rawValue))
        }
        for poi in venue.pointsOfInterest {
            guard let node = graph.placeNodes[.pointOfInterest(poi.id)] else { continue }
            result.append(Place(node: node, isSpace: false, isRoom: false, noun: "point of interest",
                                reference: "'\(poi.name)'", levelID: poi.levelID, source: poi.source))
        }
        return result
    }

    /// Union-find over the arcs a profile may use.
    static func components(graph: NavigationGraph, costs: [UInt32]) -> (root: [Int], sizes: [Int]) {
        var parent = Array(graph.nodes.indices)
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
        let root = graph.nodes.indices.map(find)
        var sizes: [Int: Int] = [:]
        for node in root { sizes[node, default: 0] += 1 }
        return (root, Array(sizes.values))
    }
}
