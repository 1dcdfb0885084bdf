import Contraction
import RoutingGraph
import NavFormat
import GuidanceLanguages

extension PipelineFileParser {
    static func parseStages(_ value: YAMLValue) throws(PipelineFileError) -> [StageDefinition] {
        let mapping = try value.mapping()
        try mapping.rejectUnknownKeys(StageKind.allCases.map(\.rawValue))
        var stages: [StageDefinition] = []
        for entry in mapping.entries {
            guard let kind = StageKind(rawValue: entry.key) else { continue }
            if let last = stages.last, kind < last.kind {
                throw entry.value.error("stage '\(kind.rawValue)' must come before '\(last.kind.rawValue)' (order: \(StageKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            stages.append(StageDefinition(kind: kind, parameters: try parameters(of: kind, entry.value),
                                          canonicalParameters: entry.value.canonicalJSON()))
        }
        guard stages.first?.kind == .import else {
            throw value.error("the stages must start with 'import': every other stage reads its output")
        }
        if stages.contains(where: { $0.kind == .contract }), !stages.contains(where: { $0.kind == .graph }) {
            throw value.error("the 'contract' stage needs a 'graph' stage: it contracts the graph that stage derives")
        }
        return stages
    }

    private static func parameters(of kind: StageKind, _ value: YAMLValue) throws(PipelineFileError) -> StageParameters {
        let mapping = try value.mapping()
        switch kind {
        case .import:
            try mapping.rejectUnknownKeys([])
            return .import
        case .validate:
            try mapping.rejectUnknownKeys(["fail-on"])
            var parameters = ValidateStageParameters()
            if let failOn = mapping["fail-on"] {
                let text = try failOn.string()
                guard let parsed = ValidateStageParameters.FailOn(rawValue: text) else {
                    throw failOn.error("expected error, warning or never, found '\(text)'")
                }
                parameters.failOn = parsed
            }
            return .validate(parameters)
        case .graph:
            return .graph(try graphParameters(mapping))
        case .contract:
            try mapping.rejectUnknownKeys(["method", "witness-settle-limit", "estimate-settle-limit"])
            var parameters = ContractStageParameters()
            if let value = mapping["method"] {
                let text = try value.string()
                guard let method = ContractStageParameters.Method(rawValue: text) else {
                    throw value.error("expected cch or ch, found '\(text)'")
                }
                parameters.method = method
            }
            if let value = mapping["witness-settle-limit"] {
                parameters.hierarchy.witnessSettleLimit = try value.int()
                guard (1...100_000).contains(parameters.hierarchy.witnessSettleLimit) else { throw value.error("must be between 1 and 100000") }
            }
            if let value = mapping["estimate-settle-limit"] {
                parameters.hierarchy.estimateSettleLimit = try value.int()
                guard (1...100_000).contains(parameters.hierarchy.estimateSettleLimit) else { throw value.error("must be between 1 and 100000") }
            }
            return .contract(parameters)
        case .fingerprints:
            return .fingerprints(try fingerprintParameters(mapping))
        case .bundle:
            try mapping.rejectUnknownKeys(["build-date", "events", "guidance"])
            var parameters = BundleStageParameters()
            parameters.buildDate = try mapping["build-date"]?.string()
            if let events = mapping["events"] {
                let settings = try events.mapping()
                try settings.rejectUnknownKeys(["factor", "minutes-before", "minutes-after"])
                if let value = settings["factor"] {
                    parameters.eventCongestion.factor = try value.double()
                    guard (1...1000).contains(parameters.eventCongestion.factor) else { throw value.error("must be between 1 and 1000") }
                }
                for (key, path) in [("minutes-before", \BundleMetadata.EventCongestion.minutesBefore),
                                    ("minutes-after", \BundleMetadata.EventCongestion.minutesAfter)] {
                    guard let value = settings[key] else { continue }
                    parameters.eventCongestion[keyPath: path] = try value.int()
                    guard (0...1440).contains(parameters.eventCongestion[keyPath: path]) else { throw value.error("must be between 0 and 1440") }
                }
            }
            if let guidance = mapping["guidance"] {
                parameters.guidanceLanguages = try guidanceLanguages(guidance)
            }
            return .bundle(parameters)
        }
    }

    /// `guidance: {languages: [de, en]}`: codes navforge has, each once; an unknown one names those there are.
    private static func guidanceLanguages(_ value: YAMLValue) throws(PipelineFileError) -> [String] {
        let settings = try value.mapping()
        try settings.rejectUnknownKeys(["languages"])
        guard let list = settings["languages"] else { throw value.error("expected 'languages', a list of language codes") }
        let available: [String]
        do {
            available = try BundledLanguages.codes()
        } catch {
            throw value.error("\(error)")
        }
        var codes: [String] = []
        for item in try list.list() {
            let code = try item.string()
            guard available.contains(code) else {
                throw item.error("no guidance language '\(code)' (available: \(available.joined(separator: ", ")))")
            }
            guard !codes.contains(code) else { throw item.error("'\(code)' is listed twice") }
            codes.append(code)
        }
        guard !codes.isEmpty else { throw list.error("list at least one language, or leave 'guidance' out for all") }
        return codes
    }

    private static func fingerprintParameters(_ mapping: YAMLMapping) throws(PipelineFileError) -> FingerprintStageParameters {
        let counts: [(String, WritableKeyPath<LocatorParameters, Int>)] = [
            ("neighbours", \.position.neighbours), ("floor-scans", \.floorScans), ("floor-spots", \.floorSpots),
        ]
        let exponents: [(String, WritableKeyPath<LocatorParameters, Double>)] = [
            ("floor-exponent", \.floorExponent), ("position-exponent", \.positionExponent),
        ]
        try mapping.rejectUnknownKeys(counts.map(\.0) + exponents.map(\.0)
            + ["weakest-rssi", "quality-folds", "certain-ratio", "position-from", "position-weights"])
        var parameters = FingerprintStageParameters()
        if let value = mapping["quality-folds"] {
            parameters.qualityFolds = try value.int()
            guard parameters.qualityFolds == 0 || (2...100).contains(parameters.qualityFolds) else {
                throw value.error("must be 0 (no survey-quality estimate) or between 2 and 100")
            }
        }
        for (key, path) in counts {
            guard let value = mapping[key] else { continue }
            parameters.locator[keyPath: path] = try value.int()
            guard (1...1000).contains(parameters.locator[keyPath: path]) else { throw value.error("must be between 1 and 1000") }
        }
        for (key, path) in exponents {
            guard let value = mapping[key] else { continue }
            parameters.locator[keyPath: path] = try value.double()
            guard parameters.locator[keyPath: path] > 0, parameters.locator[keyPath: path] <= 16 else {
                throw value.error("must be above 0 and at most 16")
            }
        }
        if let value = mapping["position-from"] {
            let names: [String: LocatorParameters.PositionRule.Source] = ["scans": .scans, "spots": .spots, "both": .both]
            guard let source = names[try value.string()] else { throw value.error("must be scans, spots or both") }
            parameters.locator.position.source = source
        }
        if let value = mapping["position-weights"] {
            switch try value.string() {
            case "inverse-distance": parameters.locator.position.inverseDistance = true
            case "equal": parameters.locator.position.inverseDistance = false
            default: throw value.error("must be inverse-distance or equal")
            }
        }
        parameters.positionRuleFixed = ["neighbours", "position-from", "position-weights"].contains { mapping[$0] != nil }
        if let value = mapping["certain-ratio"] {
            parameters.locator.certainRatio = try value.double()
            guard parameters.locator.certainRatio > 1, parameters.locator.certainRatio <= 100 else {
                throw value.error("must be above 1 and at most 100")
            }
        }
        if let value = mapping["weakest-rssi"] {
            parameters.locator.weakestRSSI = try value.double()
            guard parameters.locator.weakestRSSI >= -150, parameters.locator.weakestRSSI < -1 else {
                throw value.error("must be between -150 and -1 dBm")
            }
        }
        return parameters
    }

    private static func graphParameters(_ mapping: YAMLMapping) throws(PipelineFileError) -> GraphParameters {
        try mapping.rejectUnknownKeys(["door-tolerance", "place-snap-distance", "clearance", "entrance-snap-distance",
                                       "max-space-anchors", "profiles", "profile-overrides"])
        var parameters = GraphParameters()
        if let value = mapping["door-tolerance"] {
            parameters.doorTolerance = try value.double()
            guard parameters.doorTolerance > 0, parameters.doorTolerance <= 5 else {
                throw value.error("must be between 0 and 5 metres")
            }
        }
        if let value = mapping["place-snap-distance"] {
            parameters.placeSnapDistance = try value.double()
            guard parameters.placeSnapDistance >= 0 else { throw value.error("must not be negative") }
        }
        if let value = mapping["clearance"] {
            parameters.clearance = try value.double()
            guard parameters.clearance >= 0, parameters.clearance <= 2 else {
                throw value.error("must be between 0 and 2 metres")
            }
        }
        if let value = mapping["entrance-snap-distance"] {
            parameters.entranceSnapDistance = try value.double()
            guard parameters.entranceSnapDistance >= 0, parameters.entranceSnapDistance <= 200 else {
                throw value.error("must be between 0 and 200 metres")
            }
        }
        if let value = mapping["max-space-anchors"] {
            parameters.maximumSpaceAnchors = try value.int()
            guard (2...1000).contains(parameters.maximumSpaceAnchors) else { throw value.error("must be between 2 and 1000") }
        }
        if let value = mapping["profiles"] {
            let names = try value.stringList()
            var profiles: [RoutingProfile] = []
            for name in names {
                guard let profile = RoutingProfile.named(name) else {
                    let known = RoutingProfile.builtIn.map(\.name).joined(separator: ", ")
                    throw value.error("unknown profile '\(name)'; expected some of: \(known)")
                }
                guard !profiles.contains(where: { $0.name == name }) else { throw value.error("profile '\(name)' is listed twice") }
                profiles.append(profile)
            }
            guard !profiles.isEmpty else { throw value.error("name at least one profile") }
            parameters.profiles = profiles
        }
        if let value = mapping["profile-overrides"] {
            try applyProfileOverrides(value, to: &parameters.profiles)
        }
        return parameters
    }

    /// `profile-overrides: {wheelchair: {speed: 0.9, lift-wait: 45}}`: settings of compiled profiles.
    private static func applyProfileOverrides(_ value: YAMLValue, to profiles: inout [RoutingProfile])
        throws(PipelineFileError) {
        let byProfile = try value.mapping()
        let settingNames = RoutingProfile.Setting.allCases.map(\.rawValue)
        for (name, settingsValue, _) in byProfile.entries {
            guard let index = profiles.firstIndex(where: { $0.name == name }) else {
                throw settingsValue.error("profile '\(name)' is not compiled; list it under profiles first")
            }
            let settings = try settingsValue.mapping()
            try settings.rejectUnknownKeys(settingNames)
            for (key, setting, _) in settings.entries {
                guard let known = RoutingProfile.Setting(rawValue: key) else { continue }
                do {
                    if known.isSwitch {
                        try profiles[index].set(known, to: try setting.bool())
                    } else if known.isWord {
                        try profiles[index].set(known, to: try setting.string())
                    } else {
                        try profiles[index].set(known, to: try setting.double())
                    }
                } catch let error as RoutingGraphError {
                    throw setting.error("\(key) of profile '\(name)' \(error.description)")
                } catch let error as PipelineFileError {
                    throw error
                } catch {
                    throw setting.error("\(error)")
                }
            }
        }
    }
}
