import VenueModel

extension IMDFInterpreter {
    /// Where a relationship's end is: the level and position of the unit or opening it names.
    struct Endpoint {
        var levelID: String
        var point: Coordinate
    }

    /// Relationships say which units or openings connect levels (elevator, stairs, escalator,
    /// ramp, movingwalkway) and where paths run (traversal), with a direction and hours.
    mutating func readRelationship(_ feature: IMDFFeature) {
        hasRelationships = true
        let category = feature.string("category") ?? ""
        let kind: ConnectorKind? = switch category {
        case "elevator": .elevator
        case "stairs": .stairs
        case "escalator": .escalator
        case "ramp", "movingwalkway": .ramp
        default: nil
        }
        guard let kind else {
            if category == "traversal" || category == "traversal.path" { readTraversal(feature) } else {
                report(.unknownCategory, "relationship category '\(category)' is not understood; left out", at: feature.location)
            }
            return
        }
        let ends = ["origin", "intermediary", "destination"].flatMap { endpoints(feature, $0) }
        guard let first = ends.first, Set(ends.map(\.levelID)).count >= 2 else {
            report(.connectorSingleLevel, "\(category) relationship does not join units or openings on two levels; left out",
                   at: feature.location)
            return
        }
        var seen = Set<String>()
        let levelIDs = ends.map(\.levelID).filter { seen.insert($0).inserted }
        addConnector(kind, at: first.point, levelIDs: levelIDs, feature: feature,
                     direction: feature.string("direction") == "directed" ? directedWay(ends) : .both)
    }

    /// The ends a relationship property names (one reference or a list), each a unit or an
    /// opening; references to anything else, or to features the delivery lacks, are reported.
    private mutating func endpoints(_ feature: IMDFFeature, _ key: String) -> [Endpoint] {
        let references: [JSONObject]
        switch feature.properties?[key] {
        case .object(let object)?: references = [object]
        case .array(let items)?: references = items.compactMap(\.object)
        default: references = []
        }
        var result: [Endpoint] = []
        for reference in references {
            guard let id = reference["id"]?.string else { continue }
            let type = reference["feature_type"]?.string
            if type != "opening", let unit = units[id] {
                result.append(Endpoint(levelID: unit.levelID, point: unit.point))
            } else if type != "unit", let opening = openings[id] {
                result.append(Endpoint(levelID: opening.levelID, point: opening.point))
            } else {
                report(.unknownReference, "relationship \(key) refers to \(type ?? "feature") \(id), which the delivery does not have as a unit or opening",
                       at: feature.location)
            }
        }
        return result
    }

    private func directedWay(_ ends: [Endpoint]) -> ConnectorDirection {
        guard let first = ends.first, let last = ends.last,
              let low = levels[first.levelID]?.ordinal, let high = levels[last.levelID]?.ordinal else { return .both }
        return high > low ? .up : .down
    }

    /// A traversal with a LineString is a path on the level of its origin; `directed` makes it
    /// one-way in drawing direction.
    private mutating func readTraversal(_ feature: IMDFFeature) {
        guard case .lineString(let line)? = try? GeoJSONGeometry.parse(feature.geometry) else {
            report(.badGeometry, "a traversal relationship needs a LineString geometry; left out", at: feature.location)
            return
        }
        guard let origin = endpoints(feature, "origin").first, let levels = levelReference(origin.levelID, for: feature) else {
            report(.unknownReference, "a traversal relationship needs an origin unit or opening; left out", at: feature.location)
            return
        }
        var path = Path(id: modelID(feature), kind: .corridor, levelID: "", coordinates: line,
                        name: language.name(feature.labels("name")), isOneWay: feature.string("direction") == "directed",
                        source: feature.location)
        path.openingHours = feature.string("hours")
        data.paths.append(PendingFeature(path, levels: levels))
    }

    mutating func addConnector(_ kind: ConnectorKind, at point: Coordinate, levelIDs: [String], feature: IMDFFeature,
                               direction: ConnectorDirection = .both) {
        let ordinals = levelIDs.compactMap { levels[$0] }
        guard let building = ordinals.first?.buildingIDs.first else {
            report(.connectorSingleLevel, "\(kind.rawValue) joins outdoor levels, which belong to no building; left out",
                   at: feature.location)
            return
        }
        let value = ordinals.map { Level.formatOrdinal($0.ordinal) }.joined(separator: ";")
        let names = feature.labels("name")
        var connector = Connector(id: modelID(feature), kind: kind, buildingID: nil, levelIDs: [], location: point,
                                  name: language.name(names), direction: direction, source: feature.location)
        connector.localizedNames = names
        connector.openingHours = feature.string("hours")
        data.connectors.append(PendingFeature(connector, levels: LevelReference(building: building, value: value,
                                                                                location: feature.location)))
    }

    /// Without relationships, stairs and elevator units of one building that overlap on
    /// adjacent levels are taken to be one staircase or lift: the chain climbs level by level to a
    /// unit of the same kind that contains the display point of the unit below, or that frames it.
    mutating func inferConnectors() {
        let vertical = units.filter { $0.value.kind == .stairs || $0.value.kind == .elevator }
        for buildingID in buildings.keys.sorted() {
            let buildingLevels = levels.filter { $0.value.buildingIDs.first == buildingID && !$0.value.isOutdoor }
                .sorted { $0.value.ordinal < $1.value.ordinal }.map(\.key)
            guard buildingLevels.count >= 2 else { continue }
            var used = Set<String>()
            for (position, levelID) in buildingLevels.enumerated() {
                for (unitID, unit) in vertical.filter({ $0.value.levelID == levelID }).sorted(by: { $0.key < $1.key })
                where !used.contains(unitID) {
                    var chain = [unitID]
                    var below = unit
                    for upper in buildingLevels[(position + 1)...] {
                        let candidates = vertical.filter { $0.value.levelID == upper && $0.value.kind == unit.kind && !used.contains($0.key) }
                            .sorted { $0.key < $1.key }
                        guard let match = candidates.first(where: { candidate in candidate.value.polygons.contains { $0.contains(below.point) } })
                            ?? candidates.first(where: { Self.frames($0.value, below) })
                        else { break }
                        chain.append(match.key)
                        below = match.value
                    }
                    guard chain.count >= 2 else { continue }
                    used.formUnion(chain)
                    let feature = IMDFFeature(id: "inferred-\(unitID)", featureType: "relationship", properties: nil,
                                              geometry: nil, location: fileLocation("unit.geojson").with(feature: unitID))
                    addConnector(unit.kind == .elevator ? .elevator : .stairs, at: unit.point,
                                 levelIDs: chain.compactMap { units[$0]?.levelID }, feature: feature)
                    data.issues.append(Issue(code: .connectorInferred,
                                             message: "\(unit.kind == .elevator ? "lift" : "stairs") across \(chain.count) levels inferred from overlapping units (\(chain.joined(separator: ", ")))",
                                             location: feature.location, coordinate: unit.point))
                }
            }
        }
    }
}

extension IMDFInterpreter {
    /// How near (metres) a corner of the unit below must be to count as touching the unit above.
    static let framingTolerance = 0.2

    /// Whether `upper` is drawn around `lower`: at least three distinct corners of the lower unit,
    /// not all in one line, lie in or on it. The top floor of a stairwell is often the landing around the opening the flight
    /// rises through, so it holds none of the lower flight's area and not its display point.
    static func frames(_ upper: UnitInfo, _ lower: UnitInfo) -> Bool {
        let corners = lower.polygons.flatMap { polygon in
            polygon.exterior.count > 1 && polygon.exterior.first == polygon.exterior.last ? Array(polygon.exterior.dropLast()) : polygon.exterior
        }
        var touching: [Coordinate] = []
        for corner in corners where !touching.contains(corner) {
            if upper.polygons.contains(where: { $0.contains(corner) || $0.rings.contains { $0.distance(from: corner) <= framingTolerance } }) {
                touching.append(corner)
            }
        }
        // Corners along one shared wall (a T-junction vertex, say) are in a line: they do not
        // make a frame.
        guard touching.count >= 3, let origin = touching.first else { return false }
        let projection = LocalProjection(origin: origin)
        let points = touching.map(projection.project)
        for (index, b) in points.enumerated().dropFirst() {
            for c in points[(index + 1)...] {
                let a = points[0]
                let twiceArea = abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x))
                if twiceArea > 2 * framingTolerance * framingTolerance { return true }
            }
        }
        return false
    }
}

extension SourceLocation {
    func with(feature: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column, feature: feature)
    }
}
