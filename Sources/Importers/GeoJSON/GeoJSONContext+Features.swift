import VenueModel

extension GeoJSONContext {
    /// Turns a feature into the model object its kind and geometry make it.
    mutating func classify(_ feature: Feature, kind: String, rawKind: String, geometry: SimpleGeometry, id: String) {
        var attributes = AttributeReader(text: feature.text, location: { _ in feature.location })
        let levels = levelReference(feature)
        switch (geometry, kind) {
        case (.polygon, _), (.multiPolygon, _):
            guard let spaceKind = SpaceKind(rawValue: kind), let shape = SpaceGeometry(geometry) else {
                return skip(feature, rawKind: rawKind, geometry: geometry)
            }
            data.spaces.append(PendingFeature(space(feature, id: id, kind: spaceKind, geometry: shape, &attributes),
                                              levels: levels))
        case (.point(let point), "door"), (.point(let point), "entrance"):
            data.openings.append(PendingFeature(opening(feature, id: id, entrance: kind == "entrance", at: point,
                                                        line: nil, &attributes), levels: levels))
        case (.lineString(let line), "door"), (.lineString(let line), "entrance"):
            data.openings.append(PendingFeature(opening(feature, id: id, entrance: kind == "entrance",
                                                        at: line.midpoint ?? line[0], line: line, &attributes),
                                                levels: levels))
        case (.point(let point), _) where ConnectorKind(rawValue: kind) != nil:
            let connector = Connector(
                id: id, kind: ConnectorKind(rawValue: kind) ?? .stairs, buildingID: nil, levelIDs: [], location: point,
                name: feature.text("name"), ref: feature.text("ref"), stepCount: attributes.count("step_count"),
                direction: attributes.choice("direction", as: ConnectorDirection.self) ?? .both,
                accessibility: attributes.accessibility(), source: feature.location)
            data.connectors.append(PendingFeature(connector, levels: levels))
        case (.point(let point), "poi"):
            guard let name = feature.text("name") else {
                errors.append(.invalidInput("a point of interest needs a name", at: feature.location))
                return
            }
            let poi = PointOfInterest(
                id: id, name: name, ref: feature.text("ref"), category: feature.text("category") ?? "poi",
                description: feature.text("description"), openingHours: feature.text("opening_hours"),
                contact: attributes.contact(), geofenceRadius: attributes.length("geofence_radius"), location: point,
                buildingID: nil, levelID: nil, source: feature.location)
            data.pointsOfInterest.append(PendingFeature(poi, levels: levels))
        case (.point(let point), _) where SpaceKind(rawValue: kind) != nil:
            let spaceKind = SpaceKind(rawValue: kind) ?? .room
            data.spaces.append(PendingFeature(space(feature, id: id, kind: spaceKind, geometry: .point(point), &attributes),
                                              levels: levels))
        case (.lineString(let line), _) where Self.pathKind(kind) != nil:
            let path = Path(
                id: id, kind: Self.pathKind(kind) ?? .footway, levelID: "", coordinates: line, name: feature.text("name"),
                stepCount: attributes.count("step_count"), isOneWay: attributes.bool("oneway") ?? false,
                access: attributes.choice("access", as: AccessRestriction.self),
                accessibility: attributes.accessibility(), source: feature.location)
            data.paths.append(PendingFeature(path, levels: levels))
        default:
            return skip(feature, rawKind: rawKind, geometry: geometry)
        }
        errors += attributes.errors
    }

    private func space(_ feature: Feature, id: String, kind: SpaceKind, geometry: SpaceGeometry,
                       _ attributes: inout AttributeReader) -> Space {
        Space(id: id, kind: kind, buildingID: nil, levelIDs: [], geometry: geometry, name: feature.text("name"),
              ref: feature.text("ref"), category: feature.text("category"), capacity: attributes.count("capacity"),
              accessibility: attributes.accessibility(), access: attributes.choice("access", as: AccessRestriction.self),
              source: feature.location)
    }

    private func opening(_ feature: Feature, id: String, entrance: Bool, at location: Coordinate, line: [Coordinate]?,
                         _ attributes: inout AttributeReader) -> Opening {
        Opening(id: id, levelIDs: [], location: location, line: line, isEntrance: entrance,
                doorType: attributes.choice("door", as: DoorType.self), isAutomatic: attributes.bool("automatic"),
                access: attributes.choice("access", as: AccessRestriction.self), name: feature.text("name"),
                ref: feature.text("ref"), accessibility: attributes.accessibility(), source: feature.location)
    }

    private mutating func skip(_ feature: Feature, rawKind: String, geometry: SimpleGeometry) {
        report(.unknownKind, "kind '\(rawKind)' means nothing for a \(geometry.typeName.lowercased()); skipped (map it under `kinds:`)",
               feature)
    }

    /// Line kinds: the path kinds, and `stairs` drawn as a line meaning outdoor steps.
    static func pathKind(_ kind: String) -> PathKind? {
        kind == "stairs" ? .steps : PathKind(rawValue: kind)
    }
}
