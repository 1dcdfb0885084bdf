public import NavFormat

/// What a route endpoint text names (`docs/endpoints.md`): a place, or a position on one or
/// more levels.
public enum Endpoint: Hashable, Sendable {
    /// Index into the bundle's places.
    case place(Int)
    /// A position in WGS 84 degrees and the levels it may be on (ascending `LEVL` indexes);
    /// it snaps to the nearest node of those levels.
    case position(latitude: Double, longitude: Double, levels: [Int])
}

/// A place an endpoint text could mean, as an error lists it.
public struct EndpointCandidate: Hashable, Sendable {
    /// Index into the bundle's places.
    public var place: Int
    /// `A.2.14 Seminar room`.
    public var label: String
    /// `Ground floor, Main Building`, when the place is on a level.
    public var level: String?
    /// `node/123`, when the bundle says.
    public var source: String?

    /// `Rossmann (level 0, node/123)`.
    public var description: String {
        let details = [level, source].compactMap { $0 }
        return details.isEmpty ? label : "\(label) (\(details.joined(separator: ", ")))"
    }
}

/// Why an endpoint text names no single place or position.
public enum EndpointError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is empty once folded.
    case empty
    /// Nothing has that ref, name, alias or source id; up to three close places.
    case unknown(String, suggestions: [EndpointCandidate])
    /// Several places match; all of them, in place order.
    case ambiguous(String, candidates: [EndpointCandidate])
    /// Places match the text before `@`, but none is on the levels after it.
    case elsewhere(String, candidates: [EndpointCandidate])
    /// A position without `@level` in a bundle of several levels.
    case needsLevel(String, levels: [String])
    /// The text after `@` names no level or building.
    case unknownLevel(String)
    /// A position outside ±90° latitude or ±180° longitude.
    case badCoordinate(String)
    case bundle(ContainerError)

    /// How many candidates a message lists before saying how many more there are.
    public static let listedCandidates = 5

    /// The error's class as the reader query answers name it (`readers/vectors/README.md`).
    public var code: String {
        switch self {
        case .empty: return "empty"
        case .unknown: return "unknown"
        case .ambiguous: return "ambiguous"
        case .elsewhere: return "elsewhere"
        case .needsLevel: return "needs-level"
        case .unknownLevel: return "unknown-level"
        case .badCoordinate: return "bad-coordinate"
        case .bundle: return "bundle"
        }
    }

    public var description: String {
        switch self {
        case .empty:
            return "an empty text names no place"
        case .unknown(let text, let suggestions):
            let hint = suggestions.isEmpty ? "" : "; did you mean \(suggestions.map { "'\($0.label)'" }.joined(separator: ", "))?"
            return "no room or point of interest called '\(text)' in this bundle\(hint)"
        case .ambiguous(let text, let candidates):
            return "'\(text)' names \(candidates.count) places: \(Self.list(candidates)); add @level or @building, or use a ref or source id"
        case .elsewhere(let text, let candidates):
            return "no place '\(text)' on that level or building; it names \(Self.list(candidates))"
        case .needsLevel(let text, let levels):
            let shown = levels.prefix(Self.listedCandidates).joined(separator: ", ")
            let more = levels.count > Self.listedCandidates ? " and \(levels.count - Self.listedCandidates) more" : ""
            return "the position '\(text)' needs a level: add @ and a level's ordinal, name or id (\(shown)\(more))"
        case .unknownLevel(let text):
            return "'\(text)' names no level or building of this bundle"
        case .badCoordinate(let text):
            return "'\(text)' is not a position: latitude must lie within ±90 and longitude within ±180 degrees"
        case .bundle(let error):
            return error.description
        }
    }

    static func list(_ candidates: [EndpointCandidate]) -> String {
        let shown = candidates.prefix(listedCandidates).map(\.description).joined(separator: ", ")
        let more = candidates.count - listedCandidates
        return more > 0 ? "\(shown) and \(more) more" : shown
    }
}
