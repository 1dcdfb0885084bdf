public import NavFormat

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

    public init(profile: String, nodes: [Int], arcs: [Int], length: Double, duration: Double, arcSeconds: [Double]? = nil) {
        self.profile = profile
        self.nodes = nodes
        self.arcs = arcs
        self.length = length
        self.duration = duration
        self.arcSeconds = arcSeconds
    }
}

/// Why no route could be given.
public enum RouteError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownProfile(String, available: [String])
    /// The bundle was built without a graph stage: searchable, not routable.
    case noGraph
    case notConnected(String)
    case noRoute(from: String, to: String, profile: String)
    /// The bundle predates egress tables (format 0.1) or was built without a graph.
    case noEgress
    /// The bundle has no contraction hierarchy for the profile (its pipeline did not contract).
    case noHierarchy(String)
    /// The caller asked about a node the graph does not have: a mistake of the caller's, not
    /// damage in the file.
    case nodeOutOfRange(Int, nodeCount: Int)
    case bundle(ContainerError)

    public var description: String {
        switch self {
        case .unknownProfile(let name, let available):
            return "profile '\(name)' is not in this bundle (it has: \(available.joined(separator: ", ")))"
        case .noGraph:
            return "this bundle has no navigation graph (its pipeline has no graph stage): it can be searched, not routed"
        case .notConnected(let place):
            return "\(place) is not connected to the navigation graph"
        case .noRoute(let from, let to, let profile):
            return "no \(profile) route from \(from) to \(to)"
        case .noEgress:
            return "this bundle has no egress tables (it was built before format 0.2 or without a graph stage): rebuild it to find ways out"
        case .noHierarchy(let profile):
            return "this bundle has no contraction hierarchy for profile '\(profile)' (its pipeline has no contract stage)"
        case .nodeOutOfRange(let node, let count):
            return "node \(node) is not in this bundle's graph (its nodes are 0 to \(count - 1))"
        case .bundle(let error):
            return error.description
        }
    }
}
