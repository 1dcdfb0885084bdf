import VenueModel

/// The levels an OSM element is on: its `level` value joined with `repeat_on`.
struct OSMLevels: Hashable {
    /// The value handed to the assembler (`0;1-3`), in the model's level syntax.
    var text: String
    var selector: LevelSelector

    /// Whole levels and explicit decimals the element names, for declaring its building's levels.
    var ordinals: [Double] {
        var result: [Double] = []
        for term in selector.terms {
            switch term {
            case .single(let value):
                result.append(value)
            case .range(let low, let high):
                // Bounded so a hostile `level=-1000000-1000000` cannot allocate millions of levels.
                guard high - low <= 200 else {
                    result += [low, high]
                    continue
                }
                var value = low.rounded(.up)
                while value <= high {
                    result.append(value)
                    value += 1
                }
                result += [low, high]
            }
        }
        return Array(Set(result)).sorted()
    }

    /// Levels named one by one (not by a range), which a building must have.
    var explicitOrdinals: Set<Double> {
        Set(selector.terms.compactMap { term in
            if case .single(let value) = term { return value }
            return nil
        })
    }

    var spansSeveral: Bool { ordinals.count > 1 }
}

extension OSMIndoorInterpreter {
    /// The largest level number accepted (the tallest buildings have about 160 storeys).
    static let maximumLevelMagnitude = 200.0

    /// Reads `level` and `repeat_on`; `nil` when the element has neither, or when a value is not
    /// understood (reported).
    mutating func levels(of tags: OSMTags, element: String) -> OSMLevels? {
        var parts: [String] = []
        var terms: [LevelSelector.Term] = []
        for key in ["level", "repeat_on"] {
            guard let raw = tags[key] else { continue }
            let value = raw.trimmingCharacters(in: .whitespaces)
            do {
                let selector = try LevelSelector.parse(value)
                // No building has hundreds of storeys; such values are typos or vandalism.
                let bound = Self.maximumLevelMagnitude
                if selector.terms.contains(where: { term in
                    switch term {
                    case .single(let level): return abs(level) > bound
                    case .range(let low, let high): return abs(low) > bound || abs(high) > bound
                    }
                }) {
                    invalidTag(key, raw, element: element,
                               "levels lie between -\(Int(bound)) and \(Int(bound)); the element cannot be placed")
                    return nil
                }
                terms += selector.terms
                parts.append(value)
            } catch {
                invalidTag(key, raw, element: element, "\(error.reason); the element cannot be placed")
                return nil
            }
        }
        guard !parts.isEmpty else { return nil }
        return OSMLevels(text: parts.joined(separator: ";"), selector: LevelSelector(terms: terms))
    }
}
