public import Foundation
import NavFormat

extension VenueBundle {
    /// The route as a GeoJSON FeatureCollection: one LineString per step (with its instruction in
    /// the words `navforge route --steps` prints, action, label, levels, length, duration and step
    /// count), following the corners of each arc, and Points for start and destination.
    ///
    /// With `language`, also a Point per maneuver (docs/guidance.md) with `maneuver`, `modifier`
    /// (OSRM's words, null for none), `instruction` in that language, `distanceMetres` and
    /// `durationSeconds` to the next maneuver, `level` (its id), `bearingBefore` and
    /// `bearingAfter` in whole degrees (null for none), `landmark` (the name of the landmark it names,
    /// or for `arrive` of the destination; null when none or unnamed), `landmarkPlacement`
    /// (`before`, `at`, `after`, `beside`) and `landmarkSide` (`left`, `right`, `ahead`), null for none.
    /// `arrival` is what the `arrive` maneuver names (nil: it names nothing), as `navforge route`
    /// prints it: not `destination` where the route ends beside the place or at an unnamed exit.
    public func geoJSON(for route: Route, from start: String, to destination: String,
                        language: String? = nil, arrival: String? = nil) throws(BundleError) -> Data {
        var whole = route
        whole.legs = []
        return try geoJSON(for: whole, stops: [start, destination], language: language, arrivals: [arrival])
    }

    /// A route through stops (docs/endpoints.md, "Via points") as ``geoJSON(for:from:to:language:arrival:)``
    /// writes a route, leg by leg: each step and maneuver has the `leg` it belongs to (from 1),
    /// numbered along the whole route, each leg's maneuvers arrive at its stop (`arrivals`, what
    /// each `arrive` names), and the Points are the start, each `via` and the destination.
    ///
    /// - Precondition: `stops` names the start and the end of each of the route's ``Route/stretches``.
    public func geoJSON(for route: Route, stops: [String], language: String? = nil,
                        arrivals: [String?]) throws(BundleError) -> Data {
        let legs = route.stretches
        precondition(stops.count == legs.count + 1 && arrivals.count == legs.count, "a stop on each side of each leg")
        do {
            var features: [[String: Any]] = [], maneuverFeatures: [[String: Any]] = []
            for index in legs.indices {
                let leg = route.leg(index)
                for step in try steps(of: leg) {
                    var coordinates: [[Double]] = []
                    for position in step.startIndex...step.endIndex {
                        let record = try self.node(leg.nodes[position])
                        coordinates.append([record.longitude, record.latitude])
                        if position < step.endIndex {
                            for corner in try arcShape(leg.arcs[position]) { coordinates.append([corner.longitude, corner.latitude]) }
                        }
                    }
                    var properties: [String: Any] = [
                        "step": features.count + 1, "action": step.action.rawValue,
                        "fromLevel": try level(step.fromLevel).id, "toLevel": try level(step.toLevel).id,
                        "lengthMetres": (step.length * 10).rounded() / 10, "durationSeconds": step.duration.rounded(),
                    ]
                    if legs.count > 1 { properties["leg"] = index + 1 }
                    if let label = step.label { properties["label"] = label }
                    properties["instruction"] = try instruction(for: step)
                    if let count = step.stepCount { properties["stepCount"] = count }
                    features.append(["type": "Feature", "properties": properties,
                                     "geometry": ["type": "LineString", "coordinates": coordinates]])
                }
                guard let language else { continue }
                for maneuver in try maneuvers(of: leg) {
                    var properties: [String: Any] = [
                        "maneuver": maneuver.kind.name,
                        "modifier": maneuver.modifier == .none ? NSNull() : maneuver.modifier.name,
                        "instruction": try instruction(for: maneuver, language: language, destination: arrivals[index]),
                        "distanceMetres": Double(maneuver.distanceCentimetres) / 100,
                        "durationSeconds": (Double(maneuver.durationMilliseconds) / 1000).rounded(),
                        "level": try level(maneuver.level).id,
                        "bearingBefore": maneuver.bearingBefore.map(Maneuver.degrees) ?? NSNull(),
                        "bearingAfter": maneuver.bearingAfter.map(Maneuver.degrees) ?? NSNull(),
                        "landmark": maneuver.landmark?.name ?? NSNull(),
                        "landmarkPlacement": maneuver.landmark?.placement.name ?? NSNull(),
                        "landmarkSide": maneuver.landmark?.side?.name ?? NSNull(),
                    ]
                    if legs.count > 1 { properties["leg"] = index + 1 }
                    let position = [Double(maneuver.longitudeE7) / BundleFormat.coordinateScale,
                                    Double(maneuver.latitudeE7) / BundleFormat.coordinateScale]
                    maneuverFeatures.append(["type": "Feature", "properties": properties,
                                             "geometry": ["type": "Point", "coordinates": position]])
                }
            }
            features += maneuverFeatures
            for (index, name) in stops.enumerated() {
                let role = index == 0 ? "start" : index == legs.count ? "destination" : "via"
                let node = index < legs.count ? route.nodes[legs[index].firstNode] : route.nodes[route.nodes.count - 1]
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
