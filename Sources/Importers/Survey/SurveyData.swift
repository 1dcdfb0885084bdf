public import VenueModel

/// What a survey input holds: scans, or an access-point inventory.
public struct SurveyData: Sendable {
    public var scans: [SurveyScan] = []
    public var accessPoints: [AccessPoint] = []

    public init(scans: [SurveyScan] = [], accessPoints: [AccessPoint] = []) {
        self.scans = scans
        self.accessPoints = accessPoints
    }
}
