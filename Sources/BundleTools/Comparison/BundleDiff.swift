/// What changed between two bundles of a venue: what a reviewer checks before publishing a rebuild.
///
/// Places are matched by kind and ref, or by kind and name when they have no ref (the key a
/// person searches by). A matched place is *renamed* when its name changed and *moved* when its
/// level changed or its position moved more than ``movedThreshold`` metres.
public struct BundleDiff: Codable, Hashable, Sendable {
    /// Metres a place must move to count as moved; smaller shifts are re-surveying noise.
    public static let movedThreshold = 1.0

    public struct PlaceSummary: Codable, Hashable, Sendable {
        public var kind: String
        public var key: String
        public var label: String
        public var level: String?
    }

    public struct Renamed: Codable, Hashable, Sendable {
        public var key: String
        public var oldName: String?
        public var newName: String?
    }

    public struct Moved: Codable, Hashable, Sendable {
        public var key: String
        public var oldLevel: String?
        public var newLevel: String?
        /// Metres between the old and new positions, when both have one.
        public var distance: Double?
    }

    public struct Count: Codable, Hashable, Sendable {
        public var old: Int
        public var new: Int
    }

    /// For one profile present in both bundles: places that can or can no longer leave the
    /// venue (from the egress tables), which is how a broken door or lift shows up.
    public struct Reachability: Codable, Hashable, Sendable {
        public var profile: String
        public var reachableOld: Int
        public var reachableNew: Int
        public var lost: [String]
        public var gained: [String]
    }

    public var oldVersion: String
    public var newVersion: String
    public var added: [PlaceSummary] = []
    public var removed: [PlaceSummary] = []
    public var renamed: [Renamed] = []
    public var moved: [Moved] = []
    public var nodes: Count
    public var arcs: Count
    public var places: Count
    public var events: Count
    public var levels: Count
    public var profilesAdded: [String] = []
    public var profilesRemoved: [String] = []
    public var reachability: [Reachability] = []
    /// Why reachability was not compared, when one of the two bundles has no egress tables this
    /// reader reads (built without a graph, or before `EGRS` section version 2); `nil` when it was
    /// or when neither has any.
    public var reachabilityNotCompared: String?

    /// Whether nothing a reviewer looks at changed.
    public var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && renamed.isEmpty && moved.isEmpty && nodes.old == nodes.new
            && arcs.old == arcs.new && events.old == events.new && levels.old == levels.new && profilesAdded.isEmpty
            && profilesRemoved.isEmpty && reachability.allSatisfy { $0.lost.isEmpty && $0.gained.isEmpty }
            && reachabilityNotCompared == nil
    }
}
