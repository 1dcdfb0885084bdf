import VenueModel

/// Profile parameters a pipeline file may override, by the names it uses.
extension RoutingProfile {
    /// A setting's name in the pipeline file and what it holds.
    public enum Setting: String, CaseIterable, Sendable {
        case speed
        case steps
        case escalators
        case maxIncline = "max-incline"
        case minWidth = "min-width"
        case maxKerb = "max-kerb"
        case revolvingDoors = "revolving-doors"
        case wheelchairNo = "respect-wheelchair-no"
        case secondsPerStepUp = "seconds-per-step-up"
        case secondsPerStepDown = "seconds-per-step-down"
        case liftWait = "lift-wait"
        case liftSecondsPerStorey = "lift-seconds-per-storey"
        case liftAlight = "lift-alight"
        case escalatorSecondsPerStorey = "escalator-seconds-per-storey"
        case unlitFactor = "unlit-factor"
        case unknownLightFactor = "unknown-light-factor"
        case manualDoorPenalty = "manual-door-penalty"
        case mobility
        case maxSmoothness = "max-smoothness"
        case maxTrackType = "max-track-type"
        case maxSacScale = "max-sac-scale"
        case untaggedTracks = "untagged-tracks"
        case roughSurfaceFactor = "rough-surface-factor"

        /// Whether the setting takes `true`/`false` rather than a number.
        public var isSwitch: Bool {
            switch self {
            case .steps, .escalators, .revolvingDoors, .wheelchairNo, .untaggedTracks: return true
            default: return false
            }
        }

        /// Whether the setting takes a word (`wheels`, `intermediate`, `grade2`, `any`).
        public var isWord: Bool {
            switch self {
            case .mobility, .maxSmoothness, .maxTrackType, .maxSacScale: return true
            default: return false
            }
        }
    }

    /// Sets a numeric parameter after checking it is plausible: speeds and limits positive, light
    /// factors at least 1, times within an hour.
    ///
    /// A value outside those bounds, or a number for a yes/no setting, is the caller's
    /// ``RoutingGraphError/invalidSetting(_:reason:)``.
    public mutating func set(_ setting: Setting, to value: Double) throws(RoutingGraphError) {
        guard value.isFinite else { throw .invalidSetting(setting, reason: "must be a finite number") }
        switch setting {
        case .speed:
            guard value > 0, value <= 10 else { throw .invalidSetting(setting, reason: "must be between 0 and 10 m/s") }
            speed = value
        case .maxIncline, .minWidth, .maxKerb:
            guard value > 0 else { throw .invalidSetting(setting, reason: "must be greater than 0") }
            switch setting {
            case .maxIncline: maximumIncline = value
            case .minWidth: minimumWidth = value
            default: maximumKerb = value
            }
        case .unlitFactor, .unknownLightFactor, .roughSurfaceFactor:
            guard value >= 1 else { throw .invalidSetting(setting, reason: "must be at least 1") }
            switch setting {
            case .unlitFactor: unlitFactor = value
            case .unknownLightFactor: unknownLightFactor = value
            default: roughSurfaceFactor = value
            }
        case .secondsPerStepUp, .secondsPerStepDown, .liftWait, .liftSecondsPerStorey, .liftAlight,
             .escalatorSecondsPerStorey, .manualDoorPenalty:
            guard value >= 0, value <= 3600 else { throw .invalidSetting(setting, reason: "must be between 0 and 3600 seconds") }
            switch setting {
            case .secondsPerStepUp: secondsPerStepUp = value
            case .secondsPerStepDown: secondsPerStepDown = value
            case .liftWait: liftWait = value
            case .liftSecondsPerStorey: liftSecondsPerStorey = value
            case .liftAlight: liftAlight = value
            case .escalatorSecondsPerStorey: escalatorSecondsPerStorey = value
            default: manualDoorPenalty = value
            }
        case .steps, .escalators, .revolvingDoors, .wheelchairNo, .untaggedTracks:
            throw .invalidSetting(setting, reason: "takes true or false")
        case .mobility, .maxSmoothness, .maxTrackType, .maxSacScale:
            throw .invalidSetting(setting, reason: "takes a word: \(Self.words(for: setting))")
        }
    }

    /// Sets a word-valued parameter: `mobility` (`walking`, `wheels`) or the worst smoothness,
    /// track grade or hiking grade taken (an OSM value, or `any` for no limit).
    public mutating func set(_ setting: Setting, to word: String) throws(RoutingGraphError) {
        let value = word.trimmingCharacters(in: .whitespaces)
        let unlimited = value.lowercased() == "any"
        switch setting {
        case .mobility:
            guard let mobility = Mobility(rawValue: value) else { throw .invalidSetting(setting, reason: "must be \(Self.words(for: setting))") }
            self.mobility = mobility
        case .maxSmoothness:
            guard unlimited || Smoothness(osm: value) != nil else { throw .invalidSetting(setting, reason: "must be \(Self.words(for: setting))") }
            maximumSmoothness = unlimited ? nil : Smoothness(osm: value)
        case .maxTrackType:
            guard unlimited || TrackType(osm: value) != nil else { throw .invalidSetting(setting, reason: "must be \(Self.words(for: setting))") }
            maximumTrackType = unlimited ? nil : TrackType(osm: value)
        case .maxSacScale:
            guard unlimited || HikingScale(osm: value) != nil else { throw .invalidSetting(setting, reason: "must be \(Self.words(for: setting))") }
            maximumHikingScale = unlimited ? nil : HikingScale(osm: value)
        default:
            throw .invalidSetting(setting, reason: setting.isSwitch ? "takes true or false" : "takes a number")
        }
    }

    /// The words a word-valued setting takes, for messages.
    static func words(for setting: Setting) -> String {
        let values: [String]
        switch setting {
        case .mobility: values = Mobility.allCases.map(\.rawValue)
        case .maxSmoothness: values = Smoothness.allCases.map(\.osmValue) + ["any"]
        case .maxTrackType: values = TrackType.allCases.map(\.osmValue) + ["any"]
        case .maxSacScale: values = HikingScale.allCases.map(\.osmValue) + ["any"]
        default: values = []
        }
        return values.joined(separator: ", ")
    }

    /// Sets a yes/no parameter; for a numeric one, the caller's
    /// ``RoutingGraphError/invalidSetting(_:reason:)``.
    public mutating func set(_ setting: Setting, to value: Bool) throws(RoutingGraphError) {
        switch setting {
        case .steps: allowsSteps = value
        case .escalators: allowsEscalators = value
        case .revolvingDoors: avoidsRevolvingDoors = !value
        case .wheelchairNo: respectsWheelchairNo = value
        case .untaggedTracks: allowsUntaggedTracks = value
        default: throw .invalidSetting(setting, reason: "takes a number")
        }
    }
}
