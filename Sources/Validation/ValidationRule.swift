public import Geometry
public import VenueModel

/// One check of the rule catalogue (`docs/validation-rules.md`): a stable code and the findings.
public protocol ValidationRule: Sendable {
    /// The code findings carry, such as ``FindingCode/doorNotOnOutline``; some rules report a few related codes.
    var code: FindingCode { get }
    func check(_ context: ValidationContext) -> [Issue]
}

/// What rules look at: the venue, a spatial index of its spaces, and the survey's reference points.
public final class ValidationContext {
    public let venue: Venue
    public let locator: SpaceLocator
    public let parameters: ValidationParameters
    public let surveyPoints: [SurveyPoint]

    public init(venue: Venue, parameters: ValidationParameters, surveyPoints: [SurveyPoint] = [],
                locator: SpaceLocator? = nil) {
        self.venue = venue
        self.parameters = parameters
        self.surveyPoints = surveyPoints
        self.locator = locator ?? SpaceLocator(venue: venue)
    }

    /// The refs of every space, lowercased: refs are matched without regard to case, as the
    /// graph and the bundle match them.
    public private(set) lazy var spaceRefs = Set(venue.spaces.compactMap { $0.ref?.lowercased() })

    /// The walkways of each level, for doors, landings and halls that walkways reach.
    public private(set) lazy var walkways = WalkwayIndex(venue: venue, projection: locator.projection)

    /// The refs of every space and point of interest, lowercased.
    public private(set) lazy var placeRefs = spaceRefs.union(venue.pointsOfInterest.compactMap { $0.ref?.lowercased() })

    /// Where to mark a finding about a space: a point inside its outline, else its first corner.
    public func anchor(ofSpace index: Int) -> Coordinate? {
        if let point = locator.area(ofSpace: index)?.representativePoint { return locator.projection.unproject(point) }
        return venue.spaces[index].geometry.allCoordinates.first
    }
}

/// Tolerances and plausible ranges the rules use; the door tolerance matches the graph stage's.
public struct ValidationParameters: Hashable, Sendable {
    /// Metres a door may lie from an outline and still count as on it.
    public var doorTolerance = 0.5
    /// Square metres two rooms must share before they count as overlapping.
    public var overlapArea = 1.0
    /// Share of the smaller room two rooms must share before they count as overlapping.
    public var overlapShare = 0.05
    /// Narrowest plausible width, metres: below it not even a person on foot passes.
    public var narrowest = 0.4
    /// Widest plausible door or entrance, metres.
    public var widestDoor = 10.0
    /// Widest plausible corridor, path or ramp, metres.
    public var widestWay = 50.0
    /// Steepest plausible slope of anything but stairs, percent (a wheelchair ramp is at most
    /// about 8 %, a steep street 20 %).
    public var steepestIncline = 25.0
    /// Metres a stairs or lift landing may lie off its shaft's outline (a top-floor stairwell drawn
    /// around the opening the stairs rise through); the validate stage sets the graph's value.
    public var landingReach = 5.0
    /// Metres a Wi-Fi reference point may lie outside a space's outline and still count as in it.
    public var surveyTolerance = 1.0

    public init(doorTolerance: Double = 0.5) {
        self.doorTolerance = doorTolerance
    }
}
