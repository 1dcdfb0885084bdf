public import VenueModel

/// A place a Wi-Fi site survey measured at: one reference point of the radio map to be.
public struct SurveyPoint: Hashable, Sendable {
    public var position: Coordinate
    /// The venue level the survey's floor joins; `nil` when it joins none.
    public var levelID: String?
    /// The floor and building as the survey names them.
    public var surveyLevel: String
    public var building: String?
    /// The first scan's id, to name the point by.
    public var label: String
    public var scans: Int
    /// Where the first scan is written.
    public var source: SourceLocation

    public init(position: Coordinate, levelID: String?, surveyLevel: String, building: String?, label: String,
                scans: Int, source: SourceLocation) {
        self.position = position
        self.levelID = levelID
        self.surveyLevel = surveyLevel
        self.building = building
        self.label = label
        self.scans = scans
        self.source = source
    }
}
