public import Geometry
public import VenueModel

/// Runs the rule catalogue over a venue.
public struct Validator {
    /// Every rule, in catalogue order.
    public static let rules: [any ValidationRule] = [
        InvalidGeometryRule(),
        DoorNotOnOutlineRule(),
        DoorlessSpaceRule(),
        OverlappingRoomsRule(),
        ConnectorLevelsRule(),
        ConnectorOutsideSpaceRule(),
        LevelConnectionRule(),
        BuildingEntranceRule(),
        DuplicateRefRule(),
        EventPlaceRule(),
        PointOfInterestRoomRule(),
        ImplausibleMeasureRule(),
        SurveyPointRule(),
    ]

    public let context: ValidationContext

    public init(venue: Venue, parameters: ValidationParameters = ValidationParameters(),
                surveyPoints: [SurveyPoint] = [], locator: SpaceLocator? = nil) {
        context = ValidationContext(venue: venue, parameters: parameters, surveyPoints: surveyPoints, locator: locator)
    }

    /// All findings, errors first, then by file and line.
    public func run() -> [Issue] {
        Self.sorted(Self.rules.flatMap { $0.check(context) })
    }

    /// The report order: severity, then source file, line and feature, then code.
    public static func sorted(_ issues: [Issue]) -> [Issue] {
        issues.enumerated().sorted { lhs, rhs in
            let a = lhs.element
            let b = rhs.element
            if a.severity != b.severity { return a.severity < b.severity }
            let fileA = a.location?.file ?? "", fileB = b.location?.file ?? ""
            if fileA != fileB { return fileA < fileB }
            let lineA = a.location?.line ?? 0, lineB = b.location?.line ?? 0
            if lineA != lineB { return lineA < lineB }
            if a.code != b.code { return a.code < b.code }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
