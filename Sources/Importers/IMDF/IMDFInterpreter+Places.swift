import VenueModel

extension IMDFInterpreter {
    /// Amenities are points of interest in the units they list.
    mutating func readAmenity(_ feature: IMDFFeature) {
        guard case .point(let point)? = try? GeoJSONGeometry.parse(feature.geometry) else {
            warn("bad-geometry", "an amenity without a Point geometry is left out", at: feature.location)
            return
        }
        let unitID = feature.identifiers("unit_ids").first
        addPlace(feature, at: point, unitID: unitID, ref: nil)
    }

    mutating func readAnchor(_ feature: IMDFFeature) {
        guard case .point(let point)? = try? GeoJSONGeometry.parse(feature.geometry) else {
            warn("bad-geometry", "an anchor without a Point geometry is left out", at: feature.location)
            return
        }
        anchors[feature.id] = (point, feature.string("unit_id"))
    }

    /// Occupants (a department, a classroom's name) stand at their anchor; a short name becomes
    /// the ref people search for, and also the ref of their unit when it has none.
    mutating func readOccupant(_ feature: IMDFFeature) {
        guard let anchorID = feature.string("anchor_id"), let anchor = anchors[anchorID] else {
            warn("unknown-reference", "occupant refers to anchor \(feature.string("anchor_id") ?? "(none)"), which anchor.geojson does not have",
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
        data.pointsOfInterest.append(PendingFeature(poi, levels: levels))
    }
}
