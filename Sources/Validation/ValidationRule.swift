public import Geometry
public import VenueModel

/// One check of the rule catalogue (`docs/validation-rules.md`): a stable code and the findings.
public protocol ValidationRule: Sendable {
    /// The code findings carry, such as `door-not-on-outline`.
    var code: String { get }
    func check(_ context: ValidationContext) -> [Issue]
}

/// What rules look at: the venue and a spatial index of its spaces.
public final class ValidationContext {
    public let venue: Venue
    public let locator: SpaceLocator
    public let parameters: ValidationParameters

    public init(venue: Venue, parameters: ValidationParameters, locator: SpaceLocator? = nil) {
        self.venue = venue
        self.parameters = parameters
        self.locator = locator ?? SpaceLocator(venue: venue)
    }

    /// The refs of every space, lowercased: refs are matched without regard to case, as the
    /// graph and the bundle match them.
    public private(set) lazy var spaceRefs = Set(venue.spaces.compactMap { $0.ref?.lowercased() })

    /// The refs of every space and point of interest, lowercased.
    public private(set) lazy var placeRefs = spaceRefs.union(venue.pointsOfInterest.compactMap { $0.ref?.lowercased() })
}

/// Tolerances the rules use; the door tolerance matches the graph stage's.
public struct ValidationParameters: Hashable, Sendable {
    /// Metres a door may lie from an outline and still count as on it.
    public var doorTolerance = 0.5

    public init(doorTolerance: Double = 0.5) {
        self.doorTolerance = doorTolerance
    }
}
