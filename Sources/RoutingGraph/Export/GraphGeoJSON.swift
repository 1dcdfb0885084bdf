public import Foundation
import NavFormat
import VenueModel

/// A compiled graph as GeoJSON layers, one FeatureCollection per level, for QGIS or geojson.io.
///
/// Each directed arc is a LineString (through the corners it bends around) carrying its
/// attributes and, per profile, its time in seconds or `null` where the profile may not use it;
/// each node is a Point. Arcs between levels belong to the layer of the level they leave.
public struct GraphGeoJSON {
    public let compiled: CompiledGraph

    public init(_ compiled: CompiledGraph) {
        self.compiled = compiled
    }

    /// File name (`level-<id>.geojson`, the id made safe for file names) and contents per level,
    /// in level order.
    ///
    /// A graph with a number JSON cannot hold (a coordinate that is not finite, from a damaged
    /// source) fails with ``RoutingGraphError/notGeoJSON(level:reason:)``.
    public func layers() throws(RoutingGraphError) -> [(fileName: String, data: Data)] {
        let graph = compiled.graph
        var features = Array(repeating: [[String: Any]](), count: graph.levelIDs.count)
        for (index, node) in graph.nodes.enumerated() {
            var properties: [String: Any] = ["node": index, "kind": "\(node.kind)", "level": graph.levelIDs[node.level]]
            if let label = node.label { properties["label"] = label }
            for table in compiled.egress where table.exit[index] != BundleFormat.none {
                properties["exit_seconds_\(table.profile)"] = Double(table.cost[index]) / 1000
            }
            features[node.level].append(Self.feature(properties, ["type": "Point", "coordinates": Self.position(node.coordinate)]))
        }
        for (index, arc) in graph.arcs.enumerated() {
            let tail = graph.nodes[arc.tail], head = graph.nodes[arc.head]
            let line = ([tail.coordinate] + arc.via + [head.coordinate]).map(Self.position)
            features[tail.level].append(Self.feature(properties(of: arc, index: index),
                                                     ["type": "LineString", "coordinates": line]))
        }
        var layers: [(fileName: String, data: Data)] = []
        for (level, id) in graph.levelIDs.enumerated() {
            let collection: [String: Any] = ["type": "FeatureCollection", "name": id, "features": features[level]]
            do {
                let data = try JSONSerialization.data(withJSONObject: collection, options: [.sortedKeys])
                layers.append(("level-\(Self.safeFileName(id)).geojson", data))
            } catch {
                throw .notGeoJSON(level: id, reason: "\(error)")
            }
        }
        return layers
    }

    private func properties(of arc: GraphArc, index: Int) -> [String: Any] {
        let facts = arc.attributes
        var properties: [String: Any] = [
            "arc": index, "tail": arc.tail, "head": arc.head, "kind": "\(arc.kind)",
            "length_m": (arc.length * 100).rounded() / 100, "indoor": facts.isIndoor, "level_change": facts.rise,
            "emergency_exit": facts.emergencyExit,
        ]
        let optional: [String: Any?] = [
            "label": arc.label, "steps": facts.stepCount, "wheelchair": facts.wheelchair?.rawValue,
            "access": facts.access?.rawValue, "door": facts.doorType?.rawValue, "automatic_door": facts.automaticDoor,
            "incline": facts.incline, "width": facts.width, "kerb": facts.kerbHeight, "lit": facts.lit,
            "surface": facts.surface, "smoothness": facts.smoothness, "tracktype": facts.trackType,
            "sac_scale": facts.sacScale, "way": facts.pathKind?.rawValue, "incline_direction": facts.inclineDirection?.rawValue,
            "car_park": facts.carPark, "steps_estimated": facts.stepsEstimated ? true : nil,
            "barriers": facts.barriers.isEmpty ? nil : facts.barriers
                .map { barrier in (barrier.feature.map { "\($0) " } ?? "") + "barrier=\(barrier.kind)" }
                .joined(separator: "; "),
            "lift": facts.connectorPhase == .none ? nil : "\(facts.connectorPhase)",
        ]
        for (key, value) in optional { if let value { properties[key] = value } }
        for profile in compiled.profiles {
            let cost = profile.costs[index]
            properties["seconds_\(profile.name)"] = cost == BundleFormat.impassable ? NSNull() : Double(cost) / 1000 as Any
            if index < profile.closingRules.count, let rule = profile.closingRules[index] {
                properties["closed_\(profile.name)"] = rule.name
            }
        }
        return properties
    }

    private static func feature(_ properties: [String: Any], _ geometry: [String: Any]) -> [String: Any] {
        ["type": "Feature", "properties": properties, "geometry": geometry]
    }

    private static func position(_ coordinate: Coordinate) -> [Double] {
        [coordinate.longitude, coordinate.latitude]
    }

    /// Level ids may hold anything (`A@2`, OSM `1;2`, IMDF UUIDs): keep letters, digits, `-` and `_`.
    static func safeFileName(_ id: String) -> String {
        String(id.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }
}
