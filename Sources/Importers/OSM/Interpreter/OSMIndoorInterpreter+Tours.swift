import VenueModel

/// A route relation read as a tour, kept until buildings are settled: each vertex then takes the
/// level reference its member way would have as a path.
struct TourDraft {
    /// One member way the line runs along: where its building is looked up (its first node as
    /// drawn, as for a path) and the levels it is on.
    struct Way {
        var element: String
        var anchor: Coordinate
        var levels: OSMLevels?
    }

    /// One vertex of the line: the way it came from (an index into ``ways``) and its level.
    struct Vertex {
        var node: Int64
        var coordinate: Coordinate
        var way: Int
        /// `nil` outdoors (a way without `level`).
        var ordinal: Double?
    }

    var tour: Tour
    var ways: [Way]
    var vertices: [Vertex]
}

extension OSMIndoorInterpreter {
    /// The member roles that are the route itself; `alternative`, `excursion`, `approach`,
    /// `connection`, `platform`, `stop`, `guidepost` and the like are not walked on the way.
    static let tourRoles: Set<String> = ["", "forward", "backward", "main"]

    /// The tour kind of a walked route relation (`type=route` + `route=foot|hiking|running|fitness_trail`);
    /// `nil` for other relations, bus and bicycle routes among them.
    static func tourKind(_ tags: OSMTags) -> TourKind? {
        guard tags["type"] == "route", let route = tags["route"] else { return nil }
        return TourKind(osm: route)
    }

    /// Route relations people walk become tours: their member ways with a route role, in member
    /// order, chained end to end (``TourLine``). Ways need not be walkways: the graph stage
    /// matches the line onto the walkways. Missing members, ways that cannot be used and pieces
    /// that do not meet are reported (`tour-incomplete`); a relation without a usable way is left
    /// out.
    mutating func interpretTours() {
        for relation in dataset.relations {
            guard let kind = Self.tourKind(relation.tags) else { continue }
            let element = "relation/\(relation.id)"
            let name = relation.tags["name"] ?? relation.tags["ref"] ?? element
            markUsed(element)
            var ways: [TourDraft.Way] = []
            var pieces: [[TourDraft.Vertex]] = []
            var missing: [Int64] = []
            var unusable: [String] = []
            for member in relation.members where member.type == .way && Self.tourRoles.contains(member.role) {
                guard let way = waysByID[member.id] else {
                    missing.append(member.id)
                    continue
                }
                let wayElement = "way/\(way.id)"
                // Read quietly: a walkway's unreadable level is reported where the walkway is read.
                guard case .success(let levels) = OSMLevels.read(way.tags) else {
                    unusable.append("\(wayElement) (its level cannot be read)")
                    continue
                }
                let piece = tourVertices(of: way, levels: levels, wayIndex: ways.count)
                guard piece.count >= 2, let anchor = piece.first?.coordinate else {
                    unusable.append("\(wayElement) (fewer than two nodes with positions)")
                    continue
                }
                ways.append(TourDraft.Way(element: wayElement, anchor: anchor, levels: levels))
                pieces.append(piece)
            }
            let chained = TourLine.chain(pieces) { $0.node == $1.node }
            let tour = "\(element) (tour '\(name)')"
            guard chained.line.count >= 2 else {
                var why = missing.isEmpty ? "" : "; not in the file: \(Self.listing(missing.map { "way/\($0)" }))"
                if !unusable.isEmpty { why += "; not usable: \(Self.listing(unusable))" }
                report(.tourIncomplete,
                       "\(tour) has no member way with a line (role empty, forward, backward or main)\(why); it is left out",
                       element: element)
                continue
            }
            if !missing.isEmpty {
                let count = missing.count == 1 ? "1 member way is" : "\(missing.count) member ways are"
                report(.tourIncomplete,
                       "\(tour): \(count) not in the file (\(Self.listing(missing.map { "way/\($0)" }))); the line has gaps there",
                       element: element)
            }
            if !unusable.isEmpty {
                report(.tourIncomplete, "\(tour): member ways left out of the line: \(Self.listing(unusable))",
                       element: element)
            }
            if let first = chained.gaps.first {
                let places = chained.gaps.map { "between \(ways[$0.piece - 1].element) and \(ways[$0.piece].element)" }
                report(.tourIncomplete,
                       "\(tour): consecutive member ways do not meet end to end (\(Self.listing(places))); the pieces are kept in member order",
                       element: element, coordinate: chained.line[first.vertex].coordinate)
            }
            let coordinates = chained.line.map(\.coordinate)
            let draft = Tour(id: modelID(element), name: name, kind: kind, coordinates: coordinates,
                             levelIDs: Array(repeating: Level.outdoorID, count: coordinates.count), source: location(element))
            tourDrafts.append(TourDraft(tour: draft, ways: ways, vertices: chained.line))
        }
    }

    /// The positioned nodes of a member way with the level of each. A way on one level puts every
    /// vertex on it. A way on several (a flight, or `repeat_on`) puts each node on the one of its
    /// levels the walkways and outlines there say (``OSMWalkwayTopology``); the others take the
    /// level of the node before them (the first ones, of the first placed node), and without any
    /// placed node the way's own `level`, else its lowest level.
    private func tourVertices(of way: OSMWay, levels: OSMLevels?, wayIndex: Int) -> [TourDraft.Vertex] {
        var vertices: [TourDraft.Vertex] = []
        vertices.reserveCapacity(way.nodeIDs.count)
        for node in way.nodeIDs {
            // A node missing from the file is left out, as it is from a path.
            guard let position = dataset.positions[node] else { continue }
            vertices.append(TourDraft.Vertex(node: node, coordinate: position, way: wayIndex, ordinal: nil))
        }
        guard let levels else { return vertices }
        let ordinals = levels.ordinals
        guard ordinals.count > 1 else {
            for index in vertices.indices { vertices[index].ordinal = ordinals.first }
            return vertices
        }
        let candidates = Set(ordinals)
        let placed: [Double?] = vertices.map { vertex in
            guard let seen = topology.observedLevels[vertex.node]?.intersection(candidates), seen.count == 1 else { return nil }
            return seen.first
        }
        var current = placed.compactMap { $0 }.first ?? OSMWalkwayTopology.singleLevel(way.tags) ?? ordinals[0]
        for index in vertices.indices {
            if let known = placed[index] { current = known }
            vertices[index].ordinal = current
        }
        return vertices
    }

    /// The first five items and how many more: `way/1, way/2, and 3 more`.
    static func listing(_ items: [String]) -> String {
        let more = items.count > 5 ? ", and \(items.count - 5) more" : ""
        return items.prefix(5).joined(separator: ", ") + more
    }
}
