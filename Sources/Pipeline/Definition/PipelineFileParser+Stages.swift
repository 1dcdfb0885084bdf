import Importers
import RoutingGraph

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
        case .bundle:
            try mapping.rejectUnknownKeys(["build-date"])
            var parameters = BundleStageParameters()
            parameters.buildDate = try mapping["build-date"]?.string()
            return .bundle(parameters)
        }
    }

    private static func graphParameters(_ mapping: YAMLMapping) throws(PipelineFileError) -> GraphParameters {
        try mapping.rejectUnknownKeys(["door-tolerance", "place-snap-distance", "max-corridor-anchors", "profiles"])
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
        if let value = mapping["max-corridor-anchors"] {
            parameters.maximumCorridorAnchors = try value.int()
            guard parameters.maximumCorridorAnchors >= 2 else { throw value.error("must be at least 2") }
        }
        if let value = mapping["profiles"] {
            let names = try value.stringList()
            for name in names where RoutingProfile.named(name) == nil {
                let known = RoutingProfile.builtIn.map(\.name).joined(separator: ", ")
                throw value.error("unknown profile '\(name)'; expected some of: \(known)")
            }
            guard !names.isEmpty else { throw value.error("name at least one profile") }
            parameters.profiles = names
        }
        return parameters
    }
}
