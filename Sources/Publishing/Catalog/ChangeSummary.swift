public import BundleTools

/// A short account of what a version changed against the one published before it, from
/// `navforge diff`.
public struct ChangeSummary: Codable, Hashable, Sendable {
    public struct Count: Codable, Hashable, Sendable {
        public var old: Int
        public var new: Int
    }

    public struct ProfileReachability: Codable, Hashable, Sendable {
        public var profile: String
        /// Places that could leave the venue before and no longer can.
        public var lost: Int
        /// Places that can leave now and could not before.
        public var gained: Int
    }

    /// The version compared against.
    public var against: String
    /// One line for people: "2 places added, 1 renamed; arcs 1,204 → 1,210".
    public var text: String
    public var placesAdded: Int
    public var placesRemoved: Int
    public var placesRenamed: Int
    public var placesMoved: Int
    public var nodes: Count
    public var arcs: Count
    public var reachability: [ProfileReachability]
    public var profilesAdded: [String]
    public var profilesRemoved: [String]

    public init(_ diff: BundleDiff) {
        against = diff.oldVersion
        placesAdded = diff.added.count
        placesRemoved = diff.removed.count
        placesRenamed = diff.renamed.count
        placesMoved = diff.moved.count
        nodes = Count(old: diff.nodes.old, new: diff.nodes.new)
        arcs = Count(old: diff.arcs.old, new: diff.arcs.new)
        reachability = diff.reachability.map { ProfileReachability(profile: $0.profile, lost: $0.lost.count, gained: $0.gained.count) }
        profilesAdded = diff.profilesAdded
        profilesRemoved = diff.profilesRemoved
        text = Self.text(diff)
    }

    private static func text(_ diff: BundleDiff) -> String {
        var parts: [String] = []
        let places = [(diff.added.count, "added"), (diff.removed.count, "removed"), (diff.renamed.count, "renamed"),
                      (diff.moved.count, "moved")].filter { $0.0 > 0 }
        if !places.isEmpty {
            parts.append(places.enumerated().map { index, item in
                index == 0 ? "\(item.0) place\(item.0 == 1 ? "" : "s") \(item.1)" : "\(item.0) \(item.1)"
            }.joined(separator: ", "))
        }
        if diff.nodes.old != diff.nodes.new || diff.arcs.old != diff.arcs.new {
            parts.append("nodes \(diff.nodes.old) → \(diff.nodes.new), arcs \(diff.arcs.old) → \(diff.arcs.new)")
        }
        for reach in diff.reachability where !reach.lost.isEmpty || !reach.gained.isEmpty {
            parts.append("\(reach.profile): \(reach.lost.count) lose their way out, \(reach.gained.count) gain one")
        }
        if !diff.profilesAdded.isEmpty { parts.append("profiles added: \(diff.profilesAdded.joined(separator: ", "))") }
        if !diff.profilesRemoved.isEmpty { parts.append("profiles removed: \(diff.profilesRemoved.joined(separator: ", "))") }
        if diff.oldVersion == diff.newVersion, parts.isEmpty { return "no change" }
        return parts.isEmpty ? "no change to places or graph" : parts.joined(separator: "; ")
    }
}
