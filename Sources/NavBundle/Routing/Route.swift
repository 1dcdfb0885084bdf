/// A route found in a bundle: the nodes and arcs it follows and what it costs.
public struct Route: Hashable, Sendable {
    public var profile: String
    /// Node indexes from start to destination.
    public var nodes: [Int]
    /// Arc indexes; `arcs[i]` leads from `nodes[i]` to `nodes[i + 1]`.
    public var arcs: [Int]
    /// Metres along the ground.
    public var length: Double
    /// Expected travel time in seconds for the profile (walking speeds, stairs, lift waits).
    public var duration: Double
    /// Seconds per arc when they are not the profile's everyday costs: a way out may pass
    /// emergency exits, which everyday routes may not use.
    public var arcSeconds: [Double]?
    /// The legs between its stops when it has via points (``Route/init(joining:)``); empty for a
    /// route of one leg.
    public var legs: [RouteLeg] = []

    public init(profile: String, nodes: [Int], arcs: [Int], length: Double, duration: Double, arcSeconds: [Double]? = nil) {
        self.profile = profile
        self.nodes = nodes
        self.arcs = arcs
        self.length = length
        self.duration = duration
        self.arcSeconds = arcSeconds
    }
}
