import VenueModel

extension IMDFInterpreter {
    /// Amenities are points of interest in the units they list.
    mutating func readAmenity(_ feature: IMDFFeature) {
        guard case .point(let point)? = try? GeoJSONGeometry.parse(feature.geometry) else {
            report(.badGeometry, "an amenity without a Point geometry is left out", at: feature.location)
            return
        }
        let unitIDs = feature.identifiers("unit_ids")
        for unitID in unitIDs where units[unitID] == nil {
            report(.unknownReference, "amenity refers to unit \(unitID), which unit.geojson does not have", at: feature.location)
        }
        addPlace(feature, at: point, unitID: unitIDs.first { units[$0] != nil }, ref: nil)
    }

    mutating func readAnchor(_ feature: IMDFFeature) {
        guard case .point(let point)? = try? GeoJSONGeometry.parse(feature.geometry) else {
            report(.badGeometry, "an anchor without a Point geometry is left out", at: feature.location)
            return
        }
        var unitID = feature.string("unit_id")
        if let id = unitID, units[id] == nil {
            report(.unknownReference, "anchor refers to unit \(id), which unit.geojson does not have", at: feature.location)
            unitID = nil
        }
        anchors[feature.id] = (point, unitID)
    }

    /// Occupants (a department, a classroom's name) stand at their anchor; a short name becomes
    /// the ref people search for, and also the ref of their unit when it has none.
    mutating func readOccupant(_ feature: IMDFFeature) {
        guard let anchorID = feature.string("anchor_id"), let anchor = anchors[anchorID] else {
            report(.unknownReference, "occupant refers to anchor \(feature.string("anchor_id") ?? "(none)"), which anchor.geojson does not have",
                   at: feature.location)
            return
        }
        var ref = language.name(feature.labels("shortName")) ?? language.name(feature.labels("short_name"))
        if let shortName = ref, let unitID = anchor.unitID, let unit = units[unitID],
           data.spaces[unit.spaceIndex].feature.ref == nil {
            // The unit becomes the place that ref finds; the occupant then needs no ref of its own.
            data.spaces[unit.spaceIndex].feature.ref = shortName
            ref = nil
        }
        addPlace(feature, at: anchor.point, unitID: anchor.unitID, ref: ref)
    }

    private mutating func addPlace(_ feature: IMDFFeature, at point: Coordinate, unitID: String?, ref: String?) {
        let names = feature.labels("name")
        let category = feature.string("category") ?? feature.featureType
        let levelID = unitID.flatMap { units[$0]?.levelID }
        let levels: LevelReference
        if let levelID, let reference = levelReference(levelID, for: feature) {
            levels = reference
        } else {
            levels = LevelReference(building: nil, value: nil, location: feature.location)
        }
        var poi = PointOfInterest(
            id: modelID(feature), name: language.name(names) ?? category, ref: ref, category: category,
            openingHours: feature.string("hours"),
            contact: Contact(phone: feature.string("phone"), email: feature.string("email"), website: feature.string("website")),
            location: point, buildingID: nil, levelID: nil, source: feature.location)
        poi.localizedNames = names
        poi.alternativeNames = feature.labels("alt_name")
        data.pointsOfInterest.append(PendingFeature(poi, levels: levels))
    }

    /// A geofence (a zone apps react to on entering) is a point of interest at its display point
    /// whose geofence radius reaches the zone's farthest corner.
    mutating func readGeofence(_ feature: IMDFFeature) {
        guard let geometry = polygonal(feature) else { return }
        let outline = geometry.polygons.flatMap(\.exterior)
        let point = feature.point("display_point") ?? geometry.polygons[0].averageCorner
        let projection = LocalProjection(origin: point)
        let radius = outline.map { projection.distance(point, $0) }.max() ?? 0
        let levelID = feature.identifiers("level_ids").first
        let levels = levelID.flatMap { levelReference($0, for: feature) }
            ?? LevelReference(building: nil, value: nil, location: feature.location)
        let names = feature.labels("name")
        let category = feature.string("category") ?? "geofence"
        var poi = PointOfInterest(id: modelID(feature), name: language.name(names) ?? category, category: category,
                                  geofenceRadius: (radius * 10).rounded() / 10, location: point, buildingID: nil,
                                  levelID: nil, source: feature.location)
        poi.localizedNames = names
        poi.alternativeNames = feature.labels("alt_name")
        data.pointsOfInterest.append(PendingFeature(poi, levels: levels))
    }
}
