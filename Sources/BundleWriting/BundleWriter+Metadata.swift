import NavFormat

extension BundleWriter {
    /// The metadata as stored: the caller's description of the venue and its sources, completed
    /// with what the contents say (format, profiles, levels, extent).
    static func completedMetadata(of contents: BundleContents) -> BundleMetadata {
        var metadata = contents.metadata
        metadata.format = "\(contents.format.major).\(contents.format.minor)"
        metadata.profiles = contents.profiles.map(\.name)
        metadata.levels = contents.levels.map { level in
            BundleMetadata.LevelSummary(id: level.id, name: level.shortName, building: level.buildingName,
                                        ordinal: level.ordinal)
        }
        var positions = contents.nodes.map { BundleContents.Position(latitude: $0.latitude, longitude: $0.longitude) }
        positions += contents.places.compactMap { place in
            guard let latitude = place.latitude, let longitude = place.longitude else { return nil }
            return BundleContents.Position(latitude: latitude, longitude: longitude)
        }
        positions += contents.outlines.flatMap { $0.rings.joined() }
        if let first = positions.first {
            var box = BundleMetadata.BoundingBox(south: first.latitude, west: first.longitude,
                                                 north: first.latitude, east: first.longitude)
            for position in positions.dropFirst() {
                box.south = min(box.south, position.latitude)
                box.north = max(box.north, position.latitude)
                box.west = min(box.west, position.longitude)
                box.east = max(box.east, position.longitude)
            }
            metadata.boundingBox = box
        }
        return metadata
    }
}
