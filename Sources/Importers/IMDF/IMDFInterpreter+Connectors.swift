import VenueModel

extension IMDFInterpreter {
    /// Relationships say which units connect levels (elevator, stairs, escalator, ramp,
    /// movingwalkway) and where paths run (traversal).
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
        let ends = ["origin", "intermediary", "destination"].flatMap { references(feature, $0) }
        let ordered = ends.compactMap { units[$0] }
        guard let kind else {
            if category.hasPrefix("traversal") { readTraversal(feature) } else {
                warn("unknown-category", "relationship category '\(category)' is not understood; left out", at: feature.location)
            }
            return
        }
        guard let first = ordered.first, Set(ordered.map(\.levelID)).count >= 2 else {
            warn("connector-single-level", "\(category) relationship does not join units on two levels; left out",
                 at: feature.location)
            return
        }
        let levelIDs = Array(Set(ordered.map(\.levelID)))
        addConnector(kind, at: first.point, levelIDs: levelIDs, feature: feature,
                     direction: feature.string("direction") == "directed" ? directedWay(ordered) : .both)
    }

    private func references(_ feature: IMDFFeature, _ key: String) -> [String] {
        switch feature.properties?[key] {
        case .object(let object)?: return object["id"]?.string.map { [$0] } ?? []
        case .array(let items)?: return items.compactMap { $0.object?["id"]?.string }
        default: return []
        }
    }

    private func directedWay(_ ordered: [UnitInfo]) -> ConnectorDirection {
        guard let first = ordered.first, let last = ordered.last,
              let low = levels[first.levelID]?.ordinal, let high = levels[last.levelID]?.ordinal else { return .both }
        return high > low ? .up : .down
    }

    private mutating func readTraversal(_ feature: IMDFFeature) {
        guard case .lineString(let line)? = try? GeoJSONGeometry.parse(feature.geometry),
              let origin = references(feature, "origin").first, let unit = units[origin],
              let levels = levelReference(unit.levelID, for: feature) else {
            warn("bad-geometry", "a traversal relationship needs a LineString and an origin unit; left out", at: feature.location)
            return
        }
        let path = Path(id: modelID(feature), kind: .corridor, levelID: "", coordinates: line, source: feature.location)
        data.paths.append(PendingFeature(path, levels: levels))
    }

    mutating func addConnector(_ kind: ConnectorKind, at point: Coordinate, levelIDs: [String], feature: IMDFFeature,
                               direction: ConnectorDirection = .both) {
        let ordinals = levelIDs.compactMap { levels[$0] }
        guard let building = ordinals.first?.buildingIDs.first else { return }
        let value = ordinals.map { Level.formatOrdinal($0.ordinal) }.joined(separator: ";")
        let connector = Connector(id: modelID(feature), kind: kind, buildingID: nil, levelIDs: [], location: point,
                                  name: language.name(feature.labels("name")), direction: direction, source: feature.location)
        data.connectors.append(PendingFeature(connector, levels: LevelReference(building: building, value: value,
                                                                                location: feature.location)))
    }

    /// Without relationships, stairs and elevator units of one building that overlap on
    /// adjacent levels are taken to be one staircase or lift: the lowest unit's display point is
    /// followed up level by level while it stays inside a unit of the same kind.
    mutating func inferConnectors() {
        for buildingID in buildings.keys.sorted() {
            let buildingLevels = levels.filter { $0.value.buildingIDs.first == buildingID && !$0.value.isOutdoor }
                .sorted { $0.value.ordinal < $1.value.ordinal }.map(\.key)
            guard buildingLevels.count >= 2 else { continue }
            let vertical = units.filter { $0.value.kind == .stairs || $0.value.kind == .elevator }
            var used = Set<String>()
            for (position, levelID) in buildingLevels.enumerated() {
                for (unitID, unit) in vertical.filter({ $0.value.levelID == levelID }).sorted(by: { $0.key < $1.key })
                where !used.contains(unitID) {
                    var chain = [unitID]
                    for upper in buildingLevels[(position + 1)...] {
                        guard let match = vertical.filter({ $0.value.levelID == upper && $0.value.kind == unit.kind && !used.contains($0.key) })
                            .sorted(by: { $0.key < $1.key })
                            .first(where: { candidate in candidate.value.polygons.contains { $0.contains(unit.point) } })
                        else { break }
                        chain.append(match.key)
                    }
                    guard chain.count >= 2 else { continue }
                    used.formUnion(chain)
                    let feature = IMDFFeature(id: "inferred-\(unitID)", featureType: "relationship", properties: nil,
                                              geometry: nil, location: fileLocation("unit.geojson").with(feature: unitID))
                    addConnector(unit.kind == .elevator ? .elevator : .stairs, at: unit.point,
                                 levelIDs: chain.compactMap { units[$0]?.levelID }, feature: feature)
                    data.issues.append(Issue(code: "connector-inferred", severity: .info,
                                             message: "\(unit.kind == .elevator ? "lift" : "stairs") across \(chain.count) levels inferred from overlapping units (\(chain.joined(separator: ", ")))",
                                             location: feature.location, coordinate: unit.point))
                }
            }
        }
    }
}

extension SourceLocation {
    func with(feature: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column, feature: feature)
    }
}
