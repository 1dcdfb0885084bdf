import VenueModel

extension GeoJSONContext {
    /// A feature with a `tour` property: a tour of that name along its `LineString`, or along the
    /// parts of its `MultiLineString` chained in order (``TourLine``; parts that do not meet end to
    /// end are reported as `tour-incomplete`). `route` gives its kind (`foot` when absent); every
    /// vertex lies on the feature's level.
    mutating func readTour(_ feature: Feature, name: String, id: String) {
        if let type = feature.structuredProperty("route") {
            let property = mapping.property(for: "route")
            let found = feature.properties?[property]?.excerpt() ?? type
            errors.append(.invalidInput("property '\(property)' is \(type) (\(found)); expected text", at: feature.location))
            return
        }
        var attributes = AttributeReader(text: feature.text, location: { _ in feature.location })
        let kind = attributes.choice("route", as: TourKind.self) ?? .foot
        errors += attributes.errors
        let parts: [[Coordinate]]
        do {
            guard let lines = try GeoJSONGeometry.lines(feature.object["geometry"]) else {
                report(.noGeometry, "tour '\(name)' has no geometry; skipped", feature)
                return
            }
            parts = lines
        } catch {
            errors.append(.invalidInput(error.message, at: geometryLocation(feature)))
            return
        }
        guard attributes.errors.isEmpty else { return }
        let chained = TourLine.chain(parts) { $0 == $1 }
        if let first = chained.gaps.first {
            let places = chained.gaps.map { "lines \($0.piece - 1) and \($0.piece)" }.joined(separator: ", ")
            data.issues.append(Issue(
                code: .tourIncomplete,
                message: "tour '\(name)': the MultiLineString's \(places) do not meet end to end; the pieces are kept in order",
                location: feature.location, coordinate: chained.line[first.vertex]))
        }
        let tour = Tour(id: id, name: name, kind: kind, coordinates: chained.line,
                        levelIDs: Array(repeating: Level.outdoorID, count: chained.line.count), source: feature.location)
        data.tours.append(PendingTour(tour, levels: Array(repeating: levelReference(feature), count: chained.line.count)))
    }
}
