/// The normalised model of one venue: what every importer produces and every later stage reads.
///
/// Arrays are kept in a stable order (the order of the inputs, then of records inside each input),
/// so that the same inputs always yield the same model and, in the end, the same bundle.
public struct Venue: Hashable, Sendable, Codable {
    public var id: String
    public var name: String
    public var buildings: [Building] = []
    public var levels: [Level] = []
    public var spaces: [Space] = []
    public var openings: [Opening] = []
    public var connectors: [Connector] = []
    public var paths: [Path] = []
    public var pointsOfInterest: [PointOfInterest] = []
    public var events: [Event] = []
    /// Named routes to follow on foot, in input order.
    public var tours: [Tour] = []

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// Every coordinate the venue mentions, for its bounding box and projection origin.
    public var allCoordinates: [Coordinate] {
        var result: [Coordinate] = []
        result += buildings.compactMap(\.footprint).flatMap { $0.rings.flatMap { $0 } }
        result += spaces.flatMap(\.geometry.allCoordinates)
        result += openings.map(\.location)
        result += connectors.map(\.location)
        result += paths.flatMap(\.coordinates)
        result += pointsOfInterest.compactMap(\.location)
        result += tours.flatMap(\.coordinates)
        return result
    }

    public var boundingBox: BoundingBox? { BoundingBox(covering: allCoordinates) }
}
