/// What a tour is for, as the data says it: OSM `route=*` of a route relation, a GeoJSON
/// feature's `route` property, a CSV `kind` column.
public enum TourKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// A walking route (`route=foot`), and the kind of a tour whose data names none.
    case foot
    case hiking
    case running
    /// A trail with exercise stations (`route=fitness_trail`).
    case fitnessTrail = "fitness_trail"

    /// The kind an OSM `route` value names; `nil` for routes that are not walked
    /// (`route=bus`, `route=bicycle`).
    public init?(osm value: String) {
        self.init(rawValue: String(value.lowercased().drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()))
    }
}

/// A named route a person follows on foot: a campus fun run, a heritage trail, a fitness trail.
///
/// It is given as a line; the graph stage matches it onto the walkways (docs/tours.md), so the
/// bundle holds the arcs it follows.
public struct Tour: Hashable, Sendable, Codable {
    public var id: String
    public var name: String
    public var kind: TourKind
    /// The line in walking order: the ways of a relation chained end to end, a GeoJSON
    /// `LineString`, a CSV's waypoints by their sequence.
    public var coordinates: [Coordinate]
    /// The level of each vertex of ``coordinates``: a building level, or ``Level/outdoorID``.
    public var levelIDs: [String]
    public var source: SourceLocation

    public init(id: String, name: String, kind: TourKind, coordinates: [Coordinate], levelIDs: [String],
                source: SourceLocation) {
        precondition(coordinates.count == levelIDs.count, "a tour gives one level per vertex")
        self.id = id
        self.name = name
        self.kind = kind
        self.coordinates = coordinates
        self.levelIDs = levelIDs
        self.source = source
    }
}
