public import VenueModel

/// What the runner reports while it works, for progress displays.
public enum BuildEvent: Sendable {
    case stageStarted(StageKind, index: Int, count: Int)
    /// A step inside a running stage ("reading main-building.geojson").
    case stageProgress(StageKind, message: String)
    case stageFinished(StageResult)
}

/// How one stage of a build went.
public struct StageResult: Codable, Hashable, Sendable {
    public enum Status: String, Codable, Hashable, Sendable {
        /// Ran and succeeded.
        case ran
        /// Skipped: inputs, parameters and navforge version unchanged since the last success.
        case cached
        case failed
        /// Not reached (an earlier stage failed, or `--until` stopped before it).
        case skipped
    }

    public var stage: StageKind
    public var status: Status
    public var durationSeconds: Double
    public var cacheKey: String?
    public var outputs: [String]
    public var issues: IssueCounts
    /// One line about what the stage did ("51 rooms, 81 doors"), or why it failed.
    public var message: String?

    public init(stage: StageKind, status: Status, durationSeconds: Double, cacheKey: String?, outputs: [String],
                issues: IssueCounts, message: String?) {
        self.stage = stage
        self.status = status
        self.durationSeconds = durationSeconds
        self.cacheKey = cacheKey
        self.outputs = outputs
        self.issues = issues
        self.message = message
    }
}
