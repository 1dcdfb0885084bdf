public import Foundation

extension VenueBundle {
    /// The route as a GeoJSON FeatureCollection: one LineString per step (with its instruction in
    /// the words `navforge route` prints, action, label, levels, length, duration and step count),
    /// following the corners of each arc, and Points for start and destination.
    public func geoJSON(for route: Route, from start: String, to destination: String) throws(BundleError) -> Data {
        do {
            let steps = try steps(of: route)
            var features: [[String: Any]] = []
            for (index, step) in steps.enumerated() {
                var coordinates: [[Double]] = []
                for position in step.startIndex...step.endIndex {
                    let record = try self.node(route.nodes[position])
                    coordinates.append([record.longitude, record.latitude])
                    // Arcs inside a space bend around its corners; the line follows them.
                    if position < step.endIndex {
                        for corner in try arcShape(route.arcs[position]) { coordinates.append([corner.longitude, corner.latitude]) }
                    }
                }
                var properties: [String: Any] = [
                    "step": index + 1, "action": step.action.rawValue,
                    "fromLevel": try level(step.fromLevel).id, "toLevel": try level(step.toLevel).id,
                    "lengthMetres": (step.length * 10).rounded() / 10, "durationSeconds": step.duration.rounded(),
                ]
                if let label = step.label { properties["label"] = label }
                properties["instruction"] = try instruction(for: step)
                if let count = step.stepCount { properties["stepCount"] = count }
                features.append(["type": "Feature", "properties": properties,
                                 "geometry": ["type": "LineString", "coordinates": coordinates]])
            }
            for (role, node, name) in [("start", route.nodes.first, start), ("destination", route.nodes.last, destination)] {
                guard let node else { continue }
                let record = try self.node(node)
                features.append(["type": "Feature",
                                 "properties": ["role": role, "name": name, "level": try level(record.level).id],
                                 "geometry": ["type": "Point", "coordinates": [record.longitude, record.latitude]]])
            }
            let collection: [String: Any] = [
                "type": "FeatureCollection", "features": features,
                "properties": ["profile": route.profile, "lengthMetres": (route.length * 10).rounded() / 10,
                               "durationSeconds": route.duration.rounded()],
            ]
            return try JSONSerialization.data(withJSONObject: collection, options: [.sortedKeys, .prettyPrinted])
        } catch let error as BundleError {
            throw error
        } catch {
            // Only a non-finite number makes JSONSerialization fail.
            throw .malformedSection(section: "route", detail: "\(error)")
        }
    }
}
