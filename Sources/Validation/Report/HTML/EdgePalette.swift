/// Which of the routing profiles may use an edge, reduced to what the plan colours.
enum EdgeAccess: Hashable, Sendable {
    /// Every profile may use it.
    case all
    /// Some may; the index is the first profile that may not, since that is the one to fix first.
    case notFor(Int)
    /// No profile may use it: a dead edge, almost always a data error.
    case none
}

/// Colours and names for edges by the profiles that may use them.
struct EdgePalette: Sendable {
    static let allColour = "#5a7896"
    static let noneColour = "#d62728"
    /// The usual profiles keep their colour whatever order a pipeline lists them in.
    private static let known = ["wheelchair": "#e8772e", "step-free": "#8e5bbf", "night": "#2f3437", "foot": "#a0782c"]
    /// For profiles a pipeline defines itself, in the order they appear.
    private static let extra = ["#1b8a8f", "#c25b8a", "#6b8e23", "#8c564b", "#17a2b8"]

    let profiles: [String]
    private let colours: [String]

    init(profiles: [String]) {
        self.profiles = profiles
        var unknown = 0
        colours = profiles.map { name in
            if let colour = Self.known[name] { return colour }
            defer { unknown += 1 }
            return Self.extra[unknown % Self.extra.count]
        }
    }

    /// The valid, distinct profile indexes of an edge, ascending; out-of-range ones are ignored.
    func usable(_ indexes: [Int]) -> [Int] {
        // Most lists are so already (a floor plan's edges come with ascending indexes): they are
        // their own answer, without a set and a sort for each of a city's edges.
        if indexes.indices.allSatisfy({ profiles.indices.contains(indexes[$0]) && ($0 == 0 || indexes[$0 - 1] < indexes[$0]) }) {
            return indexes
        }
        return Array(Set(indexes.filter { profiles.indices.contains($0) })).sorted()
    }

    func access(_ indexes: [Int]) -> EdgeAccess {
        let usable = Set(usable(indexes))
        if usable.isEmpty { return .none }
        if let missing = profiles.indices.first(where: { !usable.contains($0) }) { return .notFor(missing) }
        return .all
    }

    /// The names for the edge's `data-profiles` attribute, space-separated like a class list.
    func names(_ indexes: [Int]) -> String {
        usable(indexes).map { profiles[$0] }.joined(separator: " ")
    }

    func colour(_ access: EdgeAccess) -> String {
        switch access {
        case .all: return Self.allColour
        case .notFor(let index): return colours.indices.contains(index) ? colours[index] : Self.allColour
        case .none: return Self.noneColour
        }
    }

    /// The legend's wording.
    func label(_ access: EdgeAccess) -> String {
        switch access {
        case .all: return "all profiles"
        case .notFor(let index): return "not \(profiles.indices.contains(index) ? profiles[index] : "?")"
        case .none: return "no profile"
        }
    }

    /// Short class suffix, so styles and tests can select a kind of edge.
    func classSuffix(_ access: EdgeAccess) -> String {
        switch access {
        case .all: return "all"
        case .notFor: return "restricted"
        case .none: return "none"
        }
    }

    /// Every style the legend explains, in the order it lists them.
    var legendEntries: [EdgeAccess] {
        [.all] + profiles.indices.map { .notFor($0) } + [.none]
    }
}
