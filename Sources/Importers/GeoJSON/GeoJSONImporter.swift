public import Foundation
import VenueModel

/// Imports an RFC 7946 FeatureCollection of rooms, corridors, doors, connectors, paths, points
/// of interest and tours, reading properties through a ``GeoJSONMapping``.
///
/// What a feature is follows from its kind and its geometry: a polygon `stairs` is a stairwell,
/// a point `stairs` a staircase between levels. Features of unknown kinds are skipped with a
/// warning (CAD exports carry furniture and annotations); bad values are errors. A feature with a
/// `tour` property is a tour, whatever its kind.
public enum GeoJSONImporter {
    public static func read(_ data: Data, file: String, inputID: String,
                            mapping: GeoJSONMapping) throws(ImportError) -> ImportedData {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw error.placed(in: file)
        }
        let features = try featureList(root, file: file)
        var context = GeoJSONContext(file: file, inputID: inputID, mapping: mapping)
        for (index, feature) in features.enumerated() {
            context.read(feature, index: index)
        }
        guard context.errors.isEmpty else { throw ImportError(collecting: context.errors) }
        return context.data
    }

    private static func featureList(_ root: JSONValue, file: String) throws(ImportError) -> [JSONValue] {
        guard case .object(let object) = root else {
            throw .invalidInput("a GeoJSON file holds an object, found \(root.typeName)", at: SourceLocation(file: file, line: 1))
        }
        let location = SourceLocation(file: file, line: object.line, column: object.column)
        switch object["type"]?.string {
        case "FeatureCollection":
            guard case .array(let features)? = object["features"] else {
                throw .invalidInput("a FeatureCollection needs a 'features' array", at: location)
            }
            return features
        case "Feature":
            return [root]
        case let other:
            throw .invalidInput("expected a FeatureCollection or Feature, found type \(other.map { "'\($0)'" } ?? "none")",
                                at: location)
        }
    }
}
