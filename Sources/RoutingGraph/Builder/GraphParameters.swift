/// The knobs of graph derivation, set in the pipeline file's `graph` stage.
public struct GraphParameters: Hashable, Sendable, Codable {
    /// How far (metres) a door may lie from a space outline and still open into that space.
    public var doorTolerance = 0.5
    /// How far (metres) a point of interest outside any room may be from the node it attaches to.
    public var placeSnapDistance = 30.0
    /// Above this many doors and landings, a corridor is linked through its representative point
    /// rather than door to door, so the number of edges stays linear.
    public var maximumCorridorAnchors = 48
    /// Profiles to compile, by name (see ``RoutingProfile``).
    public var profiles = ["foot", "wheelchair"]

    public init() {}
}
