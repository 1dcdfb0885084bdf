public import NavFormat

/// Why the runtime gives no answer: the one error type of `NavBundle`'s API.
///
/// The cases fall in four groups, which an app handles differently:
///
/// - **The caller's mistake.** An index the bundle does not have (``nodeOutOfRange(_:nodeCount:)``,
///   ``arcOutOfRange(_:arcCount:)``, ``levelOutOfRange(_:levelCount:)``,
///   ``placeOutOfRange(_:placeCount:)``, ``eventOutOfRange(_:eventCount:)``,
///   ``profileOutOfRange(_:profileCount:)``, ``landmarkOutOfRange(_:landmarkCount:)``,
///   ``decisionPointOutOfRange(_:keyCount:)``), a route whose arcs do not join its nodes
///   (``disjointRoute(position:)``), a route through fewer than two stops (``tooFewStops(_:)``), a
///   profile name it does not have, a position that is
///   none, or an endpoint text that names no single place (``emptyEndpoint`` to
///   ``badCoordinate(_:)``; ``endpointCode`` names these as the readers' answers do), or
///   a place filter's text that folds to nothing (``emptyFilter(what:text:)``), or
///   conditions that are malformed or name nothing (``invalidConditions(_:)``,
///   ``unmatchedConditions(_:)``), or an instruction language, text or value the bundle lacks
///   (``unknownLanguage(_:available:)``, ``missingGuidanceText(key:language:)``,
///   ``missingGuidanceValue(placeholder:key:language:)``). The file is fine: fix the call, or ask the person again.
/// - **What the bundle was built without**: ``noGraph``, ``noEgress``, ``noHierarchy(_:)``,
///   ``noCustomisableHierarchy``.
///   Rebuild it with the stage.
/// - **No way there**: ``notConnected(_:)``, ``noRoute(from:to:profile:)``. The question was
///   fine; the venue has no route for it.
/// - **The file**: ``file(_:)``, when it cannot be opened or is damaged. Every value read from a
///   bundle is checked where it is used, so damage ends here, never in a crash or a wrong answer.
public enum BundleError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownProfile(String, available: [String])
    case profileOutOfRange(Int, profileCount: Int)
    /// A node id outside the graph, as the caller gave it.
    case nodeOutOfRange(Int, nodeCount: Int)
    case arcOutOfRange(Int, arcCount: Int)
    case levelOutOfRange(Int, levelCount: Int)
    case placeOutOfRange(Int, placeCount: Int)
    case eventOutOfRange(Int, eventCount: Int)
    /// A tour index the bundle's `TOUR` lacks (a bundle without tours has none).
    case tourOutOfRange(Int, tourCount: Int)
    /// A people count for crowds that is negative or beyond a billion.
    case invalidCrowdCount(String)
    /// A text that names no tour of the bundle, with the tours it has.
    case unknownTour(String, available: [String])
    /// A text that names several tours and none exactly.
    case ambiguousTour(String, candidates: [String])
    /// A route whose arcs do not lead from each of its nodes to the next: not one the bundle gave.
    case disjointRoute(position: Int)
    /// A route through stops given fewer than two (docs/endpoints.md, "Via points").
    case tooFewStops(Int)
    /// A landmark index outside `GLMK`'s landmarks (none in a bundle without `GLMK`).
    case landmarkOutOfRange(Int, landmarkCount: Int)
    /// A decision point outside `GLMK`'s keys: the nodes, then the `SHAP` corners.
    case decisionPointOutOfRange(Int, keyCount: Int)
    /// An endpoint text that is empty once folded.
    case emptyEndpoint
    /// Nothing has that ref, name, alias or source id; up to three close places.
    case unknownPlace(String, suggestions: [EndpointCandidate])
    /// Several places match; all of them, in place order.
    case ambiguousPlace(String, candidates: [EndpointCandidate])
    /// Places match the text before `@`, but none is on the levels after it.
    case placeElsewhere(String, candidates: [EndpointCandidate])
    /// A position without `@level` in a bundle of several levels.
    case needsLevel(String, levels: [String])
    /// The text after `@` names no level or building.
    case unknownLevel(String)
    /// A place filter's category or keyword that folds to nothing, so it would match nothing.
    case emptyFilter(what: String, text: String)
    /// A position outside ±90° latitude or ±180° longitude, or not a number.
    case badCoordinate(String)
    /// The bundle was built without a graph stage: searchable, not routable.
    case noGraph
    /// The bundle predates egress tables (format 0.1) or was built without a graph.
    case noEgress
    /// The bundle has no contraction hierarchy for the profile (its pipeline did not contract).
    case noHierarchy(String)
    /// A place with no node a route can leave or reach.
    case notConnected(String)
    case noRoute(from: String, to: String, profile: String)
    /// A conditions file that breaks `docs/conditions.md`; the detail names the entry.
    case invalidConditions(String)
    /// Conditions targets that match nothing in the bundle, in file order.
    case unmatchedConditions([RouteConditions.Entry])
    /// A conditions target that names several places and nothing else.
    case ambiguousCondition(RouteConditions.Entry, candidates: [EndpointCandidate])
    /// The bundle has no customisable hierarchy, which applying conditions needs.
    case noCustomisableHierarchy
    /// An instruction language the bundle does not have (`GTXT`); never answered in another language.
    case unknownLanguage(String, available: [String])
    /// A guidance text key the bundle's language lacks: a key unknown to this `GTXT`, or an optional one.
    case missingGuidanceText(key: String, language: String)
    /// A template placeholder the caller gave no value for, or a value with the wrong number of forms.
    case missingGuidanceValue(placeholder: String, key: String, language: String)
    /// The bundle file cannot be opened, or is damaged.
    case file(FormatError)

    /// How many candidates a message lists before saying how many more there are.
    public static let listedCandidates = 5

    /// An endpoint error's class as the reader query answers name it
    /// (`readers/vectors/README.md`); `nil` for the other cases.
    public var endpointCode: String? {
        switch self {
        case .emptyEndpoint: return "empty"
        case .unknownPlace: return "unknown"
        case .ambiguousPlace: return "ambiguous"
        case .placeElsewhere: return "elsewhere"
        case .needsLevel: return "needs-level"
        case .unknownLevel: return "unknown-level"
        case .badCoordinate: return "bad-coordinate"
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .unknownProfile(let name, let available):
            return "profile '\(name)' is not in this bundle (it has: \(available.joined(separator: ", ")))"
        case .profileOutOfRange(let profile, let count):
            return "profile \(profile) is not in this bundle (\(Self.range(count, of: "profiles")))"
        case .nodeOutOfRange(let node, let count):
            return "node \(node) is not in this bundle's graph (\(Self.range(count, of: "nodes")))"
        case .arcOutOfRange(let arc, let count):
            return "arc \(arc) is not in this bundle's graph (\(Self.range(count, of: "arcs")))"
        case .levelOutOfRange(let level, let count):
            return "level \(level) is not in this bundle (\(Self.range(count, of: "levels")))"
        case .placeOutOfRange(let place, let count):
            return "place \(place) is not in this bundle (\(Self.range(count, of: "places")))"
        case .eventOutOfRange(let event, let count):
            return "event \(event) is not in this bundle (\(Self.range(count, of: "events")))"
        case .tourOutOfRange(let tour, let count):
            return "tour \(tour) is not in this bundle (\(Self.range(count, of: "tours")))"
        case .invalidCrowdCount(let entry):
            return "crowd counts: '\(entry)' is not a count of people from 0 to 1000000000"
        case .unknownTour(let text, let available):
            let list = available.isEmpty ? "it has none" : "it has \(available.map { "'\($0)'" }.joined(separator: ", "))"
            return "no tour called '\(text)' in this bundle (\(list))"
        case .ambiguousTour(let text, let candidates):
            return "'\(text)' names \(candidates.count) tours: \(candidates.map { "'\($0)'" }.joined(separator: ", ")); give more of the name"
        case .disjointRoute(let position):
            return "arc \(position) of the route does not lead from its node \(position) to its node \(position + 1)"
        case .tooFewStops(let count):
            return "a route through stops takes at least two stops, not \(count)"
        case .landmarkOutOfRange(let landmark, let count):
            return "landmark \(landmark) is not in this bundle (\(Self.range(count, of: "landmarks")))"
        case .decisionPointOutOfRange(let key, let count):
            return "decision point \(key) is not in this bundle (\(Self.range(count, of: "decision points")))"
        case .emptyEndpoint:
            return "an empty text names no place"
        case .unknownPlace(let text, let suggestions):
            let hint = suggestions.isEmpty ? "" : "; did you mean \(suggestions.map { "'\($0.label)'" }.joined(separator: ", "))?"
            return "no room or point of interest called '\(text)' in this bundle\(hint)"
        case .ambiguousPlace(let text, let candidates):
            return "'\(text)' names \(candidates.count) places: \(Self.list(candidates)); add @level or @building, or use a ref or source id"
        case .placeElsewhere(let text, let candidates):
            return "no place '\(text)' on that level or building; it names \(Self.list(candidates))"
        case .needsLevel(let text, let levels):
            let shown = levels.prefix(Self.listedCandidates).joined(separator: ", ")
            let more = levels.count > Self.listedCandidates ? " and \(levels.count - Self.listedCandidates) more" : ""
            return "the position '\(text)' needs a level: add @ and a level's ordinal, name or id (\(shown)\(more))"
        case .unknownLevel(let text):
            return "'\(text)' names no level or building of this bundle"
        case .emptyFilter(let what, let text):
            return "the \(what) filter '\(text)' has no letter or digit to match"
        case .badCoordinate(let text):
            return "'\(text)' is not a position: latitude must lie within ±90 and longitude within ±180 degrees"
        case .noGraph:
            return "this bundle has no navigation graph (its pipeline has no graph stage): it can be searched, not routed"
        case .noEgress:
            return "this bundle has no egress tables (it was built before format 0.2 or without a graph stage): rebuild it to find ways out"
        case .noHierarchy(let profile):
            return "this bundle has no contraction hierarchy for profile '\(profile)' (its pipeline has no contract stage)"
        case .notConnected(let place):
            return "\(place) is not connected to the navigation graph"
        case .noRoute(let from, let to, let profile):
            return "no \(profile) route from \(from) to \(to)"
        case .invalidConditions(let detail):
            return "conditions: \(detail) (docs/conditions.md)"
        case .unmatchedConditions(let entries):
            return "conditions: nothing in the bundle matches \(entries.map(\.description).joined(separator: ", "))"
        case .ambiguousCondition(let entry, let candidates):
            return "conditions: \(entry) names \(candidates.count) places: \(Self.list(candidates)); use a ref or source id"
        case .noCustomisableHierarchy:
            return "the bundle has no customisable hierarchy (format 2.0, contract method cch), so conditions cannot be applied; rebuild it with 'contract: {method: cch}'"
        case .unknownLanguage(let code, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "no guidance language '\(code)' in this bundle (it has \(list))"
        case .missingGuidanceText(let key, let language):
            return "the bundle's guidance language '\(language)' has no text '\(key)' (GTXT)"
        case .missingGuidanceValue(let placeholder, let key, let language):
            return "no value for {\(placeholder)} of guidance text '\(key)' in '\(language)'"
        case .file(let error):
            return error.description
        }
    }

    /// `its nodes are 0 to 5`, or `it has none`.
    private static func range(_ count: Int, of things: String) -> String {
        count > 0 ? "its \(things) are 0 to \(count - 1)" : "it has none"
    }

    static func list(_ candidates: [EndpointCandidate]) -> String {
        let shown = candidates.prefix(listedCandidates).map(\.description).joined(separator: ", ")
        let more = candidates.count - listedCandidates
        return more > 0 ? "\(shown) and \(more) more" : shown
    }
}

extension BundleError {
    // Most of the reader's checks find damage in one section; these spell it as the file's error.

    /// A section whose contents break the format: the file's damage.
    static func malformedSection(section: String, detail: String) -> BundleError {
        .file(.malformedSection(section: section, detail: detail))
    }

    /// A section the question needs and the file lacks.
    static func missingSection(_ tag: String) -> BundleError {
        .file(.missingSection(tag))
    }

    /// Runs reads inside a named section, reporting a failed read as that section's damage.
    static func reading<T>(_ section: String, _ body: () throws(FormatError) -> T) throws(BundleError) -> T {
        do {
            return try FormatError.reading(section, body)
        } catch {
            throw .file(error)
        }
    }

    /// Runs container code, reporting its failure as the file's.
    static func inFile<T>(_ body: () throws(FormatError) -> T) throws(BundleError) -> T {
        do {
            return try body()
        } catch {
            throw .file(error)
        }
    }
}
