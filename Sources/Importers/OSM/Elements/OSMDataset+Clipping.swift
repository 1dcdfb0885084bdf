import VenueModel

extension OSMDataset {
    /// Keeps only what lies in `area`, so a station or campus can be built from a city extract;
    /// ``clipping`` then says what was left out. Errors name the file and the area element: an
    /// area the file does not have, or one that encloses no area, is the caller's
    /// ``ImportError/invalidOption(_:at:)``; rings the file cannot complete are its
    /// ``ImportError/invalidInput(_:at:)``.
    ///
    /// - A node is kept when it lies inside.
    /// - A way is kept whole, with every node, when one of its nodes lies inside; a closed way
    ///   also when it covers part of the area without a corner in it (a building around it all).
    /// - A relation is kept when a member node lies inside or a member way or relation is kept; a
    ///   multipolygon or boundary also when its rings cover part of the area, and a kept one keeps
    ///   all its member ways, since an outline needs every ring.
    /// - The area's own way or relation is kept.
    ///
    /// Runs after reading and before interpretation, so XML and PBF clip alike.
    public mutating func clip(to area: OSMClipArea, file: String) throws(ImportError) {
        finish()
        let region = try clipRegion(area, file: file)
        var summary = OSMClipSummary(area: area)

        let coordinates = positions.coordinates
        var inside = [Bool](repeating: false, count: coordinates.count)
        for index in coordinates.indices where region.contains(coordinates[index]) { inside[index] = true }

        var keepWay = [Bool](repeating: false, count: ways.count)
        for (index, way) in ways.enumerated() {
            keepWay[index] = wayIsInside(way, region: region, inside: inside)
        }
        if case .way(let id) = area, let index = Self.index(of: id, in: ways) { keepWay[index] = true }

        var keepRelation = [Bool](repeating: false, count: relations.count)
        for (index, relation) in relations.enumerated() {
            keepRelation[index] = relationIsInside(relation, region: region, inside: inside, keepWay: keepWay)
        }
        if case .relation(let id) = area, let index = Self.index(of: id, in: relations) { keepRelation[index] = true }
        // A relation with a kept relation among its members is kept too, up through every parent.
        var changed = true
        while changed {
            changed = false
            for (index, relation) in relations.enumerated() where !keepRelation[index] {
                let keptChild = relation.members.contains { member in
                    member.type == .relation && Self.index(of: member.id, in: relations).map { keepRelation[$0] } == true
                }
                if keptChild {
                    keepRelation[index] = true
                    changed = true
                }
            }
        }
        for (index, relation) in relations.enumerated() where keepRelation[index] && Self.enclosesArea(relation) {
            for member in relation.members where member.type == .way {
                if let way = Self.index(of: member.id, in: ways) { keepWay[way] = true }
            }
        }

        var keepPosition = inside
        for (index, way) in ways.enumerated() where keepWay[index] {
            for id in way.nodeIDs {
                if let position = positions.index(of: id) { keepPosition[position] = true }
            }
        }
        let keepTagged = taggedNodes.map { node in positions.index(of: node.id).map { keepPosition[$0] } ?? false }
        let keptDuplicates = duplicateNodes.filter { id in positions.index(of: id).map { keepPosition[$0] } ?? false }

        summary.keptNodes = keepPosition.lazy.filter { $0 }.count
        summary.keptWays = keepWay.lazy.filter { $0 }.count
        summary.keptRelations = keepRelation.lazy.filter { $0 }.count
        summary.leftOutNodes = positions.count - summary.keptNodes
        summary.leftOutWays = ways.count - summary.keptWays
        summary.leftOutRelations = relations.count - summary.keptRelations

        positions.keep(keepPosition)
        taggedNodes = zip(taggedNodes, keepTagged).filter(\.1).map(\.0)
        ways = zip(ways, keepWay).filter(\.1).map(\.0)
        relations = zip(relations, keepRelation).filter(\.1).map(\.0)
        duplicateNodes = keptDuplicates
        clipping = summary
    }

    private func wayIsInside(_ way: OSMWay, region: OSMClipRegion, inside: [Bool]) -> Bool {
        var bounds = OSMClipRegion.Bounds()
        for id in way.nodeIDs {
            guard let index = positions.index(of: id) else { continue }
            if inside[index] { return true }
            bounds.add(OSMClipRegion.Point(positions.coordinates[index]))
        }
        guard way.nodeIDs.count >= 4, way.nodeIDs.first == way.nodeIDs.last, bounds.overlaps(region.bounds) else { return false }
        return region.isCovered(by: [way.nodeIDs.compactMap { positions[$0] }])
    }

    private func relationIsInside(_ relation: OSMRelation, region: OSMClipRegion, inside: [Bool], keepWay: [Bool]) -> Bool {
        for member in relation.members {
            switch member.type {
            case .node:
                if let index = positions.index(of: member.id), inside[index] { return true }
            case .way:
                if let index = Self.index(of: member.id, in: ways), keepWay[index] { return true }
            case .relation:
                break
            }
        }
        guard Self.enclosesArea(relation) else { return false }
        // Joining rings costs more than looking at their extent: most multipolygons of a city
        // lie nowhere near the area.
        var bounds = OSMClipRegion.Bounds()
        for member in relation.members where member.type == .way {
            guard let way = Self.index(of: member.id, in: ways) else { continue }
            for id in ways[way].nodeIDs {
                if let position = positions[id] { bounds.add(OSMClipRegion.Point(position)) }
            }
        }
        guard bounds.overlaps(region.bounds), let rings = try? rings(of: relation, file: "", strict: false) else { return false }
        return region.isCovered(by: rings)
    }

    /// Multipolygons and boundaries enclose an area; other relations only group members.
    static func enclosesArea(_ relation: OSMRelation) -> Bool {
        relation.tags["type"] == "multipolygon" || relation.tags["type"] == "boundary"
    }

    /// The region an area names.
    ///
    /// An area the file does not have, or one that encloses none (a bad box, an open way, a
    /// relation of another type), is the caller's mistake; an area whose rings the file cannot
    /// complete is the data's, reported by ``rings(of:file:strict:)``.
    private func clipRegion(_ area: OSMClipArea, file: String) throws(ImportError) -> OSMClipRegion {
        let location = SourceLocation(file: file, feature: area.description)
        switch area {
        case .box(let south, let west, let north, let east):
            if let problem = OSMClipArea.boxProblem(south: south, west: west, north: north, east: east) {
                throw .invalidOption("within \(area): \(problem)", at: location)
            }
            return .box(south: south, west: west, north: north, east: east)
        case .way(let id):
            guard let index = Self.index(of: id, in: ways) else {
                throw .invalidOption("within way/\(id): the file has no way/\(id)", at: location)
            }
            let way = ways[index]
            guard way.nodeIDs.count >= 4, way.nodeIDs.first == way.nodeIDs.last else {
                throw .invalidOption("within way/\(id): way/\(id) is not closed, so it encloses no area", at: location)
            }
            return OSMClipRegion(rings: [try ringCoordinates(way.nodeIDs, area: area, location: location)])
        case .relation(let id):
            guard let index = Self.index(of: id, in: relations) else {
                throw .invalidOption("within relation/\(id): the file has no relation/\(id)", at: location)
            }
            let relation = relations[index]
            guard Self.enclosesArea(relation) else {
                let type = relation.tags["type"].map { "a type=\($0)" } ?? "an untyped"
                throw .invalidOption("within relation/\(id): relation/\(id) is \(type) relation; only multipolygon and boundary relations enclose an area",
                                     at: location)
            }
            return OSMClipRegion(rings: try rings(of: relation, file: file, strict: true))
        }
    }

    /// A multipolygon's rings in degrees: member ways (role `outer`, `inner` or none) joined end
    /// to end. Strict, for the area itself: a missing way or node is an error; otherwise
    /// whatever is missing is left out. Rings that do not close are an error either way (which
    /// callers testing other relations ignore).
    private func rings(of relation: OSMRelation, file: String, strict: Bool) throws(ImportError) -> [[Coordinate]] {
        let area = OSMClipArea.relation(relation.id)
        let location = SourceLocation(file: file, feature: area.description)
        var outers: [[Int64]] = []
        var inners: [[Int64]] = []
        for member in relation.members where member.type == .way && ["outer", "inner", ""].contains(member.role) {
            guard let index = Self.index(of: member.id, in: ways) else {
                if strict { throw .invalidInput("within \(area): its member way/\(member.id) is not in the file", at: location) }
                continue
            }
            if member.role == "inner" { inners.append(ways[index].nodeIDs) } else { outers.append(ways[index].nodeIDs) }
        }
        guard let outerRings = OSMIndoorInterpreter.joinRings(outers), let innerRings = OSMIndoorInterpreter.joinRings(inners),
              !outerRings.isEmpty else {
            throw .invalidInput("within \(area): its member ways do not join into closed rings", at: location)
        }
        var rings: [[Coordinate]] = []
        for ring in outerRings + innerRings {
            if strict {
                rings.append(try ringCoordinates(ring, area: area, location: location))
            } else {
                rings.append(ring.compactMap { positions[$0] })
            }
        }
        return rings
    }

    private func ringCoordinates(_ ids: [Int64], area: OSMClipArea, location: SourceLocation) throws(ImportError) -> [Coordinate] {
        var ring: [Coordinate] = []
        ring.reserveCapacity(ids.count)
        for id in ids {
            guard let position = positions[id] else {
                throw .invalidInput("within \(area): its node/\(id) is not in the file, so the area is unknown", at: location)
            }
            ring.append(position)
        }
        return ring
    }

    /// The index of the first element with this id in an id-sorted list.
    static func index<Element: OSMIdentified>(of id: Int64, in elements: [Element]) -> Int? {
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            if elements[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < elements.count && elements[low].id == id ? low : nil
    }
}

/// Elements with an id, for lookups in id-sorted lists.
protocol OSMIdentified {
    var id: Int64 { get }
}

extension OSMWay: OSMIdentified {}
extension OSMRelation: OSMIdentified {}
