/// The knobs of graph derivation, set in the pipeline file's `graph` stage.
public struct GraphParameters: Hashable, Sendable {
    /// How far (metres) a door may lie from a space outline and still open into that space.
    public var doorTolerance = 0.5
    /// How far (metres) a point of interest outside any room may be from the node it attaches to.
    public var placeSnapDistance = 30.0
    /// How far (metres) paths inside a space keep from the wall corners they bend around.
    public var clearance = 0.3
    /// How far (metres) an entrance may be from an outdoor path and still be joined to it.
    public var entranceSnapDistance = 15.0
    /// Up to this many doors, landings and points in one space, each pair is linked by its own
    /// shortest path; above it, the space's visibility graph itself joins the routing graph so the
    /// number of edges grows with the space's visible pairs rather than with every pair of doors.
    public var maximumSpaceAnchors = 48
    /// Segment-against-wall tests one space may cost ((anchors + corners)² / 2 × walls); a space
    /// above it is linked straight through its centre and reported as too complex.
    public var maximumVisibilityWork = 40_000_000
    /// Profiles to compile, by name (see ``RoutingProfile``), with their overrides.
    public var profiles: [RoutingProfile] = [.foot, .wheelchair, .stepFree, .night]

    public init() {}
}
