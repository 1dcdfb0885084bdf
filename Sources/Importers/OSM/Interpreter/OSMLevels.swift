import VenueModel

/// The levels an OSM element is on: its `level` value joined with `repeat_on`.
struct OSMLevels: Hashable {
    /// The value handed to the assembler (`0;1-3`), in the model's level syntax.
    var text: String
    var selector: LevelSelector
    /// Whether `level` itself (not `repeat_on`) names several levels: a flight between them
    /// rather than one walkway repeated on several.
    var isFlight = false

    /// Whole levels and explicit decimals the element names, for declaring its building's levels.
    /// ``read(_:)`` bounds both ends of a range, so it expands to a few hundred levels at most.
    var ordinals: [Double] { selector.ordinals }

    /// Levels named one by one (not by a range), which a building must have.
    var explicitOrdinals: Set<Double> {
        Set(selector.terms.compactMap { term in
            if case .single(let value) = term { return value }
            return nil
        })
    }

    var spansSeveral: Bool { ordinals.count > 1 }

    /// A `level` or `repeat_on` value that cannot be used.
    struct Problem: Error {
        var key: String
        var value: String
        var reason: String
    }

    /// One level value (`0;1`, `-1-3`), bounded to ±``OSMIndoorInterpreter/maximumLevelMagnitude``.
    static func parse(_ raw: String, key: String) -> Result<OSMLevels, Problem> {
        let value = raw.trimmingCharacters(in: .whitespaces)
        let selector: LevelSelector
        do {
            selector = try LevelSelector.parse(value)
        } catch {
            return .failure(Problem(key: key, value: raw, reason: error.reason))
        }
        // No building has hundreds of storeys; such values are typos or vandalism.
        let bound = OSMIndoorInterpreter.maximumLevelMagnitude
        let outOfRange = selector.terms.contains { term in
            switch term {
            case .single(let level): return abs(level) > bound
            case .range(let low, let high): return abs(low) > bound || abs(high) > bound
            }
        }
        guard !outOfRange else {
            return .failure(Problem(key: key, value: raw, reason: "levels lie between -\(Int(bound)) and \(Int(bound))"))
        }
        return .success(OSMLevels(text: value, selector: selector))
    }

    /// The levels `level` and `repeat_on` name together; `nil` when the element has neither.
    static func read(_ tags: OSMTags) -> Result<OSMLevels?, Problem> {
        var parts: [String] = []
        var terms: [LevelSelector.Term] = []
        var isFlight = false
        for key in ["level", "repeat_on"] {
            guard let raw = tags[key] else { continue }
            switch parse(raw, key: key) {
            case .success(let levels):
                terms += levels.selector.terms
                parts.append(levels.text)
                if key == "level" { isFlight = levels.spansSeveral }
            case .failure(let problem):
                return .failure(problem)
            }
        }
        guard !parts.isEmpty else { return .success(nil) }
        var levels = OSMLevels(text: parts.joined(separator: ";"), selector: LevelSelector(terms: terms))
        levels.isFlight = isFlight
        return .success(levels)
    }
}

extension OSMIndoorInterpreter {
    /// The largest level number accepted (the tallest buildings have about 160 storeys).
    static let maximumLevelMagnitude = 200.0

    /// Reads `level` and `repeat_on`; `nil` when the element has neither, or when a value is not
    /// understood (an `unknown-level` error: the element is left out of the map).
    mutating func levels(of tags: OSMTags, element: String) -> OSMLevels? {
        switch OSMLevels.read(tags) {
        case .success(let levels):
            return levels
        case .failure(let problem):
            markUsed(element)
            issues.append(Issue(code: .unknownLevel,
                                message: "\(element): \(problem.key)=\(problem.value) is not a level value: \(problem.reason); the element cannot be placed",
                                location: location(element)))
            return nil
        }
    }
}
