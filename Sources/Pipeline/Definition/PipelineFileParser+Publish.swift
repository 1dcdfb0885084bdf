import Publishing

extension PipelineFileParser {
    /// `publish: {gate: {...}, keep: N}`: what `navforge publish` enforces for this venue.
    static func parsePublish(_ value: YAMLValue?) throws(PipelineFileError) -> PublishSettings {
        var settings = PublishSettings()
        guard let value else { return settings }
        let mapping = try value.mapping()
        try mapping.rejectUnknownKeys(["gate", "keep"])
        if let keep = mapping["keep"] {
            let count = try keep.int()
            guard count >= 1 else { throw keep.error("must be at least 1 (the latest version always stays)") }
            settings.keep = count
        }
        if let gateValue = mapping["gate"] {
            let gate = try gateValue.mapping()
            let limits: [(String, WritableKeyPath<RegressionGate, RegressionGate.Limit>)] = [
                ("reachability-loss", \.reachabilityLoss), ("places-removed", \.placesRemoved), ("graph-shrink", \.graphShrink),
            ]
            try gate.rejectUnknownKeys(limits.map(\.0))
            for (key, path) in limits {
                guard let limitValue = gate[key] else { continue }
                let text = try limitValue.string()
                guard let limit = RegressionGate.Limit(text) else {
                    throw limitValue.error("expected a count (3) or a percentage (2.5%), found '\(text)'")
                }
                settings.gate[keyPath: path] = limit
            }
        }
        return settings
    }
}
